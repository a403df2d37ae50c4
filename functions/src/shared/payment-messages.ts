/** Plain constants, free of zod so the public site can import them; payments.ts re-exports them. */

export const PAYMENT_MESSAGES = {
  initFailed: 'Failed to initialize payment',
  processingFailed: 'Payment processing failed',
  amountMismatch: 'The payment amount does not match the ticket price',
  declined: 'Your card was declined.',
  incompleteCard: 'Please enter your card number, expiry date and CVC.',
  notFound: 'Payment not found',
  paymentIdRequired: 'Payment ID is required',
} as const;

/** Test cards of the offline gateway, as in Stripe's test mode. */
export const OFFLINE_TEST_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;
