import { googleCalendarUrl, ticketCalendarPath } from '@shared/calendar-model.js';
import { DEFAULT_TICKET_TYPE } from '@shared/constants.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { TICKET_TRANSFERRED_TEXT } from '@shared/self-service-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { API_BASE, ApiError, type ApiClient } from '../api/client.js';
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
  transferred: 'Transferred',
  cancelledNote: 'This ticket was cancelled, so it cannot be used for entry.',
  qrLabel: 'QR code of your ticket, to be scanned at the door',
  calendar: 'Add to calendar',
  googleCalendar: 'Google Calendar',
  downloadIcs: 'Download .ics',
  savedOnDevice: 'No connection: this is the copy of your ticket saved on this device.',
  lastUpdated: 'Last updated',
  cantCome: "Can't come? Cancel your ticket",
} as const;

/**
 * A ticket as the page shows it: the API's view, plus `savedAt` when the reply is the copy the
 * ticket's service worker kept (ticket-sw.js answers with it when the network failed): when that
 * copy was fetched, so the holder knows it may be out of date.
 */
export type ShownTicket = TicketView & { savedAt?: string };

/** The reply of GET /checkin/{id}?format=json, as the API or the ticket's service worker gives it. */
interface TicketReply {
  ticket: TicketView;
  savedAt?: unknown;
}

function shown(reply: TicketReply): ShownTicket {
  return typeof reply.savedAt === 'string' ? { ...reply.ticket, savedAt: reply.savedAt } : reply.ticket;
}

/** The ticket page's address (its own absolute URL): what the calendar entry links to. */
export function ticketPageUrl(ticketId: string, origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}/checkin/${encodeURIComponent(ticketId)}`;
}

/** 'Add to calendar': a Google Calendar link and the ticket's .ics file (the API's, issue 25 item 2). */
export function calendarLinks(ticket: Pick<TicketView, 'id' | 'event'>, origin?: string): { google: string; ics: string } {
  return {
    google: googleCalendarUrl({ title: ticket.event.title, start: ticket.event.date, end: ticket.event.endDate, location: ticket.event.location, ticketUrl: ticketPageUrl(ticket.id, origin) }),
    ics: `${API_BASE}${ticketCalendarPath(ticket.id)}`,
  };
}

/**
 * The ticket's reply as the API gave it (ticket-sw.js keeps it for a visit with no network), from
 * the ticket the page shows, dated now (the page hands it over once its first screen is shown, a
 * moment after it arrived); null for a copy that came from the worker itself.
 */
export function keptTicketReply(ticket: ShownTicket, now: Date = new Date()): { url: string; body: { success: true; ticket: TicketView }; savedAt: string } | null {
  if (ticket.savedAt) return null;
  const { savedAt: _kept, ...view } = ticket;
  return { url: `${API_BASE}${ticketViewPath(ticket.id)}`, body: { success: true, ticket: view }, savedAt: now.toISOString() };
}

/** 'Last updated 2 minutes ago' for a kept copy; null when the ticket came from the network. */
export function savedCopyText(ticket: Pick<ShownTicket, 'savedAt'>, now: Date = new Date()): string | null {
  if (!ticket.savedAt) return null;
  const when = formatWhen(ticket.savedAt, now);
  return when ? `${TICKET_TEXT.lastUpdated} ${when.charAt(0).toLowerCase()}${when.slice(1)}.` : null;
}

/**
 * A cancelled or refunded ticket's badge and sentence (issue 24 item 8): 'Cancelled and refunded',
 * 'This ticket was cancelled, so it cannot be used for entry. It was refunded today at 7:05 PM MST.';
 * a transferred one's (issue 25 item 5): 'This ticket was given to someone else and is no longer
 * valid. It was transferred on …'; null for a valid ticket.
 */
export function cancellationText(ticket: Pick<TicketView, 'cancelled'>, now: Date = new Date()): { badge: string; note: string } | null {
  const cancelled = ticket.cancelled;
  if (!cancelled) return null;
  const when = whenPhrase(cancelled.at, now);
  if (cancelled.transferred) return { badge: TICKET_TEXT.transferred, note: when ? `${TICKET_TRANSFERRED_TEXT} It was transferred ${when}.` : TICKET_TRANSFERRED_TEXT };
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
export function arrivedTicket(client: Pick<ApiClient, 'arrived'>, ticketId: string): ShownTicket | undefined {
  const reply = client.arrived<Partial<TicketReply>>(ticketViewPath(ticketId));
  return reply?.ticket && typeof reply.ticket === 'object' ? shown(reply as TicketReply) : undefined;
}

/** GET /checkin/{ticketId}?format=json, publicly: the ticket holder's view. */
export function getTicket(client: Pick<ApiClient, 'request'>, ticketId: string, signal?: AbortSignal): Promise<ShownTicket> {
  return client.request<TicketReply>(ticketViewPath(ticketId), { signal }, RSVP_MESSAGES.ticketNotFound).then(shown);
}
