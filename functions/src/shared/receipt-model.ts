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

/** A card as a receipt shows it (issue 26 item 2): its brand ('visa') and last four digits, never more. */
export interface PaymentCard {
  brand: string;
  last4: string;
}

/** 'Visa ending in 4242'; '' when the card is not known (paid before cards were kept, or the provider did not say). */
export function cardLabel(card: PaymentCard | null | undefined): string {
  if (!card?.last4) return '';
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return `${brand} ending in ${card.last4}`;
}

/** The printable receipt's page of an order (issue 26 item 2), its key in the fragment: never sent to the server by the browser. */
export function receiptPath(orderId: string, key: string): string {
  return `/receipt/${encodeURIComponent(orderId)}#key=${encodeURIComponent(key)}`;
}

/** Wording of the printable receipt (issue 26 item 2), server and page alike. */
export const RECEIPT_MESSAGES = {
  /** A wrong, old or missing key, or no such order: the same answer, so nothing is learnt from it. */
  notFound: 'This receipt was not found. Open it from the link in your confirmation e-mail.',
  loadFailed: 'The receipt could not be loaded. Please try again.',
  noCard: 'Card details not available',
} as const;

/** A refund on the receipt: which ticket, how much came back (cents) and when. */
export interface ReceiptRefund {
  name: string;
  ticketType: string;
  amount: number;
  refundedAt: string | null;
}

/** POST /orders/:id/receipt (issue 26 item 2): an order's printable receipt; amounts in cents. */
export interface ReceiptReply {
  success: true;
  receipt: {
    orderId: string;
    organisation: { name: string; contactEmail: string; footerText: string };
    event: { title: string; date: string; location: string };
    buyer: { name: string; email: string };
    lines: ReceiptLine[];
    total: number;
    paidAt: string | null;
    card: PaymentCard | null;
    refunds: ReceiptRefund[];
    refundedTotal: number;
  };
}
