import { defaultTicketType, type EventRecord } from '../shared/events-model.js';
import { dollarsToCents } from '../shared/payments-model.js';
import { MESSAGES } from '../shared/messages.js';
import { SELF_SERVICE_MESSAGES } from '../shared/self-service-model.js';
import { RuleError } from '../rule-error.js';
import {
  comparableName,
  CONFIRMATION_HOLD_MS,
  PAYMENT_HOLD_MS,
  REPEAT_RESEND_INTERVAL_MS,
  registrationHasClosed,
  registrationLimitMessage,
  RSVP_MESSAGES,
  SEAT_HOLDING_STATUSES,
  type RsvpRecord,
} from '../shared/rsvps-model.js';
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

/** Visitors register for public events that have not started yet (the clock is the injected one). */
export function assertAcceptingRegistrations(event: Pick<EventRecord, 'isActive' | 'isArchived' | 'date'>, now: Date) {
  if (!event.isActive || event.isArchived) throw new RuleError('EVENT_NOT_FOUND', MESSAGES.eventNotFound, 'not-found');
  if (registrationHasClosed(event, now.getTime())) throw new RuleError('REGISTRATION_CLOSED', RSVP_MESSAGES.registrationClosed, 'conflict');
}

/**
 * A registration that counts toward the per-e-mail limit and makes a repeat a duplicate:
 * confirmed, or a hold (unpaid, or waiting for its e-mail confirmation) that has not run
 * out. Cancelled, refunded and released ones do not.
 */
export function isActiveRegistration(rsvp: Pick<RsvpRecord, 'status' | 'holdExpiresAt'>, nowIso: string): boolean {
  if (rsvp.status === 'confirmed') return true;
  return isRunningHold(rsvp, nowIso);
}

/** An unpaid or unconfirmed registration whose seat is still held at `nowIso`. */
export function isRunningHold(rsvp: Pick<RsvpRecord, 'status' | 'holdExpiresAt'>, nowIso: string): boolean {
  return (rsvp.status === 'pending_payment' || rsvp.status === 'pending_confirmation') && rsvp.holdExpiresAt !== null && rsvp.holdExpiresAt > nowIso;
}

/** The registration among `active` (one e-mail's) made under the same name, compared loosely. */
export function findSamePerson<T extends { data: Pick<RsvpRecord, 'name'> }>(active: T[], name: string): T | undefined {
  const wanted = comparableName(name);
  return active.find((doc) => comparableName(doc.data.name) === wanted);
}

/** One e-mail address may hold at most the event's maxRegistrationsPerEmail registrations. */
export function assertUnderEmailLimit(event: Pick<EventRecord, 'maxRegistrationsPerEmail'>, activeForEmail: number) {
  if (activeForEmail >= event.maxRegistrationsPerEmail) {
    throw new RuleError('REGISTRATION_LIMIT_REACHED', registrationLimitMessage(event.maxRegistrationsPerEmail), 'conflict', 'email');
  }
}

/** A repeated registration sends the e-mail again at most once an hour per RSVP. */
export function canResendOnRepeat(lastResentAt: string | null | undefined, now: Date): boolean {
  return !lastResentAt || now.getTime() - Date.parse(lastResentAt) >= REPEAT_RESEND_INTERVAL_MS;
}

/**
 * A new RSVP: confirmed when free, holding its seat until paid when not, or until the link
 * e-mailed to it is opened when the event confirms by e-mail.
 */
export function newRsvp(
  event: Pick<EventRecord, 'id' | 'confirmByEmail'>,
  input: RsvpInput,
  ticketType: string,
  amountDue: number,
  now: Date,
): Omit<RsvpRecord, 'id'> {
  const paid = amountDue > 0;
  const byEmail = !paid && event.confirmByEmail;
  const holdMs = paid ? PAYMENT_HOLD_MS : byEmail ? CONFIRMATION_HOLD_MS : null;
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
    status: paid ? 'pending_payment' : byEmail ? 'pending_confirmation' : 'confirmed',
    paymentStatus: paid ? 'pending' : 'free',
    amountDue,
    amountPaid: 0,
    amountRefunded: 0,
    refundedAt: null,
    paymentIntentId: null,
    holdExpiresAt: holdMs === null ? null : new Date(now.getTime() + holdMs).toISOString(),
    createdAt: now.toISOString(),
    checkedIn: false,
    checkedInAt: null,
    checkedInBy: null,
  };
}

/**
 * Consent to marketing (issue 11): only an event with a Mailchimp audience offers the
 * 'Keep me informed about future events' box, so only there can it be ticked; elsewhere
 * a ticked value sent anyway is not recorded as consent.
 */
export function keepInformedConsent(event: Pick<EventRecord, 'mailchimpAudienceId'>, ticked: boolean | undefined): boolean {
  return ticked === true && event.mailchimpAudienceId.trim() !== '';
}

/** Which e-mail a confirmed RSVP receives: a QR ticket, or a plain confirmation in RSVP-only mode. */
export function confirmationMailKind(event: Pick<EventRecord, 'generateTickets'>): 'ticket' | 'rsvpConfirmation' {
  return event.generateTickets ? 'ticket' : 'rsvpConfirmation';
}

/**
 * What a repeated registration sends to the address on file (issue 23: the reply itself says
 * nothing of it): the ticket of a confirmed one, the link of a hold still waiting for its
 * confirmation or its payment.
 */
export function repeatMailKind(event: Pick<EventRecord, 'generateTickets'>, rsvp: Pick<RsvpRecord, 'status'>) {
  if (rsvp.status === 'pending_confirmation') return 'confirmRegistration' as const;
  if (rsvp.status === 'pending_payment') return 'paymentLink' as const;
  return confirmationMailKind(event);
}

/** RSVPs that hold a seat: confirmed ones and paid ones still pending. */
export function holdsSeat(rsvp: Pick<RsvpRecord, 'status'>) {
  return SEAT_HOLDING_STATUSES.includes(rsvp.status);
}

/** A payment an admin can give back: paid through the provider, money received, not refunded yet. */
export function isRefundable(rsvp: Pick<RsvpRecord, 'paymentStatus' | 'amountPaid' | 'paymentIntentId'>) {
  return rsvp.paymentStatus === 'paid' && rsvp.amountPaid > 0 && Boolean(rsvp.paymentIntentId);
}

/** What an attendee's 'Cancel my ticket' comes to (issue 25 item 4): cancel now, or why not. */
export type SelfCancelDecision = { outcome: 'cancel' } | { outcome: 'refused'; code: 'ALREADY_CANCELLED' | 'CANCEL_CLOSED'; message: string };

/**
 * Decides an attendee's own cancel (pure, like checkin/rules.ts decideCheckIn), on the RSVP and event
 * read in the cancelling transaction: a confirmed ticket, not checked in, before the event starts.
 * A paid ticket is not cancelled here yet: its refund goes through the organisers (no money moves
 * without the refund rule, which is not built yet).
 */
export function decideSelfCancel(
  rsvp: Pick<RsvpRecord, 'status' | 'checkedIn' | 'paymentStatus' | 'amountPaid'>,
  event: Pick<EventRecord, 'date'>,
  now: Date,
): SelfCancelDecision {
  if (rsvp.status === 'cancelled') return { outcome: 'refused', code: 'ALREADY_CANCELLED', message: SELF_SERVICE_MESSAGES.alreadyCancelled };
  if (rsvp.status !== 'confirmed') return { outcome: 'refused', code: 'CANCEL_CLOSED', message: SELF_SERVICE_MESSAGES.cancelNotConfirmed };
  if (rsvp.checkedIn) return { outcome: 'refused', code: 'CANCEL_CLOSED', message: SELF_SERVICE_MESSAGES.cancelCheckedIn };
  if (registrationHasClosed(event, now.getTime())) return { outcome: 'refused', code: 'CANCEL_CLOSED', message: SELF_SERVICE_MESSAGES.cancelAfterStart };
  if (rsvp.paymentStatus === 'paid' || rsvp.amountPaid > 0) return { outcome: 'refused', code: 'CANCEL_CLOSED', message: SELF_SERVICE_MESSAGES.paidCancelByOrganiser };
  return { outcome: 'cancel' };
}
