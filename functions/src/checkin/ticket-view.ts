import type { CheckedInAttendee, DoorListEntry, DoorListReply } from '../shared/checkin-model.js';
import type { EventRecord } from '../shared/events-model.js';
import type { RsvpRecord, TicketView } from '../shared/rsvps-model.js';
import { ticketQrSvgPath } from '../qr/codes.js';
import { checkInUrl } from '../mail/templates/render.js';

/*
 * The allowlist mappers of check-in replies: every field listed, never a spread
 * of a stored document, so an audit field or an address never leaks into a reply.
 */

/** What the ticket holder and the door see (SPEC §3 'Ticket lookup result'); `cancelled` for a ticket no longer valid. */
export function toTicketView(rsvp: RsvpRecord, event: Omit<EventRecord, 'attendeeCount'>, cancelled?: TicketView['cancelled']): TicketView {
  return {
    id: rsvp.id,
    attendee: { name: rsvp.name, email: rsvp.email, ticketType: rsvp.ticketType },
    event: { id: event.id, title: event.title, date: event.date, location: event.location, customUrl: event.customUrl, ...(event.endDate ? { endDate: event.endDate } : {}) },
    checkedIn: rsvp.checkedIn,
    checkedInAt: rsvp.checkedInAt,
    checkedInBy: rsvp.checkedInBy,
    ...(cancelled ? { cancelled: { refunded: cancelled.refunded, at: cancelled.at, ...(cancelled.transferred ? { transferred: true } : {}) } } : {}),
  };
}

/**
 * The ticket page's view: with the QR code of the e-mail (the same check-in URL) while the ticket is
 * valid; a cancelled ticket carries no code, so its page has nothing a door could scan.
 */
export function withTicketQr(view: TicketView, siteUrl: string): TicketView {
  return view.cancelled ? view : { ...view, qr: ticketQrSvgPath(checkInUrl(siteUrl, view.id)) };
}

/**
 * Whether a cancelled RSVP had a ticket, and so a ticket page that says it was cancelled: it was
 * free or paid (a hold cancelled before its payment never had one). The time is the refund's when
 * there was one, else the admin's cancellation's, as stored.
 */
export function cancelledTicket(rsvp: {
  status: string;
  paymentStatus: string;
  refundedAt?: string | null;
  cancelledAt?: string | null;
  transferredTo?: unknown;
  transferredAt?: string | null;
}): TicketView['cancelled'] | null {
  if (rsvp.status !== 'cancelled') return null;
  // Given on (issue 25 item 5): its page says so, and its payment went with it to the new ticket.
  if (rsvp.transferredTo) return { refunded: false, at: rsvp.transferredAt ?? null, transferred: true };
  if (rsvp.paymentStatus === 'refunded') return { refunded: true, at: rsvp.refundedAt ?? rsvp.cancelledAt ?? null };
  if (rsvp.paymentStatus === 'free' || rsvp.paymentStatus === 'paid') return { refunded: false, at: rsvp.cancelledAt ?? null };
  return null;
}

/** One line of 'Checked-In Attendees' (only called for checked-in RSVPs). */
export function toCheckedInAttendee(rsvp: RsvpRecord): CheckedInAttendee {
  return {
    id: rsvp.id,
    name: rsvp.name,
    email: rsvp.email,
    ticketType: rsvp.ticketType,
    checkedInAt: rsvp.checkedInAt ?? '',
    checkedInBy: rsvp.checkedInBy,
  };
}

/** What a door keeps on the device: only what admission needs (no address, no amounts). */
export function doorListEntryOf(rsvp: RsvpRecord): DoorListEntry {
  return {
    id: rsvp.id,
    eventId: rsvp.eventId,
    name: rsvp.name,
    email: rsvp.email,
    ticketType: rsvp.ticketType,
    status: rsvp.status,
    paymentStatus: rsvp.paymentStatus,
    checkedIn: rsvp.checkedIn,
    checkedInAt: rsvp.checkedInAt,
    checkedInBy: rsvp.checkedInBy,
    ...(rsvp.transferredTo ? { transferred: true } : {}),
  };
}

export function doorListEventOf(event: Omit<EventRecord, 'attendeeCount'>): DoorListReply['event'] {
  return { id: event.id, title: event.title, date: event.date, location: event.location };
}
