import type { RefundEvent } from './port.js';

/** The fields of a Stripe Charge a refund notification is read from (the offline gateway sends the same shape). */
export interface RefundedCharge {
  payment_intent: string | { id: string } | null;
  amount: number;
  amount_refunded: number;
}

/** A charge.refunded notification: the refund an attendee's cancel asked for is confirmed by it (issue 25). */
export function refundEventOf(id: string, charge: RefundedCharge): RefundEvent {
  const intent = charge.payment_intent;
  return {
    id,
    type: 'charge.refunded',
    refund: { intentId: typeof intent === 'string' ? intent : (intent?.id ?? ''), amount: charge.amount, amountRefunded: charge.amount_refunded },
  };
}
