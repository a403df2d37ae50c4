import { formatCents } from '@shared/payments-model.js';
import { cardLabel, receiptLines, type PaymentCard } from '@shared/receipt-model.js';
import type { OrderTicketReply } from '@shared/rsvps-model.js';
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
  const paid = paidAt ? new Date(paidAt) : null;
  return (
    <section className="order-receipt" aria-label="Receipt">
      <h4>Receipt</h4>
      <table>
        <thead>
          <tr>
            <th scope="col">Ticket</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.ticketType}-${line.unit}`}>
              <td>{line.ticketType}</td>
              <td>{line.quantity}</td>
              <td>{formatCents(line.unit)}</td>
              <td>{formatCents(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td>{formatCents(total)}</td>
          </tr>
        </tfoot>
      </table>
      {paid && !Number.isNaN(paid.getTime()) ? (
        <p className="order-receipt-date">
          Paid on {paid.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })}
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
