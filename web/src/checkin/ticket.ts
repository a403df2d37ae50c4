import { DEFAULT_TICKET_TYPE } from '@shared/constants.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { ApiError, type ApiClient } from '../api/client.js';
import { ticketViewPath } from '../api/publicPaths.js';
import { formatWhen, whenPhrase } from '../events/relativeTime.js';

/** The ticket page's wording (SPEC §2, §8). */
export const TICKET_TEXT = {
  title: 'Event Ticket',
  loading: 'Loading ticket information...',
  loadFailed: 'Error loading ticket information',
  contactStaff: 'Please contact event staff for assistance.',
  returnToEvents: 'Return to Events',
  checkedIn: 'Checked In',
  notCheckedIn: 'Not Checked In',
  present: 'Present this screen to event staff for check-in',
  cancelled: 'Cancelled',
  refunded: 'Cancelled and refunded',
  cancelledNote: 'This ticket was cancelled, so it cannot be used for entry.',
} as const;

/**
 * A cancelled or refunded ticket's badge and sentence (issue 24 item 8): 'Cancelled and refunded',
 * 'This ticket was cancelled, so it cannot be used for entry. It was refunded today at 7:05 PM MST.';
 * null for a valid ticket.
 */
export function cancellationText(ticket: Pick<TicketView, 'cancelled'>, now: Date = new Date()): { badge: string; note: string } | null {
  const cancelled = ticket.cancelled;
  if (!cancelled) return null;
  const when = whenPhrase(cancelled.at, now);
  const done = cancelled.refunded ? 'refunded' : 'cancelled';
  return {
    badge: cancelled.refunded ? TICKET_TEXT.refunded : TICKET_TEXT.cancelled,
    note: when ? `${TICKET_TEXT.cancelledNote} It was ${done} ${when}.` : TICKET_TEXT.cancelledNote,
  };
}

/** A failed ticket load: the server's message (404 'Ticket not found'), or 'Error loading ticket information'. */
export function ticketErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return TICKET_TEXT.loadFailed;
  if (error.code === 'TICKET_NOT_FOUND' || error.code === 'NOT_FOUND') return error.serverMessage ?? RSVP_MESSAGES.ticketNotFound;
  return error.serverMessage ?? TICKET_TEXT.loadFailed;
}

/** The badge: 'Checked In' or 'Not Checked In'. */
export function checkInBadge(ticket: Pick<TicketView, 'checkedIn'>): string {
  return ticket.checkedIn ? TICKET_TEXT.checkedIn : TICKET_TEXT.notCheckedIn;
}

/** When ('2 minutes ago', 'Today at 7:05 PM MST', else the date) and by whom a ticket was checked in; null when not checked in. */
export function checkInDetails(ticket: Pick<TicketView, 'checkedIn' | 'checkedInAt' | 'checkedInBy'>, now: Date = new Date()): { at: string | null; by: string | null } | null {
  if (!ticket.checkedIn) return null;
  const at = formatWhen(ticket.checkedInAt, now) || null;
  const by = ticket.checkedInBy?.trim() || null;
  return { at, by };
}

/** The ticket type, General when the record has none. */
export function ticketTypeText(ticket: Pick<TicketView, 'attendee'>): string {
  return ticket.attendee.ticketType?.trim() || DEFAULT_TICKET_TYPE;
}

/** The event page of a ticket's event: /{customUrl or id}. */
export function ticketEventPath(ticket: Pick<TicketView, 'event'>): string {
  return `/${ticket.event.customUrl || ticket.event.id}`;
}

/** The ticket, when the boot script's reply for it is already in (given once); else undefined: ask getTicket. */
export function arrivedTicket(client: Pick<ApiClient, 'arrived'>, ticketId: string): TicketView | undefined {
  const ticket = client.arrived<{ ticket?: TicketView }>(ticketViewPath(ticketId))?.ticket;
  return ticket && typeof ticket === 'object' ? ticket : undefined;
}

/** GET /checkin/{ticketId}?format=json, publicly: the ticket holder's view. */
export function getTicket(client: Pick<ApiClient, 'request'>, ticketId: string, signal?: AbortSignal): Promise<TicketView> {
  return client
    .request<{ ticket: TicketView }>(ticketViewPath(ticketId), { signal }, RSVP_MESSAGES.ticketNotFound)
    .then((r) => r.ticket);
}
