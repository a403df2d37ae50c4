import { formatCents, PAYMENT_MESSAGES, type ConfirmPaymentReply, type ConfirmPaymentRequest } from '@shared/payments-model.js';
import { RSVP_MESSAGES, type OrderTicketReply } from '@shared/rsvps-model.js';
import { ApiError, type ApiClient } from '../api/client.js';
import { ROUTES } from '../routes.js';

/** 'Total: $35.00'. */
export function totalText(cents: number): string {
  return `Total: ${formatCents(cents)}`;
}

/** The offline form's button: 'Pay $35.00'. */
export function payLabel(cents: number): string {
  return `Pay ${formatCents(cents)}`;
}

export const PAYMENT_TEXT = {
  tryAgain: 'Try Again',
  cancel: 'Cancel',
  processing: 'Processing...',
  preparing: 'Preparing secure payment...',
  testFormTitle: 'Test payment form',
} as const;

/** Why initialising failed, when the server said more than 'Failed to initialize payment' (e.g. the event is full). */
export function initFailureDetail(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return RSVP_MESSAGES.networkError;
    // A server fault says nothing more than 'Failed to initialize payment'; a refusal (the event is full) does.
    return error.code === 'INTERNAL' ? null : (error.serverMessage ?? null);
  }
  return null;
}

/** A failed card confirmation: the gateway's message (e.g. 'Your card was declined.'), else 'Payment processing failed'. */
export function paymentErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return RSVP_MESSAGES.networkError;
    return error.serverMessage ?? PAYMENT_MESSAGES.processingFailed;
  }
  if (error instanceof Error && error.message) return error.message;
  return PAYMENT_MESSAGES.processingFailed;
}

/** A declined card makes the server give the held seat back. */
export function isDeclined(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CARD_DECLINED';
}

/** Where a paid registration goes: /payment-success?payment_intent={id}&eventId={customUrl or id}. */
export function paymentSuccessPath(paymentIntentId: string, event: { id: string; customUrl?: string | null }): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, eventId: event.customUrl || event.id });
  return `${ROUTES.paymentSuccess}?${query.toString()}`;
}

/**
 * What the payment step hands the success page beside the address: the intent's client
 * secret, which the server asks for before it names the ticket. It travels in the page's
 * history state, not the address, so a shared or logged link does not carry it.
 */
export interface PaymentSuccessState {
  clientSecret: string;
}

/**
 * The client secret the success page sends: the payment step's history state, else
 * Stripe's redirect parameter (payment_intent_client_secret); '' when neither is there.
 */
export function successClientSecret(state: unknown, params: URLSearchParams): string {
  const fromState = (state as Partial<PaymentSuccessState> | null)?.clientSecret;
  if (typeof fromState === 'string' && fromState.trim()) return fromState.trim();
  return params.get('payment_intent_client_secret')?.trim() ?? '';
}

/* ---- The payment success page ---- */

/** POST /payments/confirm: the server checks the intent with the provider; the client secret proves this browser paid. */
export function confirmPayment(client: Pick<ApiClient, 'request'>, paymentIntentId: string, clientSecret: string, signal?: AbortSignal) {
  const body: ConfirmPaymentRequest = { paymentIntentId, clientSecret };
  return client.request<ConfirmPaymentReply>('/payments/confirm', { method: 'POST', body, signal }, PAYMENT_MESSAGES.processingFailed);
}

/** Delays between checks while the payment is still processing: about 10 s in all. */
export const CONFIRM_POLL_DELAYS_MS = [1500, 2000, 3000, 3500] as const;

export type ConfirmView =
  | { kind: 'checking' }
  | {
      kind: 'succeeded';
      ticketId: string | null;
      eventId: string | null;
      tickets?: OrderTicketReply[];
      paidAt?: string;
      /** Issue 26 item 2: the card that paid (null: not known) and the printable receipt's link. */
      card?: ConfirmPaymentReply['card'];
      receiptUrl?: string;
    }
  /** `polling`: another check is coming; false once the checks ran out. */
  | { kind: 'processing'; polling: boolean }
  | { kind: 'failed' }
  | { kind: 'notFound'; message: string }
  | { kind: 'error'; message: string };

/** The page's view after check number `attempt` (0-based) answered. */
export function viewFromConfirm(reply: Pick<ConfirmPaymentReply, 'status' | 'ticketId' | 'eventId' | 'tickets' | 'paidAt' | 'card' | 'receiptUrl'>, attempt: number): ConfirmView {
  if (reply.status === 'succeeded') {
    // An order's page lists every ticket it paid for (issue 26 item 1).
    return { kind: 'succeeded', ticketId: reply.ticketId ?? null, eventId: reply.eventId ?? null, ...(reply.tickets && reply.tickets.length > 1
        ? {
            tickets: reply.tickets,
            ...(reply.paidAt ? { paidAt: reply.paidAt } : {}),
            ...(reply.card !== undefined ? { card: reply.card } : {}),
            ...(reply.receiptUrl ? { receiptUrl: reply.receiptUrl } : {}),
          }
        : {}) };
  }
  if (reply.status === 'processing') return { kind: 'processing', polling: nextPollDelay(attempt) !== null };
  return { kind: 'failed' };
}

/** The wait before check number `attempt + 1`, or null when no more checks are made. */
export function nextPollDelay(attempt: number): number | null {
  return attempt >= 0 && attempt < CONFIRM_POLL_DELAYS_MS.length ? CONFIRM_POLL_DELAYS_MS[attempt] : null;
}

/** The page's view when the check itself failed. */
export function viewFromConfirmError(error: unknown): ConfirmView {
  if (error instanceof ApiError) {
    if (error.code === 'PAYMENT_NOT_FOUND' || error.code === 'NOT_FOUND') return { kind: 'notFound', message: error.serverMessage ?? PAYMENT_MESSAGES.notFound };
    if (error.isNetworkError) return { kind: 'error', message: RSVP_MESSAGES.networkError };
    return { kind: 'error', message: error.serverMessage ?? PAYMENT_MESSAGES.processingFailed };
  }
  return { kind: 'error', message: PAYMENT_MESSAGES.processingFailed };
}

/** The document title for a view. */
export function confirmViewTitle(view: ConfirmView): string {
  switch (view.kind) {
    case 'checking':
      return 'Checking payment';
    case 'succeeded':
      return 'Payment Successful';
    case 'processing':
      return 'Payment processing';
    case 'failed':
      return PAYMENT_MESSAGES.processingFailed;
    case 'notFound':
      return 'Payment information not found';
    case 'error':
      return 'Payment status unavailable';
  }
}
