import { EVENT_CANCELLED_TEXT, defaultTicketType, registrationIsClosed, type EventRecord } from '../shared/events-model.js';
import { dollarsToCents } from '../shared/payments-model.js';
import { MESSAGES } from '../shared/messages.js';
import { SELF_SERVICE_MESSAGES, TRANSFER_LIMIT, type RefundTerms } from '../shared/self-service-model.js';

const HOUR_MS = 60 * 60 * 1000;
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

/** A new RSVP's fields: the record less what only a cancel or a transfer writes. */
type StoredRsvpFields = Omit<RsvpRecord, 'id' | 'cancelledAt' | 'cancelledBy' | 'refundRequestedAt' | 'transferredTo' | 'transferredFrom' | 'transferredAt'>;

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
export function assertAcceptingRegistrations(event: Pick<EventRecord, 'isActive' | 'isArchived' | 'date' | 'registrationClosesAt' | 'cancelledAt'>, now: Date) {
  refuseGoneOrCancelled(event);
  // From the 'Registration closes' time, if set (issue 26 item 4), else from the start.
  if (registrationIsClosed(event, now.getTime())) throw new RuleError('REGISTRATION_CLOSED', RSVP_MESSAGES.registrationClosed, 'conflict');
}

/**
 * Paying a hold already running (issue 26 item 4): it was taken before registration closed, so it may
 * still be paid within its window after the deadline (the buyer was promised those 30 minutes), but
 * not once the event has started, nor for an event taken off the site or cancelled.
 */
export function assertHoldPayable(event: Pick<EventRecord, 'isActive' | 'isArchived' | 'date' | 'cancelledAt'>, now: Date) {
  refuseGoneOrCancelled(event);
  if (registrationHasClosed(event, now.getTime())) throw new RuleError('REGISTRATION_CLOSED', RSVP_MESSAGES.registrationClosed, 'conflict');
}

function refuseGoneOrCancelled(event: Pick<EventRecord, 'isActive' | 'isArchived' | 'cancelledAt'>) {
  if (!event.isActive || event.isArchived) throw new RuleError('EVENT_NOT_FOUND', MESSAGES.eventNotFound, 'not-found');
  // Issue 26 item 3: a cancelled event takes nobody, whatever its page or a stale tab still shows (registration is closed;
  // its own code would put bytes in every public page's error list for a message that says it all).
  if (event.cancelledAt) throw new RuleError('REGISTRATION_CLOSED', EVENT_CANCELLED_TEXT, 'conflict');
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
): StoredRsvpFields {
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
export function isRefundable(rsvp: Pick<RsvpRecord, 'paymentStatus' | 'amountPaid' | 'paymentIntentId'> & { transferredTo?: unknown }) {
  // A ticket given on (issue 25) passed its payment to the new ticket, which alone may be refunded.
  return rsvp.paymentStatus === 'paid' && rsvp.amountPaid > 0 && Boolean(rsvp.paymentIntentId) && !rsvp.transferredTo;
}

/** The fields of a stored RSVP the attendee's own cancel and transfer decide on (issue 25). */
export type SelfServiceRsvp = Pick<RsvpRecord, 'status' | 'checkedIn' | 'paymentStatus' | 'amountPaid' | 'paymentIntentId'> & {
  refundUntilHoursBefore?: number | null;
  transferredTo?: { id: string; name: string } | null;
  transferCount?: number;
};

/**
 * A paid ticket's refund rule applied to `now` (issue 25 item 4): the rule kept on the ticket when it
 * was paid (a ticket paid before the rule existed takes the event's), measured back from the event's
 * current start. Null for a ticket that was not paid.
 */
export function refundTerms(
  rsvp: Pick<SelfServiceRsvp, 'paymentStatus' | 'amountPaid' | 'paymentIntentId' | 'refundUntilHoursBefore'>,
  event: Pick<EventRecord, 'date' | 'refundUntilHoursBefore'>,
  now: Date,
): RefundTerms | null {
  if (rsvp.paymentStatus !== 'paid' || rsvp.amountPaid <= 0) return null;
  const hours = rsvp.refundUntilHoursBefore !== undefined ? rsvp.refundUntilHoursBefore : event.refundUntilHoursBefore;
  const start = Date.parse(event.date);
  const until = hours === null || !Number.isFinite(start) || !rsvp.paymentIntentId ? null : start - hours * HOUR_MS;
  return {
    amount: rsvp.amountPaid,
    refundableUntil: until === null ? null : new Date(until).toISOString(),
    refundDue: until !== null && now.getTime() < until,
  };
}

/** Why a ticket that is no longer valid cannot be cancelled or given on, in the attendee's words. */
function noLongerValid(rsvp: Pick<SelfServiceRsvp, 'transferredTo'>) {
  return rsvp.transferredTo
    ? { outcome: 'refused' as const, code: 'TICKET_TRANSFERRED' as const, message: SELF_SERVICE_MESSAGES.ticketTransferred }
    : { outcome: 'refused' as const, code: 'ALREADY_CANCELLED' as const, message: SELF_SERVICE_MESSAGES.alreadyCancelled };
}

/** What an attendee's 'Cancel my ticket' comes to (issue 25 item 4): cancel now (with the refund due, if any), or why not. */
export type SelfCancelDecision =
  | { outcome: 'cancel'; refund: RefundTerms | null }
  | { outcome: 'refused'; code: 'ALREADY_CANCELLED' | 'TICKET_TRANSFERRED' | 'CANCEL_CLOSED'; message: string };

/**
 * Decides an attendee's own cancel (pure, like checkin/rules.ts decideCheckIn), on the RSVP and event
 * read in the cancelling transaction: a confirmed ticket, not checked in, before the event starts.
 * A paid ticket is cancelled under its refund rule: refunded in full until the deadline, then not at all.
 */
export function decideSelfCancel(rsvp: SelfServiceRsvp, event: Pick<EventRecord, 'date' | 'refundUntilHoursBefore'>, now: Date): SelfCancelDecision {
  if (rsvp.status === 'cancelled') return noLongerValid(rsvp);
  if (rsvp.status !== 'confirmed') return { outcome: 'refused', code: 'CANCEL_CLOSED', message: SELF_SERVICE_MESSAGES.cancelNotConfirmed };
  if (rsvp.checkedIn) return { outcome: 'refused', code: 'CANCEL_CLOSED', message: SELF_SERVICE_MESSAGES.cancelCheckedIn };
  if (registrationHasClosed(event, now.getTime())) return { outcome: 'refused', code: 'CANCEL_CLOSED', message: SELF_SERVICE_MESSAGES.cancelAfterStart };
  // Money in a state the rule does not cover (a payment being given back, say) stays with the organisers.
  if (rsvp.paymentStatus !== 'free' && rsvp.paymentStatus !== 'paid') return { outcome: 'refused', code: 'CANCEL_CLOSED', message: SELF_SERVICE_MESSAGES.paidCancelByOrganiser };
  return { outcome: 'cancel', refund: refundTerms(rsvp, event, now) };
}

/** What giving a ticket to someone else comes to (issue 25 item 5), before the new holder is checked. */
export type TransferDecision =
  | { outcome: 'transfer' }
  | { outcome: 'refused'; code: 'ALREADY_CANCELLED' | 'TICKET_TRANSFERRED' | 'TRANSFER_CLOSED' | 'TRANSFER_LIMIT'; message: string };

/** Decides a transfer on the RSVP and event read in the transferring transaction (pure): as a cancel, plus the limit of hand-ons. */
export function decideTransfer(rsvp: SelfServiceRsvp, event: Pick<EventRecord, 'date'>, now: Date): TransferDecision {
  if (rsvp.status === 'cancelled') return noLongerValid(rsvp);
  if (rsvp.status !== 'confirmed' || (rsvp.paymentStatus !== 'free' && rsvp.paymentStatus !== 'paid')) {
    return { outcome: 'refused', code: 'TRANSFER_CLOSED', message: SELF_SERVICE_MESSAGES.transferNotConfirmed };
  }
  if (rsvp.checkedIn) return { outcome: 'refused', code: 'TRANSFER_CLOSED', message: SELF_SERVICE_MESSAGES.transferCheckedIn };
  if (registrationHasClosed(event, now.getTime())) return { outcome: 'refused', code: 'TRANSFER_CLOSED', message: SELF_SERVICE_MESSAGES.transferAfterStart };
  if ((rsvp.transferCount ?? 0) >= TRANSFER_LIMIT) return { outcome: 'refused', code: 'TRANSFER_LIMIT', message: SELF_SERVICE_MESSAGES.transferLimit };
  return { outcome: 'transfer' };
}
