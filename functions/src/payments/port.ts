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
}

/** A provider notification, after its signature was verified. */
export interface PaymentEvent {
  id: string;
  type: string;
  intent: PaymentIntent;
}

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
  refund(intentId: string, idempotencyKey: string): Promise<void>;
  /** Cancels an unpaid intent so it can no longer be paid; an intent already cancelled is fine. Throws when it was paid meanwhile. */
  cancelIntent(intentId: string): Promise<void>;
  /** Verifies a webhook's signature on the raw body; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
