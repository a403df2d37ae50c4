import type { Clock } from '../clock.js';
import { findEvent } from '../events/repository.js';
import { RuleError } from '../rule-error.js';
import { ORDERS, RSVPS } from '../rsvps/repository.js';
import { RECEIPT_MESSAGES, receiptLines, type ReceiptReply } from '../shared/receipt-model.js';
import type { DocumentStore } from '../store/port.js';
import type { ThemeService } from '../theme/service.js';
import { mintReceiptLink, receiptKeyMatches } from './keys.js';

/** Any refusal of a receipt: the same answer for no order and a wrong key (nothing to learn from it). */
function receiptNotFound() {
  return new RuleError('RECEIPT_NOT_FOUND', RECEIPT_MESSAGES.notFound, 'not-found');
}

/**
 * An order's printable receipt (issue 26 item 2): what was bought and paid, with which card, and
 * what has been refunded since, to whoever holds the link's key; the organisation's name and
 * contact from the theme.
 */
export function createReceiptService({ store, theme, siteUrl }: { store: DocumentStore; clock: Clock; theme: Pick<ThemeService, 'get'>; siteUrl: string }) {
  return {
    async view(orderId: string, key: string): Promise<ReceiptReply> {
      if (!key || !(await receiptKeyMatches(store, orderId, key))) throw receiptNotFound();
      const order = await store.get(ORDERS, orderId);
      if (!order) throw receiptNotFound();
      const tickets = (await Promise.all(order.data.rsvpIds.map((id) => store.get(RSVPS, id)))).filter((doc) => doc !== null);
      const [event, site] = await Promise.all([findEvent(store, order.data.eventId), theme.get()]);
      // What was bought: each ticket at the price paid (the price due while unpaid).
      const lines = receiptLines(tickets.map((ticket) => ({ ticketType: ticket.data.ticketType ?? '', price: ticket.data.amountPaid || ticket.data.amountDue })));
      const refunds = tickets
        .filter((ticket) => (ticket.data.amountRefunded ?? 0) > 0)
        .map((ticket) => ({ name: ticket.data.name, ticketType: ticket.data.ticketType ?? '', amount: ticket.data.amountRefunded ?? 0, refundedAt: ticket.data.refundedAt ?? null }));
      return {
        success: true,
        receipt: {
          orderId,
          organisation: { name: site.siteName, contactEmail: site.contactEmail, footerText: site.footerText },
          event: { title: event?.data.title ?? '', date: event?.data.date ?? '', location: event?.data.location ?? '' },
          buyer: { name: order.data.name, email: order.data.email },
          lines,
          total: lines.reduce((sum, line) => sum + line.amount, 0),
          paidAt: order.data.paidAt,
          // Orders paid before cards were kept read as 'no card details'.
          card: order.data.card ?? null,
          refunds,
          refundedTotal: refunds.reduce((sum, refund) => sum + refund.amount, 0),
        },
      };
    },

    /** A fresh link to the receipt, for the paid success page (the caller proved it paid). */
    link(orderId: string): Promise<string> {
      return mintReceiptLink(store, siteUrl, orderId, 'page');
    },
  };
}
export type ReceiptService = ReturnType<typeof createReceiptService>;
