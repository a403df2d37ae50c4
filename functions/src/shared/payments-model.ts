/**
 * Card payments without zod: wording, test cards, money conversion and the API's
 * payment shapes. payments.ts builds the validators from these.
 */
import { CURRENCY } from './constants.js';
import type { OrderTicketReply } from './rsvps-model.js';

/**
 * The payment messages the public API client falls back on, also standalone: the landing page's
 * client then carries these two strings instead of every payment message.
 */
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment';
export const PAYMENT_PROCESSING_FAILED = 'Payment processing failed';

export const PAYMENT_MESSAGES = {
  initFailed: PAYMENT_INIT_FAILED,
  processingFailed: PAYMENT_PROCESSING_FAILED,
  amountMismatch: 'The payment amount does not match the ticket price',
  declined: 'Your card was declined.',
  incompleteCard: 'Please enter your card number, expiry date and CVC.',
  notFound: 'Payment not found',
  paymentIdRequired: 'Payment ID is required',
  clientSecretRequired: 'This payment can only be checked in the browser that made it. If it went through, your ticket is on its way by e-mail.',
} as const;

/** Test cards of the offline gateway, as in Stripe's test mode. */
export const OFFLINE_TEST_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * Ticket prices are dollars, amounts everywhere else cents (SPEC §9). One
 * conversion for the site and the API: a drift here makes the server refuse payments.
 * 35 -> 3500, 20.5 -> 2050, 19.99 -> 1999.
 */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** POST /create-payment-intent body (SPEC §7). `amount` is in cents and only compared, never trusted. */
export interface PaymentIntentRequest {
  eventId: string;
  ticketType?: string;
  name?: string;
  email?: string;
  amount: number | string;
  /** The pending RSVP that POST /events/{id}/rsvp created, if any. */
  rsvpId?: string;
  /** The unpaid order of several tickets POST /events/{id}/rsvp created (issue 26 item 1): one payment for all of it. */
  orderId?: string;
}

export interface CreatePaymentIntentReply {
  success: true;
  clientSecret: string;
  paymentIntentId: string;
  rsvpId: string;
  amount: number;
  currency: string;
}

/** GET /payments/config: which card form the site shows. */
export type PaymentConfigReply = { success: true } & ({ provider: 'stripe'; publishableKey: string } | { provider: 'offline' });

/** POST /offline-payments/{id}/confirm: the offline gateway's card form. */
export interface OfflineCardRequest {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** POST /payments/confirm: the intent and its client secret, which only the browser that paid holds. */
export interface ConfirmPaymentRequest {
  paymentIntentId: string;
  clientSecret: string;
}

export interface ConfirmPaymentReply {
  success: true;
  status: 'succeeded' | 'processing' | 'failed';
  paymentIntentId: string;
  rsvpId: string | null;
  eventId: string | null;
  ticketId: string | null;
  /** An order of several tickets (issue 26 item 1): its id and, once paid, every ticket of it. */
  orderId?: string;
  tickets?: OrderTicketReply[];
  /** When the order's payment was applied (issue 26 item 2: the receipt's date); absent while unpaid. */
  paidAt?: string;
  /** The card that paid (issue 26 item 2), once paid: brand and last four; null when the provider did not say. */
  card?: { brand: string; last4: string } | null;
  /** The order's printable receipt with its key (issue 26 item 2), once paid. */
  receiptUrl?: string;
}

// Made on first use, not when the module loads: the site's script loads this module on every
// page, and making a number format loads the browser's locale data (a few ms on a phone).
let usd: Intl.NumberFormat | undefined;

/** Dollars as shown everywhere, USD with two decimals: 25 -> '$25.00'. */
export function formatPrice(dollars: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return usd.format(dollars);
}

/** Cents from the API as shown everywhere: 3500 -> '$35.00'. */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100);
}
