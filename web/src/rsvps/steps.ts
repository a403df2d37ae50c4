import { PAYMENT_HOLD_MS, type OrderTicketReply, type RsvpReply } from '@shared/rsvps-model.js';
import type { RegistrationValues } from './registration.js';

/**
 * The registration steps (SPEC §2, §4): form → payment (only when the server
 * says the RSVP needs payment) → success. Cancel in payment returns to the
 * form; 'Register Another Person' starts a fresh form.
 *
 * A paid RSVP holds its seat on the server for PAYMENT_HOLD_MS (30 minutes). When the visitor
 * cancels the payment and sends the same details again, the form goes back to
 * payment with the same pending RSVP instead of taking a second seat.
 *
 * A 'Confirm by e-mail' event's registration (issue 23) ends on success too, as 'check your
 * inbox': the seat is held until the link e-mailed to the visitor is opened, and no ticket is
 * shown here (the reply carries no rsvpId).
 */

/** How long the form reuses a pending RSVP: the server's hold, less a margin for clocks and slow networks. */
export const PENDING_REUSE_MS = PAYMENT_HOLD_MS - 5 * 60 * 1000;

export interface PendingRsvp {
  rsvpId: string;
  /** The details it was created with (see `valuesKey`). */
  key: string;
  createdAt: number;
  /** An order of several tickets (issue 26 item 1): paid at once, for the server's amount (cents). */
  orderId?: string;
  amount?: number;
}

export type RegistrationState =
  | { step: 'form'; values: RegistrationValues; pending: PendingRsvp | null }
  | { step: 'payment'; values: RegistrationValues; pending: PendingRsvp }
  /** `ticketId`: the ticket a free registration holds at once (its page is linked); null otherwise. */
  | { step: 'success'; values: RegistrationValues; message: string; outcome: SuccessOutcome; ticketId: string | null; tickets?: OrderTicketReply[] };

/** 'registered': the seat is the visitor's; 'checkInbox': it is held until the e-mailed link is opened. */
export type SuccessOutcome = 'registered' | 'checkInbox';

export type RegistrationAction =
  | { type: 'edit'; values: RegistrationValues }
  /** The RSVP call answered; `at` is the time (ms) it did. */
  | { type: 'submitted'; values: RegistrationValues; reply: Pick<RsvpReply, 'message' | 'requiresPayment' | 'requiresConfirmation' | 'rsvpId' | 'orderId' | 'tickets' | 'amount'>; at: number }
  /** The same details were sent again while their pending RSVP still holds a seat. */
  | { type: 'resume' }
  | { type: 'cancelPayment' }
  /** The card was declined: the server gave the seat back, so the pending RSVP cannot be reused. */
  | { type: 'paymentDeclined' }
  | { type: 'reset'; values: RegistrationValues };

export function initialState(values: RegistrationValues): RegistrationState {
  return { step: 'form', values, pending: null };
}

/** The details that make a registration the same one again. */
export function valuesKey(values: RegistrationValues): string {
  return JSON.stringify([
    values.name.trim(),
    values.email.trim().toLowerCase(),
    values.address.trim(),
    values.city.trim(),
    values.state.trim(),
    values.zipCode.trim(),
    values.ticketType,
    values.additionalInfo.trim(),
    // An order's tickets (issue 26 item 1): another list is another order.
    ...(values.tickets && values.tickets.length > 1 ? [values.tickets.map((line) => [line.name.trim(), line.ticketType])] : []),
  ]);
}

/** True when submitting `values` should go straight back to payment for the pending RSVP. */
export function canResume(state: RegistrationState, values: RegistrationValues, now: number): boolean {
  if (state.step !== 'form' || !state.pending) return false;
  return state.pending.key === valuesKey(values) && now - state.pending.createdAt < PENDING_REUSE_MS;
}

export function registrationReducer(state: RegistrationState, action: RegistrationAction): RegistrationState {
  switch (action.type) {
    case 'edit':
      return state.step === 'form' ? { ...state, values: action.values } : state;
    case 'submitted':
      if (state.step !== 'form') return state;
      // Payment needs the RSVP that holds the seat: the server names it for a new paid registration only.
      if (action.reply.requiresPayment && action.reply.rsvpId) {
        return {
          step: 'payment',
          values: action.values,
          pending: {
            rsvpId: action.reply.rsvpId,
            key: valuesKey(action.values),
            createdAt: action.at,
            ...(action.reply.orderId ? { orderId: action.reply.orderId, amount: action.reply.amount } : {}),
          },
        };
      }
      // Not the visitor's seat yet (a payment without an rsvpId cannot happen here): the server's message says what to do.
      if (action.reply.requiresConfirmation === true || action.reply.requiresPayment) {
        return { step: 'success', values: action.values, message: action.reply.message, outcome: 'checkInbox', ticketId: null };
      }
      // A free registration holds its ticket now: the RSVP's id is the ticket's (issue 25 item 1).
      return {
        step: 'success',
        values: action.values,
        message: action.reply.message,
        outcome: 'registered',
        ticketId: action.reply.rsvpId ?? null,
        ...(action.reply.tickets ? { tickets: action.reply.tickets } : {}),
      };
    case 'resume':
      return state.step === 'form' && state.pending ? { step: 'payment', values: state.values, pending: state.pending } : state;
    case 'cancelPayment':
      return state.step === 'payment' ? { step: 'form', values: state.values, pending: state.pending } : state;
    case 'paymentDeclined':
      // Stay on the payment step (another card may be tried on the same intent), but never resume this RSVP later.
      return state.step === 'payment' ? { ...state, pending: { ...state.pending, key: '' } } : state;
    case 'reset':
      return initialState(action.values);
  }
}
