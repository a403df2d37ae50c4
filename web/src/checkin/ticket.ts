import { DEFAULT_TICKET_TYPE } from '@shared/constants.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { ApiError, type ApiClient } from '../api/client.js';
import { ticketViewPath } from '../api/publicPaths.js';
import { formatEventDateTime } from '../events/format.js';

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
} as const;

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

/** When and by whom a checked-in ticket was checked in, in the organisation's time zone; null when not checked in. */
export function checkInDetails(ticket: Pick<TicketView, 'checkedIn' | 'checkedInAt' | 'checkedInBy'>): { at: string | null; by: string | null } | null {
  if (!ticket.checkedIn) return null;
  const at = ticket.checkedInAt ? formatEventDateTime(ticket.checkedInAt) : null;
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
