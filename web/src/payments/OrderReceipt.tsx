import { cardLabel, receiptLines, type PaymentCard } from '@shared/receipt-model.js';
import type { OrderTicketReply } from '@shared/rsvps-model.js';
import { ReceiptTable, receiptDateTime } from './ReceiptTable.js';
import './order-receipt.css';

/**
 * A paid order's receipt (issue 26 item 2): each ticket type with its quantity, unit and line amounts,
 * the total and the payment's date, amounts from the shared money helpers; the card's brand and last
 * four where the provider told, and a link to the printable receipt.
 */
export function OrderReceipt({ tickets, paidAt, card, receiptUrl }: { tickets: OrderTicketReply[]; paidAt?: string; card?: PaymentCard | null; receiptUrl?: string }) {
  const paidWith = cardLabel(card);
  const lines = receiptLines(tickets);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const paid = receiptDateTime(paidAt);
  return (
    <section className="order-receipt" aria-label="Receipt">
      <h4>Receipt</h4>
      <ReceiptTable lines={lines} total={total} />
      {paid ? (
        <p className="order-receipt-date">
          Paid on {paid}
          {paidWith ? ` with ${paidWith}` : ''}
        </p>
      ) : null}
      {receiptUrl ? (
        <p className="order-receipt-link">
          <a href={receiptUrl} target="_blank" rel="noopener">
            Printable receipt
          </a>
        </p>
      ) : null}
    </section>
  );
}
