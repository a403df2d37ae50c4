import { z } from 'zod';
import { PAYMENT_MESSAGES, type ConfirmPaymentRequest, type OfflineCardRequest, type PaymentIntentRequest } from './payments-model.js';
import type { Same } from './type-checks.js';

/** POST /create-payment-intent (SPEC §7). `amount` is in cents and only compared, never trusted. */
export const createPaymentIntentSchema = z
  .object({
    eventId: z.string().trim().min(1, 'Event is required').max(100),
    ticketType: z.string().trim().max(60).default(''),
    name: z.string().trim().max(120).default(''),
    email: z.string().trim().max(254).default(''),
    amount: z.coerce.number({ error: 'Amount must be a number' }).int('Amount must be in cents').min(0, 'Amount must be at least 0'),
    /** The pending RSVP that POST /events/{id}/rsvp created, if any. */
    rsvpId: z.string().trim().max(100).optional(),
    /** The unpaid order of several tickets (issue 26 item 1); then name, e-mail and ticket type are not read. */
    orderId: z.string().trim().max(100).optional(),
  })
  .strip();
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

/** POST /offline-payments/{id}/confirm: the offline gateway's card form. */
export const offlineConfirmSchema = z
  .object({
    clientSecret: z.string({ error: PAYMENT_MESSAGES.notFound }).min(1, PAYMENT_MESSAGES.notFound).max(200),
    cardNumber: z.string({ error: PAYMENT_MESSAGES.incompleteCard }).transform((value) => value.replace(/[\s-]/g, '')),
    expiry: z.string({ error: PAYMENT_MESSAGES.incompleteCard }).trim().max(7, PAYMENT_MESSAGES.incompleteCard),
    cvc: z.string({ error: PAYMENT_MESSAGES.incompleteCard }).trim().max(4, PAYMENT_MESSAGES.incompleteCard),
  })
  .strip();

/** POST /payments/confirm: the payment-success page asks the server to check the intent, proving it paid with the client secret. */
export const confirmPaymentSchema = z
  .object({
    paymentIntentId: z.string({ error: PAYMENT_MESSAGES.paymentIdRequired }).trim().min(1, PAYMENT_MESSAGES.paymentIdRequired).max(200),
    clientSecret: z.string({ error: PAYMENT_MESSAGES.clientSecretRequired }).trim().min(1, PAYMENT_MESSAGES.clientSecretRequired).max(300),
  })
  .strip();

// The model's request types are the bodies these schemas take.
const _intentRequest: Same<Omit<z.input<typeof createPaymentIntentSchema>, 'amount'>, Omit<PaymentIntentRequest, 'amount'>> = true;
const _offlineRequest: Same<z.input<typeof offlineConfirmSchema>, OfflineCardRequest> = true;
const _confirmRequest: Same<z.input<typeof confirmPaymentSchema>, ConfirmPaymentRequest> = true;
void _confirmRequest;
void _intentRequest;
void _offlineRequest;
