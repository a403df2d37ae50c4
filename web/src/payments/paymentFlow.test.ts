import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@shared/payments-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { ApiError } from '../api/client.js';
import {
  CONFIRM_POLL_DELAYS_MS,
  confirmViewTitle,
  initFailureDetail,
  isDeclined,
  nextPollDelay,
  payLabel,
  paymentErrorText,
  paymentSuccessPath,
  successClientSecret,
  totalText,
  viewFromConfirm,
  viewFromConfirmError,
} from './paymentFlow.js';

describe('payment step text', () => {
  it('shows amounts in cents as dollars', () => {
    expect(totalText(3500)).toBe('Total: $35.00');
    expect(payLabel(3500)).toBe('Pay $35.00');
    expect(payLabel(2050)).toBe('Pay $20.50');
  });

  it("adds the server's reason to 'Failed to initialize payment' when it says more", () => {
    expect(initFailureDetail(new ApiError(PAYMENT_MESSAGES.amountMismatch, 400, PAYMENT_MESSAGES.amountMismatch))).toBe(
      'The payment amount does not match the ticket price',
    );
    expect(initFailureDetail(new ApiError(PAYMENT_MESSAGES.initFailed, 500))).toBeNull();
    expect(initFailureDetail(new ApiError('x', 0))).toBe(RSVP_MESSAGES.networkError);
    expect(initFailureDetail(new Error('x'))).toBeNull();
  });

  it("shows the gateway's card message, else 'Payment processing failed'", () => {
    const declined = new ApiError(PAYMENT_MESSAGES.declined, 402, PAYMENT_MESSAGES.declined, undefined, 'CARD_DECLINED');
    expect(paymentErrorText(declined)).toBe('Your card was declined.');
    expect(isDeclined(declined)).toBe(true);
    const incomplete = new ApiError(PAYMENT_MESSAGES.incompleteCard, 402, PAYMENT_MESSAGES.incompleteCard, undefined, 'CARD_INCOMPLETE');
    expect(isDeclined(incomplete)).toBe(false);
    expect(paymentErrorText(new ApiError('x', 500))).toBe(PAYMENT_MESSAGES.processingFailed);
    expect(paymentErrorText(new ApiError('x', 0))).toBe('Network error. Please try again.');
    expect(paymentErrorText(null)).toBe('Payment processing failed');
  });

  it('tells a declined card by its code, whatever the wording', () => {
    expect(isDeclined(new ApiError('Insufficient funds.', 402, 'Insufficient funds.', undefined, 'CARD_DECLINED'))).toBe(true);
    expect(isDeclined(new ApiError(PAYMENT_MESSAGES.declined, 402, PAYMENT_MESSAGES.declined, undefined, 'CARD_INCOMPLETE'))).toBe(false);
  });

  it('sends a paid registration to the success page with the payment and the event', () => {
    expect(paymentSuccessPath('pi_1', { id: 'e1', customUrl: 'spring-walk' })).toBe('/payment-success?payment_intent=pi_1&eventId=spring-walk');
    expect(paymentSuccessPath('pi 2', { id: 'e1', customUrl: '' })).toBe('/payment-success?payment_intent=pi+2&eventId=e1');
  });

  it("hands the success page the client secret from the payment step, else from Stripe's redirect", () => {
    const params = new URLSearchParams('payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_url');
    expect(successClientSecret({ clientSecret: 'pi_1_secret_state' }, params)).toBe('pi_1_secret_state');
    expect(successClientSecret(null, params)).toBe('pi_1_secret_url');
    expect(successClientSecret({ clientSecret: ' ' }, new URLSearchParams('payment_intent=pi_1'))).toBe('');
    expect(successClientSecret(undefined, new URLSearchParams())).toBe('');
  });
});

describe('payment success status', () => {
  const base = { ticketId: null, eventId: null };

  it("shows success only once the status is 'succeeded', with the ticket", () => {
    expect(viewFromConfirm({ status: 'succeeded', ticketId: 't1', eventId: 'e1' }, 0)).toEqual({ kind: 'succeeded', ticketId: 't1', eventId: 'e1' });
    expect(viewFromConfirm({ status: 'failed', ...base }, 0)).toEqual({ kind: 'failed' });
    expect(confirmViewTitle({ kind: 'failed' })).toBe('Payment processing failed');
    expect(confirmViewTitle({ kind: 'succeeded', ticketId: null, eventId: null })).toBe('Payment Successful');
  });

  it('polls a few times over about 10 seconds while processing, then stops', () => {
    const total = CONFIRM_POLL_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThanOrEqual(8000);
    expect(total).toBeLessThanOrEqual(12000);
    const last = CONFIRM_POLL_DELAYS_MS.length;
    expect(viewFromConfirm({ status: 'processing', ...base }, 0)).toEqual({ kind: 'processing', polling: true });
    expect(viewFromConfirm({ status: 'processing', ...base }, last - 1)).toEqual({ kind: 'processing', polling: true });
    expect(viewFromConfirm({ status: 'processing', ...base }, last)).toEqual({ kind: 'processing', polling: false });
    expect(nextPollDelay(0)).toBe(CONFIRM_POLL_DELAYS_MS[0]);
    expect(nextPollDelay(last)).toBeNull();
    expect(nextPollDelay(-1)).toBeNull();
  });

  it('reports an unknown payment and a failed check', () => {
    expect(viewFromConfirmError(new ApiError(PAYMENT_MESSAGES.notFound, 404, PAYMENT_MESSAGES.notFound))).toEqual({
      kind: 'notFound',
      message: 'Payment not found',
    });
    expect(viewFromConfirmError(new ApiError('x', 0))).toEqual({ kind: 'error', message: 'Network error. Please try again.' });
    expect(viewFromConfirmError(new ApiError('x', 500, 'Database unavailable'))).toEqual({ kind: 'error', message: 'Database unavailable' });
    expect(viewFromConfirmError(new Error('x'))).toEqual({ kind: 'error', message: PAYMENT_MESSAGES.processingFailed });
  });
});
