import { randomBytes } from 'node:crypto';
import { OFFLINE_TEST_CARDS, PAYMENT_MESSAGES } from '../shared/payments-model.js';
import { collection, type DocumentStore } from '../store/port.js';
import type { PaymentEvent, PaymentGateway, PaymentIntent } from './port.js';
import { signPayload, verifySignature } from './webhook-signature.js';
import { refundEventOf, type RefundedCharge } from './refund-event.js';


/** A confirmed card: the outcome and the signed notification the webhook handler applies. */
export type OfflineCardResult = { payload: string; signature: string } & ({ outcome: 'succeeded' } | { outcome: 'declined'; message: string });

/**
 * `refunded`: nothing is left to refund; `refundKey` the key of a full refund of old. `amountRefunded`
 * and `refundKeys`: the refunds so far, in part or in full (issue 26 item 4: one ticket of an order).
 */
type StoredIntent = Omit<PaymentIntent, 'id'> & { idempotencyKey: string; refunded?: boolean; refundKey?: string; amountRefunded?: number; refundKeys?: string[] };

/** A signed notification the offline gateway sends by itself, as Stripe posts a webhook. */
export type OfflineNotificationListener = (notification: { payload: string; signature: string }) => Promise<void>;

/** The offline gateway's refusals of a refund, worded like the provider's. */
export const OFFLINE_REFUND_ERRORS = {
  unknownIntent: 'No such payment intent',
  notCharged: 'This payment intent has not been charged, so there is nothing to refund',
  alreadyRefunded: 'This payment has already been refunded',
} as const;

/** The offline test card's brand: 4242 4242 4242 4242 is a Visa test number. */
export const OFFLINE_CARD_BRAND = 'visa';

/** The offline gateway's refusal to cancel a paid intent, worded like the provider's. */
export const OFFLINE_CANCEL_REFUSED = 'You cannot cancel this PaymentIntent because it has a status of succeeded';

/** The offline gateway's intents (local runs and tests only). */
export const OFFLINE_INTENTS = collection<StoredIntent>('offlinePaymentIntents');

/** The card form was refused before any charge: an unknown intent, or a card not filled in. */
export class CardDeclinedError extends Error {
  constructor(
    readonly code: 'PAYMENT_NOT_FOUND' | 'CARD_INCOMPLETE',
    message: string,
  ) {
    super(message);
    this.name = 'CardDeclinedError';
  }
}

/**
 * The offline test gateway for local runs and tests: it behaves like Stripe
 * from the site's point of view. 4242 4242 4242 4242 succeeds, 4000 0000 0000
 * 0002 is declined, and every outcome is announced as a signed event that the
 * webhook handler verifies like Stripe's. config.ts refuses it in production.
 */
export function offlineGateway(store: DocumentStore, webhookSecret: string) {
  const read = async (id: string): Promise<PaymentIntent | null> => {
    const doc = await store.get(OFFLINE_INTENTS, id);
    if (!doc) return null;
    const { idempotencyKey: _key, ...intent } = doc.data;
    return { ...intent, id: doc.id };
  };

  function signedEvent(type: string, intent: PaymentIntent) {
    const payload = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, type, data: { object: intent } });
    return { payload, signature: signPayload(payload, webhookSecret) };
  }

  const listeners: OfflineNotificationListener[] = [];
  const gateway: PaymentGateway & {
    /** Where its webhook notifications of refunds go (the app applies them as it applies Stripe's). */
    onNotification(listener: OfflineNotificationListener): void;
    confirmCard(id: string, card: { clientSecret: string; cardNumber: string; expiry: string; cvc: string }): Promise<OfflineCardResult>;
  } = {
    provider: 'offline',
    publicConfig: () => ({ provider: 'offline' }),

    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      // Like Stripe, the same idempotency key answers with the same intent.
      const [existing] = await store.query(OFFLINE_INTENTS, { where: [['idempotencyKey', '==', idempotencyKey]], limit: 1 });
      if (existing) return (await read(existing.id))!;
      const id = `pi_offline_${randomBytes(12).toString('hex')}`;
      const intent: StoredIntent = {
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amount,
        amountReceived: 0,
        currency,
        status: 'requires_payment_method',
        metadata,
        idempotencyKey,
      };
      await store.set(OFFLINE_INTENTS, id, intent);
      return { ...(({ idempotencyKey: _k, ...rest }) => rest)(intent), id };
    },

    retrieveIntent: read,

    // Like Stripe: only a charged intent can be refunded, once; the same idempotency key again answers as the first time did.
    // A new refund is then announced like Stripe's charge.refunded webhook, to whoever listens (the app, see onNotification).
    async refund(intentId, idempotencyKey, amount) {
      const refunded = await store.runTransaction(async (tx) => {
        const doc = await tx.get(OFFLINE_INTENTS, intentId);
        if (!doc) throw new Error(OFFLINE_REFUND_ERRORS.unknownIntent);
        const keys = doc.data.refundKeys ?? (doc.data.refundKey ? [doc.data.refundKey] : []);
        if (keys.includes(idempotencyKey)) return null;
        if (doc.data.refunded) {
          if (doc.data.refundKey === undefined && keys.length === 0) return null;
          throw new Error(OFFLINE_REFUND_ERRORS.alreadyRefunded);
        }
        if (doc.data.status !== 'succeeded') throw new Error(OFFLINE_REFUND_ERRORS.notCharged);
        // Like Stripe: a part of what is left, or all of it; never more than was charged.
        const before = doc.data.amountRefunded ?? 0;
        const left = doc.data.amountReceived - before;
        const part = amount ?? left;
        if (part <= 0 || part > left) throw new Error(OFFLINE_REFUND_ERRORS.alreadyRefunded);
        const after = before + part;
        // refundKey: the latest refund's key, as a full refund recorded it before refunds in parts.
        tx.update(OFFLINE_INTENTS, intentId, { refunded: after >= doc.data.amountReceived, refundKey: idempotencyKey, refundKeys: [...keys, idempotencyKey], amountRefunded: after });
        return { amountReceived: doc.data.amountReceived, amountRefunded: after };
      });
      if (!refunded) return;
      const charge = { payment_intent: intentId, amount: refunded.amountReceived, amount_refunded: refunded.amountRefunded };
      const payload = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, type: 'charge.refunded', data: { object: charge } });
      const notification = { payload, signature: signPayload(payload, webhookSecret) };
      // Delivered before refund() answers, so a caller that waits for the refund also sees it confirmed.
      for (const listener of listeners) {
        try {
          await listener(notification);
        } catch (error) {
          console.error('The offline refund notification failed', error);
        }
      }
    },

    onNotification(listener) {
      listeners.push(listener);
    },

    // Like Stripe: an unpaid intent becomes 'canceled' and can no longer be paid; a paid one cannot be cancelled.
    async cancelIntent(intentId) {
      await store.runTransaction(async (tx) => {
        const doc = await tx.get(OFFLINE_INTENTS, intentId);
        if (!doc) throw new Error(OFFLINE_REFUND_ERRORS.unknownIntent);
        if (doc.data.status === 'canceled') return;
        if (doc.data.status === 'succeeded') throw new Error(OFFLINE_CANCEL_REFUSED);
        tx.update(OFFLINE_INTENTS, intentId, { status: 'canceled' });
      });
    },

    verifyWebhook(rawBody, signature): PaymentEvent {
      const payload = rawBody.toString('utf8');
      verifySignature(payload, signature, webhookSecret);
      const parsed = JSON.parse(payload) as { id: string; type: string; data: { object: unknown } };
      if (parsed.type === 'charge.refunded') return refundEventOf(parsed.id, parsed.data.object as RefundedCharge);
      return { id: parsed.id, type: parsed.type, intent: parsed.data.object as PaymentIntent };
    },

    /**
     * The card form's submit: checks the card like a test-mode processor and
     * returns the signed notification the webhook handler must apply.
     */
    async confirmCard(id, card) {
      const intent = await read(id);
      if (!intent || intent.clientSecret !== card.clientSecret) throw new CardDeclinedError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
      if (!/^\d{12,19}$/.test(card.cardNumber) || !/^\d{2}\s*\/\s*\d{2}$/.test(card.expiry) || !/^\d{3,4}$/.test(card.cvc)) {
        throw new CardDeclinedError('CARD_INCOMPLETE', PAYMENT_MESSAGES.incompleteCard);
      }
      if (intent.status === 'succeeded') return { outcome: 'succeeded', ...signedEvent('payment_intent.succeeded', intent) };
      // A cancelled intent (its RSVP was cancelled) takes no payment, as with Stripe.
      if (intent.status === 'canceled') throw new CardDeclinedError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
      if (card.cardNumber !== OFFLINE_TEST_CARDS.succeeds) {
        return { outcome: 'declined', message: PAYMENT_MESSAGES.declined, ...signedEvent('payment_intent.payment_failed', intent) };
      }
      // The test card's brand and last four, as Stripe tells them from the charge (issue 26 item 2).
      const paidWith = { brand: OFFLINE_CARD_BRAND, last4: card.cardNumber.slice(-4) };
      const succeeded: PaymentIntent = { ...intent, status: 'succeeded', amountReceived: intent.amount, card: paidWith };
      await store.runTransaction(async (tx) => {
        tx.update(OFFLINE_INTENTS, id, { status: 'succeeded', amountReceived: intent.amount, card: paidWith });
      });
      return { outcome: 'succeeded', ...signedEvent('payment_intent.succeeded', succeeded) };
    },
  };
  return gateway;
}
export type OfflineGateway = ReturnType<typeof offlineGateway>;

/** Whether a gateway is the offline one (whose refunds the app must hear of itself). */
export function isOfflineGateway(gateway: PaymentGateway): gateway is OfflineGateway {
  return gateway.provider === 'offline' && typeof (gateway as Partial<OfflineGateway>).onNotification === 'function';
}
