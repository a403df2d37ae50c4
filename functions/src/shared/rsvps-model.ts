/**
 * Registrations without zod: wording, field limits, the seat-hold
 * time and the shapes the API returns. rsvps.ts builds the validator from these.
 */

/** Messages of the registration journey (SPEC §8 and issue wording). */
export const RSVP_MESSAGES = {
  // Says nothing of the registration on file (issue 23): its ticket, confirmation link or payment link goes to that address.
  alreadyRegistered: 'You are already registered for this event. We have sent the details to the e-mail address you registered with.',
  registrationClosed: 'Registration for this event has closed',
  nameAndEmailRequired: 'Name and email are required',
  invalidEmail: 'Please enter a valid email address',
  invalidTicket: 'Invalid ticket type or pricing',
  eventFull: 'Sorry, this event is full.',
  registered: 'You are registered! Your ticket is on its way to your inbox.',
  registeredNoTicket: 'You are registered! A confirmation is on its way to your inbox.',
  paymentRequired: 'Please complete payment to confirm your registration.',
  /** A 'Confirm by e-mail' event: the seat is held until the link in the e-mail is opened. */
  confirmationSent: 'Almost done! We have e-mailed you a link. Open it within 30 minutes to confirm your registration, or the seat is released.',
  confirmed: 'Your registration is confirmed! Your ticket is on its way to your inbox.',
  confirmedNoTicket: 'Your registration is confirmed! A confirmation is on its way to your inbox.',
  linkInvalid: 'This link is not valid. Please use the most recent link we e-mailed you.',
  confirmationLinkExpired: 'This confirmation link has expired and the seat was released. Please register again.',
  paymentLinkExpired: 'This payment link has expired and the seat was released. Please register again.',
  alreadyPaid: 'This registration is already paid. Your ticket is in your inbox.',
  submitFailed: 'Failed to submit RSVP',
  networkError: 'Network error. Please try again.',
  rsvpNotFound: 'RSVP not found',
  ticketNotFound: 'Ticket not found',
  cancelFailed: 'Failed to cancel RSVP',
  cancelled: 'RSVP cancelled',
  cancelledIntentOpen: 'RSVP cancelled. Its card payment could not be stopped with the payment provider; if it is paid anyway, it is refunded automatically.',
  refunded: 'RSVP cancelled and refunded',
  notRefundable: 'Only a paid RSVP can be refunded',
  refundFailed: 'The refund failed, so the RSVP was left as it was',
} as const;

/**
 * Registration closes when the event starts: its date is an instant, so the organisation's
 * zone is already in it. `now` is the injected clock's (server) or the browser's time.
 */
export function registrationHasClosed(event: { date: string }, now: number): boolean {
  return Date.parse(event.date) <= now;
}

/** Refusal of a registration past the event's per-e-mail limit. */
export function registrationLimitMessage(limit: number): string {
  return `This e-mail address already has ${limit} registration${limit === 1 ? '' : 's'} for this event, the most allowed`;
}

/** How often a repeated registration may send the ticket (or confirmation) e-mail again. */
export const REPEAT_RESEND_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A name as compared to find the same person registering again: trimmed, spaces
 * collapsed, case ignored ('  ada   LOVELACE ' is 'ada lovelace').
 */
export function comparableName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** POST /events/{id}/rsvp body (SPEC §7); optional fields may be left out. */
export interface RsvpRequest {
  name?: string;
  email?: string;
  address?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  ticketType?: string;
  additionalInfo?: string;
  /** Ticked 'Keep me informed about future events' (offered when the event has a Mailchimp audience). */
  keepInformed?: boolean;
  /**
   * Several tickets in one order (issue 26 item 1): each its own RSVP with a shared orderId. Absent:
   * one ticket of `ticketType` for `name`, as before. `name` and `email` are then the buyer's.
   */
  tickets?: OrderTicketRequest[];
}
export type RsvpField = Exclude<keyof RsvpRequest, 'keepInformed' | 'tickets'>;

/** One ticket of an order: its type (blank: the event's default) and its attendee (blank: the buyer). */
export interface OrderTicketRequest {
  ticketType?: string;
  name?: string;
}

/**
 * The most tickets one request may carry, whatever the event: a bound on the body's size. The
 * event's maxRegistrationsPerEmail is the limit that matters (it counts every ticket of the e-mail).
 */
export const ORDER_MAX_TICKETS = 20;

/** Refusals of an order of several tickets (issue 26 item 1). */
export const ORDER_MESSAGES = {
  noTickets: 'Please choose at least one ticket',
  tooManyInRequest: `At most ${ORDER_MAX_TICKETS} tickets per order`,
  duplicateName: 'Each ticket needs its own attendee name',
  /** The form's check: a ticket after the first has no attendee name (a blank first one is the buyer's). */
  attendeeNameRequired: "Please enter each attendee's name",
  orderNotFound: 'Order not found',
} as const;

/** An order larger than the event allows one e-mail address (its maxRegistrationsPerEmail). */
export function orderTooLargeMessage(limit: number): string {
  return `At most ${limit} ticket${limit === 1 ? '' : 's'} per order for this event`;
}

/** An order that would take the buyer's address past the event's limit, counting the tickets it holds already. */
export function orderOverEmailLimitMessage(limit: number, held: number): string {
  const left = Math.max(0, limit - held);
  return `This e-mail address already has ${held} registration${held === 1 ? '' : 's'} for this event; at most ${limit} are allowed, so ${left} more can be added`;
}

/** A ticket of the order names someone already registered under the buyer's address. */
export function attendeeRegisteredMessage(name: string): string {
  return `${name} is already registered for this event with this e-mail address`;
}

/** The consent box of an event with a Mailchimp audience; unticked until the visitor ticks it. */
export const KEEP_INFORMED_LABEL = 'Keep me informed about future events';

/** The lengths the API accepts for each field of the registration form. */
export const RSVP_FIELD_LIMITS: Record<RsvpField, number> = {
  name: 120,
  email: 254,
  address: 200,
  city: 100,
  state: 100,
  zipCode: 20,
  ticketType: 60,
  additionalInfo: 2000,
};

/** How long a paid registration holds its seat while the card payment is pending. */
export const PAYMENT_HOLD_MS = 30 * 60 * 1000;
/** How long a 'Confirm by e-mail' registration holds its seat until its link is opened (RSVP_MESSAGES.confirmationSent says it). */
export const CONFIRMATION_HOLD_MS = 30 * 60 * 1000;

/**
 * pending_confirmation: a 'Confirm by e-mail' event's registration whose link has not been
 * opened yet; it holds its seat until holdExpiresAt, like an unpaid card hold.
 */
export type RsvpStatus = 'confirmed' | 'pending_payment' | 'pending_confirmation' | 'released' | 'cancelled';
/** The statuses of an RSVP that holds a seat: confirmed, and holds (unpaid, unconfirmed) still running. */
export const SEAT_HOLDING_STATUSES: readonly RsvpStatus[] = ['confirmed', 'pending_payment', 'pending_confirmation'];
/** The holds that run out: their seat goes back at holdExpiresAt. */
export const EXPIRING_HOLD_STATUSES = ['pending_payment', 'pending_confirmation'] as const satisfies readonly RsvpStatus[];
export type PaymentStatus = 'free' | 'pending' | 'paid' | 'failed' | 'refunded';

/** An RSVP as staff lists show it; its id is the ticket id. */
export interface RsvpRecord {
  id: string;
  eventId: string;
  name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  ticketType: string;
  additionalInfo: string;
  status: RsvpStatus;
  paymentStatus: PaymentStatus;
  /** Cents. */
  amountDue: number;
  /** Cents. */
  amountPaid: number;
  /** Cents given back by a refund; 0 when none. */
  amountRefunded: number;
  refundedAt: string | null;
  paymentIntentId: string | null;
  holdExpiresAt: string | null;
  createdAt: string;
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
  /** When it was cancelled (null: not cancelled, or cancelled before this was recorded). */
  cancelledAt: string | null;
  /** Who cancelled it: the attendee from their manage link (issue 25), or an admin. Null while not cancelled. */
  cancelledBy: 'attendee' | 'admin' | null;
  /** When the attendee asked for the refund their cancel was due (issue 25); refundedAt follows once the provider confirmed it. */
  refundRequestedAt: string | null;
  /** Given by its holder to someone else (issue 25 item 5): the new ticket and its holder, and when. */
  transferredTo: { id: string; name: string } | null;
  /** Received from its previous holder: their ticket and name. */
  transferredFrom: { id: string; name: string } | null;
  transferredAt: string | null;
  /** The order it was bought in with other tickets (issue 26 item 1); absent on a ticket bought alone. */
  orderId?: string;
}

/**
 * POST /events/{id}/rsvp reply. rsvpId (the ticket id) is given only to the visitor who just
 * made the registration, and not while it waits for its e-mail confirmation: opening the link
 * proves the mailbox first.
 */
export interface RsvpReply {
  success: true;
  message: string;
  requiresPayment: boolean;
  /** A 'Confirm by e-mail' event: the link is in the visitor's inbox. */
  requiresConfirmation?: boolean;
  rsvpId?: string;
  /**
   * An order of several tickets (issue 26 item 1): its id, and its tickets (the ids given as rsvpId
   * is: to the visitor who just made it, in the order's order, not while waiting for the e-mail link).
   */
  orderId?: string;
  tickets?: OrderTicketReply[];
  /** Cents: what the order costs (0 when free), priced by the server. */
  amount?: number;
}

/** One ticket of an order as its buyer's reply shows it. */
export interface OrderTicketReply {
  /** The ticket id (its page is /checkin/{id}); null while the order waits for its e-mail confirmation. */
  id: string | null;
  name: string;
  ticketType: string;
  /** Cents. */
  price: number;
}

/** The body of the calls a link in an attendee's e-mail makes: the link's secret (from its #key= fragment). */
export interface LinkKeyRequest {
  key: string;
}

/** POST /rsvps/{id}/confirm reply: the registration holds its seat for good; its ticket (or confirmation) e-mail is queued. */
export interface ConfirmRegistrationReply {
  success: true;
  message: string;
  /** The ticket's id when the event issues tickets (its page is /checkin/{ticketId}); null otherwise. */
  ticketId: string | null;
  event: { id: string; title: string; date: string; location: string; customUrl: string };
}

/** POST /rsvps/{id}/hold reply: an unpaid registration the payment link lets its holder pay. */
export interface PaymentHoldReply {
  success: true;
  hold: {
    rsvpId: string;
    name: string;
    email: string;
    ticketType: string;
    /** Cents. */
    amount: number;
    holdExpiresAt: string;
    event: { id: string; title: string; date: string; location: string; customUrl: string };
  };
}

/** GET /checkin/{ticketId}?format=json: what a ticket holder and the door staff see (SPEC §3). */
export interface TicketView {
  id: string;
  attendee: { name: string; email: string; ticketType: string };
  /** `endDate` only when the event has one (issue 26 item 4): its 'Add to calendar' links end then. */
  event: { id: string; title: string; date: string; location: string; customUrl: string; endDate?: string };
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
  /**
   * Present when the ticket was cancelled, or refunded (issue 24 item 8): the page says so, with the
   * time as stored (the refund's, else the cancellation's; null when none was recorded). `transferred`:
   * its holder gave it to someone else (issue 25 item 5), whose new ticket has another id. Nothing else.
   */
  cancelled?: { refunded: boolean; at: string | null; transferred?: boolean };
  /**
   * The ticket's QR code on its page (issue 25 item 1): the e-mail's code (its check-in URL), drawn
   * by the page as an <svg viewBox="0 0 size size"> filled by `path` (quiet zone included), so the
   * site needs no QR library. Only in the ticket page's reply, and never for a cancelled ticket.
   */
  qr?: { size: number; path: string };
}

/** POST /rsvps/{id}/refund (admins) reply: the RSVP is cancelled, its seat freed and its payment refunded. */
export interface RefundReply {
  success: true;
  message: string;
  rsvp: RsvpRecord;
}

/**
 * The columns of an event's RSVP export (GET /events/{id}/rsvps.csv), in order: every field the
 * registration form collects is here (issue 24 item 2), with the form's labels.
 */
export const RSVP_CSV_COLUMNS = [
  'Name',
  'Email',
  'Address',
  'City',
  'State',
  'ZIP code',
  'Ticket type',
  'Status',
  'Payment status',
  'Amount',
  'Registered at',
  'Checked in',
  'Checked in at',
  'Additional information',
  'Ticket ID',
  // Issue 25 item 6: self-service cancels and transfers, at the end so existing spreadsheets keep their columns.
  'Cancelled At',
  'Cancelled By',
  'Transferred To',
  'Transferred From',
  'Transferred At',
] as const;
