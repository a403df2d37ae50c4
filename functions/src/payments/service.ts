import { CURRENCY } from '../shared/constants.js';
import type { EventRecord } from '../shared/events-model.js';
import { PAYMENT_MESSAGES, type ConfirmPaymentReply, type CreatePaymentIntentReply } from '../shared/payments-model.js';
import type { CreatePaymentIntentInput } from '../shared/payments.js';
import { RSVP_MESSAGES, type RefundReply, type RsvpRecord } from '../shared/rsvps-model.js';
import { rsvpInputSchema } from '../shared/rsvps.js';
import { readEventInTransaction } from '../events/repository.js';
import { queueMail } from '../outbox/outbox.js';
import type { Clock } from '../clock.js';
import { RuleError, validateOrRefuse } from '../rule-error.js';
import { confirmationMailKind, hasFreeSeat, isRefundable, ticketPriceCents } from '../rsvps/rules.js';
import {
  attachPaymentIntent,
  cancelAndRefund,
  createRsvp,
  extendHold,
  findExpiredHolds,
  findRsvp,
  markPaid,
  markPaymentFailed,
  markRefundDue,
  readRsvp,
  readRsvpWithEvent,
  refund,
  releaseHold,
  toRsvpView,
} from '../rsvps/repository.js';
import { collection, type DocumentStore } from '../store/port.js';
import type { PaymentEvent, PaymentGateway, PaymentIntent } from './port.js';

/** A provider event already applied, and what it did. */
export interface AppliedPaymentEvent {
  [field: string]: unknown;
  type: string;
  intentId: string;
  rsvpId: string;
  outcome?: PaymentOutcome;
  at: string;
}

/** Provider events already applied, by event id: a retried webhook changes nothing. */
export const PAYMENT_EVENTS = collection<AppliedPaymentEvent>('paymentEvents');

export interface PaymentServiceDeps {
  store: DocumentStore;
  clock: Clock;
  payments: PaymentGateway;
  onMailQueued?: () => void;
}

/**
 * The provider's idempotency key of an admin's refund: one per RSVP, so a retry
 * (after a timeout, a crash before the RSVP was written, a double click) never
 * refunds twice.
 */
export const rsvpRefundKey = (rsvpId: string) => `rsvp-refund-${rsvpId}`;

/** Why the provider refused, in its own words (Stripe's errors carry a readable message). */
function providerReason(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message || 'the payment provider did not answer';
}

/** What applying a successful payment to its RSVP comes to. */
export type PaymentOutcome = 'confirmed' | 'already-confirmed' | 'refund' | 'ignored';

/**
 * Decides what a succeeded payment does to its RSVP (pure, so every case is
 * unit-tested): confirm a held seat; re-take a released seat when one is free;
 * otherwise refund, because no ticket exists without a seat.
 */
export function decideSucceededPayment(
  rsvp: Pick<RsvpRecord, 'status' | 'paymentStatus'>,
  event: Pick<EventRecord, 'maxAttendees' | 'attendeeCount'> | null,
): PaymentOutcome {
  if (rsvp.paymentStatus === 'paid' || rsvp.paymentStatus === 'refunded') return 'already-confirmed';
  if (rsvp.status === 'pending_payment') return 'confirmed';
  if ((rsvp.status === 'released' || rsvp.status === 'cancelled') && event && hasFreeSeat(event)) return 'confirmed';
  if (rsvp.status === 'released' || rsvp.status === 'cancelled') return 'refund';
  return 'ignored';
}

export function createPaymentService({ store, clock, payments, onMailQueued }: PaymentServiceDeps) {
  /** Marks the intent's RSVP paid or refunds it, in one transaction with the event-id record. */
  async function applySucceeded(event: PaymentEvent): Promise<PaymentOutcome> {
    const rsvpId = event.intent.metadata.rsvpId;
    if (!rsvpId) return 'ignored';
    const now = clock.now();
    const outcome = await store.runTransaction(async (tx) => {
      if (await tx.get(PAYMENT_EVENTS, event.id)) return 'already-confirmed' as const;
      const { rsvp, event: eventDoc } = await readRsvpWithEvent(tx, rsvpId);
      if (!rsvp) return 'ignored' as const;
      const decision = decideSucceededPayment(rsvp.data, eventDoc?.data ?? null);
      // A refund is recorded as applied only once the provider accepted it, so a retried event retries it.
      if (decision !== 'refund') {
        tx.set(PAYMENT_EVENTS, event.id, { type: event.type, intentId: event.intent.id, rsvpId, outcome: decision, at: now.toISOString() });
      }
      if (decision === 'confirmed') {
        markPaid(tx, rsvp, eventDoc, { intentId: event.intent.id, amountPaid: event.intent.amountReceived || event.intent.amount });
        queueMail(tx, { kind: eventDoc ? confirmationMailKind(eventDoc.data) : 'ticket', rsvpId, to: rsvp.data.email }, now);
      }
      if (decision === 'refund') markRefundDue(tx, rsvp, event.intent.id);
      return decision;
    });
    if (outcome === 'confirmed') onMailQueued?.();
    if (outcome === 'refund') {
      await payments.refund(event.intent.id, `refund-${event.intent.id}`);
      await store.runTransaction(async (tx) => {
        const rsvp = await readRsvp(tx, rsvpId);
        tx.set(PAYMENT_EVENTS, event.id, { type: event.type, intentId: event.intent.id, rsvpId, outcome: 'refund', at: now.toISOString() });
        refund(tx, rsvp);
      });
    }
    return outcome;
  }

  /** A failed or cancelled intent gives its held seat back. */
  async function applyFailed(event: PaymentEvent) {
    const rsvpId = event.intent.metadata.rsvpId;
    if (!rsvpId) return;
    await store.runTransaction(async (tx) => {
      if (await tx.get(PAYMENT_EVENTS, event.id)) return;
      const { rsvp, event: eventDoc } = await readRsvpWithEvent(tx, rsvpId);
      tx.set(PAYMENT_EVENTS, event.id, { type: event.type, intentId: event.intent.id, rsvpId, at: clock.now().toISOString() });
      if (rsvp) markPaymentFailed(tx, rsvp, eventDoc);
    });
  }

  return {
    /**
     * Prices the ticket on the server, compares the client's amount, holds a
     * seat on a pending RSVP and opens an intent for exactly that amount.
     */
    async createIntent(input: CreatePaymentIntentInput): Promise<CreatePaymentIntentReply> {
      const now = clock.now();
      const { rsvpId, amount } = await store.runTransaction(async (tx) => {
        const event = await readEventInTransaction(tx, input.eventId);
        const existing = input.rsvpId ? await readRsvp(tx, input.rsvpId) : null;
        if (existing && existing.data.eventId === event.id && existing.data.status === 'pending_payment') {
          const price = ticketPriceCents(event, existing.data.ticketType);
          if (input.amount !== price) throw new RuleError('AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch, 'invalid', 'amount');
          // Trying again extends the hold rather than taking a second seat.
          extendHold(tx, existing, now);
          return { rsvpId: existing.id, amount: price };
        }
        const person = validateOrRefuse(rsvpInputSchema, { name: input.name, email: input.email, ticketType: input.ticketType });
        if (!event.requiresPayment) throw new RuleError('INVALID_TICKET', RSVP_MESSAGES.invalidTicket, 'invalid', 'ticketType');
        // A mismatch aborts the transaction, so the buffered RSVP and seat are never written.
        const { rsvpId: id, rsvp } = createRsvp(tx, event, person, now);
        if (input.amount !== rsvp.amountDue) throw new RuleError('AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch, 'invalid', 'amount');
        return { rsvpId: id, amount: rsvp.amountDue };
      });
      const intent = await payments.createIntent({
        amount,
        currency: CURRENCY.toLowerCase(),
        metadata: { rsvpId, eventId: input.eventId },
        receiptEmail: input.email || undefined,
        idempotencyKey: `rsvp-${rsvpId}-${amount}`,
      });
      await store.runTransaction(async (tx) => {
        attachPaymentIntent(tx, await readRsvp(tx, rsvpId), intent.id);
      });
      return { success: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id, rsvpId, amount, currency: intent.currency };
    },

    /** Applies a verified provider event; the same event twice changes nothing. */
    async handleEvent(event: PaymentEvent): Promise<void> {
      if (event.type === 'payment_intent.succeeded') await applySucceeded(event);
      else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') await applyFailed(event);
    },

    /** The payment-success page asks; the provider's own record of the intent decides. */
    async confirm(paymentIntentId: string): Promise<ConfirmPaymentReply> {
      const intent: PaymentIntent | null = await payments.retrieveIntent(paymentIntentId);
      if (!intent) throw new RuleError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound, 'not-found');
      if (intent.status === 'succeeded') await applySucceeded({ id: `confirm:${intent.id}`, type: 'payment_intent.succeeded', intent });
      const rsvpId = intent.metadata.rsvpId ?? null;
      const rsvp = rsvpId ? await findRsvp(store, rsvpId) : null;
      const confirmed = rsvp?.data.status === 'confirmed' && rsvp.data.paymentStatus === 'paid';
      return {
        success: true,
        status: intent.status === 'succeeded' ? 'succeeded' : intent.status === 'processing' ? 'processing' : 'failed',
        paymentIntentId: intent.id,
        rsvpId,
        eventId: rsvp?.data.eventId ?? intent.metadata.eventId ?? null,
        ticketId: confirmed ? rsvpId : null,
      };
    },

    /**
     * Admin refund of a paid RSVP: the provider refunds the whole amount first; only
     * once it accepted is the RSVP cancelled and marked refunded, its seat given back,
     * in one transaction. A refused refund changes nothing and says why.
     */
    async refundRsvp(rsvpId: string): Promise<RefundReply> {
      const found = await findRsvp(store, rsvpId);
      if (!found) throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
      if (!isRefundable(found.data)) throw new RuleError('NOT_REFUNDABLE', RSVP_MESSAGES.notRefundable, 'conflict');
      try {
        await payments.refund(found.data.paymentIntentId!, rsvpRefundKey(rsvpId));
      } catch (error) {
        throw new RuleError('REFUND_FAILED', `${RSVP_MESSAGES.refundFailed}: ${providerReason(error)}`, 'provider-failed');
      }
      const refundedAt = clock.now().toISOString();
      const rsvp = await store.runTransaction(async (tx) => {
        const { rsvp: doc, event } = await readRsvpWithEvent(tx, rsvpId);
        if (!doc) throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
        return toRsvpView(cancelAndRefund(tx, doc, event, refundedAt));
      });
      return { success: true, message: RSVP_MESSAGES.refunded, rsvp };
    },

    /** Scheduled: holds unpaid after PAYMENT_HOLD_MS give their seats back. */
    async releaseExpiredHolds(): Promise<number> {
      const now = clock.now().toISOString();
      const expired = await findExpiredHolds(store, now);
      let released = 0;
      for (const doc of expired) {
        released += await store.runTransaction(async (tx) => {
          const { rsvp, event } = await readRsvpWithEvent(tx, doc.id);
          return rsvp && releaseHold(tx, rsvp, event, now) ? 1 : 0;
        });
      }
      return released;
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
