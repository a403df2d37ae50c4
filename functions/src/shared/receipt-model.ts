/**
 * An order's receipt (issue 26 item 2), without zod and apart from payments-model: that module is in
 * every page's first script, the receipt only on the pages that show one.
 */

/** One line of an order's receipt (issue 26 item 2): a ticket type, how many, at what price (cents). */
export interface ReceiptLine {
  ticketType: string;
  quantity: number;
  unit: number;
  amount: number;
}

/** An order's tickets as receipt lines, one per type and price, in the order the types first appear. */
export function receiptLines(tickets: { ticketType: string; price: number }[]): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  for (const ticket of tickets) {
    const line = lines.find((entry) => entry.ticketType === ticket.ticketType && entry.unit === ticket.price);
    if (line) {
      line.quantity += 1;
      line.amount += ticket.price;
    } else lines.push({ ticketType: ticket.ticketType, quantity: 1, unit: ticket.price, amount: ticket.price });
  }
  return lines;
}
