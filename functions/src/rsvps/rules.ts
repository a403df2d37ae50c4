import { defaultTicketType, type EventRecord } from '../shared/events-model.js';
import { dollarsToCents } from '../shared/payments-model.js';
import { MESSAGES } from '../shared/messages.js';
import { RuleError } from '../rule-error.js';
import { PAYMENT_HOLD_MS, RSVP_MESSAGES, type RsvpRecord } from '../shared/rsvps-model.js';
import type { RsvpInput } from '../shared/rsvps.js';

/** The ticket type asked for, or the default (General when offered, else the first type). */
export function resolveTicketType(event: Pick<EventRecord, 'ticketTypes'>, requested: string): string {
  if (!requested) return defaultTicketType(event);
  const offered = event.ticketTypes.find((type) => type.toLowerCase() === requested.toLowerCase());
  if (!offered) throw new RuleError('INVALID_TICKET', RSVP_MESSAGES.invalidTicket, 'invalid', 'ticketType');
  return offered;
}

/** What the ticket costs, in cents; a paid event's ticket must cost more than 0. */
export function ticketPriceCents(event: Pick<EventRecord, 'requiresPayment' | 'ticketPrices'>, ticketType: string): number {
  if (!event.requiresPayment) return 0;
  const dollars = event.ticketPrices[ticketType];
  if (typeof dollars !== 'number' || !(dollars > 0)) throw new RuleError('INVALID_TICKET', RSVP_MESSAGES.invalidTicket, 'invalid', 'ticketType');
  return dollarsToCents(dollars);
}

export function hasFreeSeat(event: Pick<EventRecord, 'maxAttendees' | 'attendeeCount'>) {
  return event.maxAttendees === null || event.attendeeCount < event.maxAttendees;
}

export function assertOpenForRegistration(event: Pick<EventRecord, 'isActive' | 'isArchived' | 'maxAttendees' | 'attendeeCount'>) {
  if (!event.isActive || event.isArchived) throw new RuleError('EVENT_NOT_FOUND', MESSAGES.eventNotFound, 'not-found');
  if (!hasFreeSeat(event)) throw new RuleError('EVENT_FULL', RSVP_MESSAGES.eventFull, 'conflict');
}

/** A new RSVP: confirmed when free, holding its seat until paid otherwise. */
export function newRsvp(
  event: Pick<EventRecord, 'id'>,
  input: RsvpInput,
  ticketType: string,
  amountDue: number,
  now: Date,
): Omit<RsvpRecord, 'id'> {
  const paid = amountDue > 0;
  return {
    eventId: event.id,
    name: input.name,
    email: input.email.toLowerCase(),
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    ticketType,
    additionalInfo: input.additionalInfo,
    status: paid ? 'pending_payment' : 'confirmed',
    paymentStatus: paid ? 'pending' : 'free',
    amountDue,
    amountPaid: 0,
    amountRefunded: 0,
    refundedAt: null,
    paymentIntentId: null,
    holdExpiresAt: paid ? new Date(now.getTime() + PAYMENT_HOLD_MS).toISOString() : null,
    createdAt: now.toISOString(),
    checkedIn: false,
    checkedInAt: null,
    checkedInBy: null,
  };
}

/** Which e-mail a confirmed RSVP receives: a QR ticket, or a plain confirmation in RSVP-only mode. */
export function confirmationMailKind(event: Pick<EventRecord, 'generateTickets'>): 'ticket' | 'rsvpConfirmation' {
  return event.generateTickets ? 'ticket' : 'rsvpConfirmation';
}

/** RSVPs that hold a seat: confirmed ones and paid ones still pending. */
export function holdsSeat(rsvp: Pick<RsvpRecord, 'status'>) {
  return rsvp.status === 'confirmed' || rsvp.status === 'pending_payment';
}

/** A payment an admin can give back: paid through the provider, money received, not refunded yet. */
export function isRefundable(rsvp: Pick<RsvpRecord, 'paymentStatus' | 'amountPaid' | 'paymentIntentId'>) {
  return rsvp.paymentStatus === 'paid' && rsvp.amountPaid > 0 && Boolean(rsvp.paymentIntentId);
}
