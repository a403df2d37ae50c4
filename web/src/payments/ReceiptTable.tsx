import { formatCents } from '@shared/payments-model.js';
import type { ReceiptLine } from '@shared/receipt-model.js';

/** A payment's date and time as receipts show it ('December 20, 2026 at 6:00 PM'); '' when absent or unreadable. */
export function receiptDateTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' }) : '';
}

/**
 * The lines of a receipt (issue 26 item 2): each ticket type with its quantity, unit and line
 * amounts, and the total. One table for the paid success page and the printable receipt, so the
 * two never disagree on what was bought.
 */
export function ReceiptTable({ lines, total, className }: { lines: ReceiptLine[]; total: number; className?: string }) {
  return (
    <table className={className}>
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
  );
}
