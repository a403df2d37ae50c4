import type { PaymentCard } from '../shared/receipt-model.js';

export type { PaymentCard };

/** The card payment provider, shaped after Stripe's PaymentIntents (DESIGN §3). */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
  /** Cents. */
  amount: number;
  amountReceived: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  metadata: Record<string, string>;
  /**
   * The card that paid (issue 26 item 2), where the provider tells: Stripe's latest charge
   * (payment_method_details.card), the offline gateway's test card. Absent or null: not known.
   */
  card?: PaymentCard | null;
}

/** A provider notification about an intent (succeeded, failed, cancelled), after its signature was verified. */
export interface IntentEvent {
  id: string;
  type: string;
  intent: PaymentIntent;
  refund?: undefined;
}

/** A provider notification that a payment was refunded (Stripe's charge.refunded), after its signature was verified. */
export interface RefundEvent {
  id: string;
  type: 'charge.refunded';
  /** Cents: the intent's charge, and how much of it has been refunded so far. */
  refund: { intentId: string; amount: number; amountRefunded: number };
  intent?: undefined;
}

export type PaymentEvent = IntentEvent | RefundEvent;

export interface PaymentGateway {
  readonly provider: 'stripe' | 'offline';
  /** What the browser needs to show the card form. */
  publicConfig(): { provider: 'stripe'; publishableKey: string } | { provider: 'offline' };
  createIntent(input: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    receiptEmail?: string;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Refunds a charged intent: in full, or `amount` cents of it (one ticket of an order, issue 26
   * item 4). The same idempotency key again refunds nothing more.
   */
  refund(intentId: string, idempotencyKey: string, amount?: number): Promise<void>;
  /** Cancels an unpaid intent so it can no longer be paid; an intent already cancelled is fine. Throws when it was paid meanwhile. */
  cancelIntent(intentId: string): Promise<void>;
  /** Verifies a webhook's signature on the raw body; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
