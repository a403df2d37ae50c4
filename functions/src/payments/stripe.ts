import Stripe from 'stripe';
import type { PaymentCard, PaymentEvent, PaymentGateway, PaymentIntent } from './port.js';
import { refundEventOf } from './refund-event.js';

const KNOWN_STATUSES = new Set<string>(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled']);

/** The paying card from the intent's latest charge, when it was expanded (a webhook's intent names the charge only). */
function cardOf(intent: Stripe.PaymentIntent): PaymentCard | null | undefined {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return undefined;
  const card = charge.payment_method_details?.card;
  // Charged by another method (no card details): known, and nothing to show.
  return card?.last4 ? { brand: card.brand ?? '', last4: card.last4 } : null;
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const card = cardOf(intent);
  return {
    ...(card !== undefined ? { card } : {}),
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    amountReceived: intent.amount_received,
    currency: intent.currency,
    status: KNOWN_STATUSES.has(intent.status) ? (intent.status as PaymentIntent['status']) : 'processing',
    metadata: { ...intent.metadata },
  };
}

/** Stripe PaymentIntents, refunds and webhook signatures (the production payment adapter). */
export function stripeGateway(config: { secretKey: string; webhookSecret: string; publishableKey: string }, client?: Stripe): PaymentGateway {
  const stripe = client ?? new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    provider: 'stripe',
    publicConfig: () => ({ provider: 'stripe', publishableKey: config.publishableKey }),

    async createIntent({ amount, currency, metadata, receiptEmail, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount, currency, metadata, receipt_email: receiptEmail, allowed_payment_method_types: ['card'] },
        { idempotencyKey },
      );
      return toIntent(intent);
    },

    async retrieveIntent(id) {
      try {
        // The latest charge expanded: it carries the card's brand and last four (issue 26 item 2).
        return toIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },

    async refund(intentId, idempotencyKey, amount) {
      let refund: Stripe.Refund;
      try {
        // An amount refunds part of the charge (one ticket of an order); without one, all of it.
        refund = await stripe.refunds.create({ payment_intent: intentId, ...(amount === undefined ? {} : { amount }) }, { idempotencyKey });
      } catch (error) {
        // A retry after the idempotency key expired (24 h): the money is already back.
        if ((error as { code?: string }).code === 'charge_already_refunded') return;
        throw error;
      }
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new Error(`Stripe refused the refund (${refund.failure_reason ?? refund.status})`);
      }
    },

    async cancelIntent(intentId) {
      try {
        await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' });
      } catch (error) {
        // Cancelled already (a retry, or Stripe cancelled it): what was asked for is done.
        const { code, payment_intent: intent } = error as { code?: string; payment_intent?: { status?: string } };
        if (code === 'payment_intent_unexpected_state' && intent?.status === 'canceled') return;
        throw error;
      }
    },

    verifyWebhook(rawBody, signature): PaymentEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      if (event.type === 'charge.refunded') return refundEventOf(event.id, event.data.object as Stripe.Charge);
      const object = event.data.object as Stripe.PaymentIntent;
      return { id: event.id, type: event.type, intent: toIntent(object) };
    },
  };
}
