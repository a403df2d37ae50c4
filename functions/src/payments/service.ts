import { timingSafeEqual } from 'node:crypto';
import { CURRENCY } from '../shared/constants.js';
import { PAYMENT_MESSAGES, type ConfirmPaymentReply, type CreatePaymentIntentReply } from '../shared/payments-model.js';
import type { CreatePaymentIntentInput } from '../shared/payments.js';
import { ORDER_MESSAGES, RSVP_MESSAGES, type OrderTicketReply, type RefundReply, type RsvpRecord } from '../shared/rsvps-model.js';
import { rsvpInputSchema } from '../shared/rsvps.js';
import { readEvent, readEventDocument, resolveEventId, toEventDetails } from '../events/repository.js';
import { withSeatChoice } from '../seats/choice.js';
import { findTypeSeats, takeTypeSeats, type TypeSeatClaim } from '../seats/quotas.js';
import { findFreeSeat, findFreeSeats, findSeatToGiveBack, giveSeatsBack, takeSeats, type SeatClaim } from '../seats/repository.js';
import { noticeMailId, queueMail, queueNoticeOnce, queueOrderMailOnce } from '../outbox/outbox.js';
import { REFUND_JOBS } from '../outbox/refund-jobs.js';
import type { Clock } from '../clock.js';
import { RuleError, validateOrRefuse } from '../rule-error.js';
import { assertHoldPayable, confirmationMailKind, isActiveRegistration, isRefundable, repeatMailKind, ticketPriceCents } from '../rsvps/rules.js';
import { alreadyRegistered } from '../rsvps/service.js';
import {
  attachPaymentIntent,
  cancelAndRefund,
  findExpiredHolds,
  findRsvp,
  markPaid,
  markPaymentFailed,
  markRefundDue,
  ORDERS,
  readOrderWithTickets,
  readRsvp,
  readRsvpWithSeat,
  refund,
  register,
  RSVPS,
  releaseHold,
  toRsvpView,
  type RsvpDocument,
} from '../rsvps/repository.js';
import { collection, type DocumentStore, type Transaction } from '../store/port.js';
import { recordAudit } from '../audit/repository.js';
import { PAYMENT_PROVIDER, SYSTEM, rsvpTarget } from '../audit/actors.js';
import type { AuditActor } from '../shared/audit-model.js';
import type { IntentEvent, PaymentCard, PaymentEvent, PaymentGateway, PaymentIntent, RefundEvent } from './port.js';

/** A provider event already applied, and what it did. */
export interface AppliedPaymentEvent {
  [field: string]: unknown;
  type: string;
  intentId: string;
  rsvpId: string;
  outcome?: PaymentOutcome;
  /** Why a refunded payment was given back. */
  refundReason?: string;
  at: string;
}

/** Provider events already applied, by event id: a retried webhook changes nothing. */
export const PAYMENT_EVENTS = collection<AppliedPaymentEvent>('paymentEvents');

export interface PaymentServiceDeps {
  store: DocumentStore;
  clock: Clock;
  payments: PaymentGateway;
  onMailQueued?: () => void;
  /** Called after a commit that queued a Mailchimp sync job (a payment confirmed an attendee). */
  onMailchimpQueued?: () => void;
  /** A fresh link to a paid order's printable receipt (issue 26 item 2), for the success page. */
  receiptLink?: (orderId: string) => Promise<string>;
  /** Called after a commit that freed seats (an admin's refund), so the waitlist's offers go out at once. */
  onSeatsFreed?: () => void;
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
export type PaymentOutcome = 'confirmed' | 'already-confirmed' | 'refund' | 'ignored' | 'refunded';

/** Why a succeeded payment is given back, as recorded on the RSVP and the payment event. */
export const REFUND_REASONS = {
  cancelled: 'The RSVP was cancelled before the payment arrived',
  noSeat: 'The hold had run out and the event was full when the payment arrived',
  notOwnIntent: "The payment is not the RSVP's own payment intent",
  amountMismatch: 'The amount received is not the amount due',
} as const;
export type RefundReason = (typeof REFUND_REASONS)[keyof typeof REFUND_REASONS];

export type PaymentDecision = { outcome: Exclude<PaymentOutcome, 'refund'> } | { outcome: 'refund'; reason: RefundReason; ownIntent: boolean };

/**
 * Decides what a succeeded payment does to its RSVP (pure, so every case is
 * unit-tested). The payment must be the RSVP's own intent, for exactly the amount
 * due; then it confirms a held seat, or re-takes a lapsed hold's seat when one is
 * free. A payment for a cancelled RSVP, without a seat, of another intent or of
 * another amount is refunded: no ticket is issued for it.
 */
export function decideSucceededPayment(
  rsvp: Pick<RsvpRecord, 'status' | 'paymentStatus' | 'paymentIntentId' | 'amountDue'>,
  /** A lapsed hold's seat can be taken again: its event still exists and has a free seat (read in the same transaction). */
  seatFree: boolean,
  intent: Pick<PaymentIntent, 'id' | 'amountReceived' | 'currency'>,
): PaymentDecision {
  if (rsvp.paymentIntentId !== intent.id) return { outcome: 'refund', reason: REFUND_REASONS.notOwnIntent, ownIntent: false };
  if (rsvp.paymentStatus === 'paid' || rsvp.paymentStatus === 'refunded') return { outcome: 'already-confirmed' };
  if (intent.amountReceived !== rsvp.amountDue || intent.currency.toUpperCase() !== CURRENCY) {
    return { outcome: 'refund', reason: REFUND_REASONS.amountMismatch, ownIntent: true };
  }
  if (rsvp.status === 'cancelled') return { outcome: 'refund', reason: REFUND_REASONS.cancelled, ownIntent: true };
  if (rsvp.status === 'pending_payment') return { outcome: 'confirmed' };
  if (rsvp.status === 'released') {
    return seatFree ? { outcome: 'confirmed' } : { outcome: 'refund', reason: REFUND_REASONS.noSeat, ownIntent: true };
  }
  return { outcome: 'ignored' };
}

/**
 * Decides what a succeeded payment of an order (issue 26 item 1) does to its tickets, all together:
 * the payment must be every ticket's own intent, for exactly the order's sum; then it confirms the
 * held seats, and re-takes a lapsed order's seats only when all of them are free. A ticket cancelled
 * meanwhile, a missing seat or another amount refunds the whole payment: no ticket comes of it.
 */
export function decideOrderPayment(
  tickets: Pick<RsvpRecord, 'status' | 'paymentStatus' | 'paymentIntentId' | 'amountDue'>[],
  seatsFree: boolean,
  intent: Pick<PaymentIntent, 'id' | 'amountReceived' | 'currency'>,
): PaymentDecision {
  if (tickets.length === 0 || tickets.some((ticket) => ticket.paymentIntentId !== intent.id)) {
    return { outcome: 'refund', reason: REFUND_REASONS.notOwnIntent, ownIntent: false };
  }
  if (tickets.every((ticket) => ticket.paymentStatus === 'paid' || ticket.paymentStatus === 'refunded')) return { outcome: 'already-confirmed' };
  const due = tickets.reduce((sum, ticket) => sum + ticket.amountDue, 0);
  if (intent.amountReceived !== due || intent.currency.toUpperCase() !== CURRENCY) return { outcome: 'refund', reason: REFUND_REASONS.amountMismatch, ownIntent: true };
  if (tickets.some((ticket) => ticket.status === 'cancelled')) return { outcome: 'refund', reason: REFUND_REASONS.cancelled, ownIntent: true };
  if (tickets.some((ticket) => ticket.status !== 'pending_payment' && ticket.status !== 'released')) return { outcome: 'ignored' };
  if (tickets.some((ticket) => ticket.status === 'released') && !seatsFree) return { outcome: 'refund', reason: REFUND_REASONS.noSeat, ownIntent: true };
  return { outcome: 'confirmed' };
}

/** A client secret compared in constant time (it is what proves the caller started this payment). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && b.length > 0 && timingSafeEqual(a, b);
}

export function createPaymentService({ store, clock, payments, onMailQueued, onMailchimpQueued, receiptLink, onSeatsFreed }: PaymentServiceDeps) {
  /**
   * The card that paid (issue 26 item 2). A webhook's intent names its charge without the card, so
   * the provider is asked; a failed lookup must not hold up the tickets: the receipt then shows no card.
   */
  async function paidWithCard(intent: PaymentIntent): Promise<PaymentCard | null> {
    if (intent.card !== undefined) return intent.card;
    try {
      return (await payments.retrieveIntent(intent.id))?.card ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Applies a succeeded payment of an order (issue 26 item 1): every ticket confirmed and paid (each
   * with its own price), the order stamped paid and a ticket e-mail queued per ticket, in one
   * transaction with the event-id record; or the whole payment given back and every held seat freed.
   */
  async function applyOrderSucceeded(event: IntentEvent, orderId: string): Promise<PaymentOutcome> {
    const rsvpId = event.intent.metadata.rsvpId ?? '';
    const card = await paidWithCard(event.intent);
    const now = clock.now();
    const at = now.toISOString();
    const record = { type: event.type, intentId: event.intent.id, rsvpId, orderId, at };
    let mailchimpQueued = false;
    const decision = await store.runTransaction(async (tx): Promise<PaymentDecision> => {
      mailchimpQueued = false;
      if (await tx.get(PAYMENT_EVENTS, event.id)) return { outcome: 'already-confirmed' };
      const { order, tickets } = await readOrderWithTickets(tx, orderId);
      if (!order) return { outcome: 'ignored' };
      const queueOrderMail = await queueOrderMailOnce(tx, { id: orderId, email: order.data.email, leadRsvpId: order.data.rsvpIds[0] ?? null }, now);
      const eventDoc = await readEvent(tx, order.data.eventId);
      const lapsed = tickets.filter((ticket) => ticket.data.status === 'released');
      const held = tickets.filter((ticket) => ticket.data.status === 'pending_payment');
      const freeSeats = lapsed.length && eventDoc ? await findFreeSeats(tx, eventDoc, lapsed.length) : null;
      // Lapsed tickets take seats of their types' quotas again too (issue 26 item 4): all of them, or the payment goes back.
      const typeFound = freeSeats && eventDoc ? await findTypeSeats(tx, eventDoc, lapsed.map((ticket) => ticket.data.ticketType)) : null;
      const freeTypeSeats = typeFound && !('soldOut' in typeFound) ? typeFound : null;
      const releases = await Promise.all(held.map((ticket) => findSeatToGiveBack(tx, eventDoc, ticket.data)));
      const decided = decideOrderPayment(tickets.map((ticket) => ticket.data), lapsed.length === 0 || (freeSeats !== null && freeTypeSeats !== null), event.intent);
      if (decided.outcome !== 'refund') tx.set(PAYMENT_EVENTS, event.id, { ...record, outcome: decided.outcome });
      if (decided.outcome === 'confirmed') {
        const retaken = freeSeats ? takeSeats(tx, freeSeats) : [];
        const typeRetaken = freeTypeSeats ? takeTypeSeats(tx, freeTypeSeats) : [];
        for (const ticket of tickets) {
          const lapsedAt = lapsed.indexOf(ticket);
          const seat = lapsedAt >= 0 ? { taken: retaken[lapsedAt] ?? null, typeTaken: typeRetaken[lapsedAt] ?? null } : null;
          if (markPaid(tx, ticket, eventDoc, seat, { intentId: event.intent.id, amountPaid: ticket.data.amountDue, card }, now)) mailchimpQueued = true;
          recordAudit(tx, { actor: PAYMENT_PROVIDER, action: 'rsvp.paid', target: rsvpTarget(ticket.id, ticket.data) }, now);
        }
        // One e-mail for the whole order with every ticket and the receipt (issue 26 item 2), once.
        queueOrderMail();
        tx.update(ORDERS, orderId, { paidAt: at, paymentIntentId: event.intent.id, card });
      }
      if (decided.outcome === 'refund' && decided.ownIntent) {
        for (const ticket of tickets) markRefundDue(tx, ticket, null, decided.reason);
        // The held seats go back together: two tickets in one shard write it once.
        giveSeatsBack(tx, releases);
      }
      return decided;
    });
    return finishSucceeded(event, record, decision, mailchimpQueued, async (tx) => (await readOrderWithTickets(tx, orderId)).tickets);
  }

  /**
   * After a succeeded payment's transaction, for one ticket and for an order alike: the deliveries it
   * queued are kicked; a payment that could not be taken is refunded with the provider, then recorded
   * (the event-id record and, when the payment was the tickets' own, each ticket refunded) in one
   * transaction, so a retried event retries the refund. `paidFor` reads the tickets it paid.
   */
  async function finishSucceeded(
    event: IntentEvent,
    record: AppliedPaymentEvent,
    decision: PaymentDecision,
    mailchimpQueued: boolean,
    paidFor: (tx: Transaction) => Promise<RsvpDocument[]>,
  ): Promise<PaymentOutcome> {
    if (decision.outcome === 'confirmed') onMailQueued?.();
    if (mailchimpQueued) onMailchimpQueued?.();
    if (decision.outcome === 'refund') {
      await payments.refund(event.intent.id, `refund-${event.intent.id}`);
      await store.runTransaction(async (tx) => {
        const tickets = decision.ownIntent ? await paidFor(tx) : [];
        tx.set(PAYMENT_EVENTS, event.id, { ...record, outcome: 'refund', refundReason: decision.reason });
        for (const ticket of tickets) refund(tx, ticket, record.at);
      });
    }
    return decision.outcome;
  }

  /** Marks the intent's RSVP paid or refunds it, in one transaction with the event-id record. */
  async function applySucceeded(event: IntentEvent): Promise<PaymentOutcome> {
    if (event.intent.metadata.orderId) return applyOrderSucceeded(event, event.intent.metadata.orderId);
    const rsvpId = event.intent.metadata.rsvpId;
    if (!rsvpId) return 'ignored';
    const card = await paidWithCard(event.intent);
    const now = clock.now();
    const at = now.toISOString();
    const record = { type: event.type, intentId: event.intent.id, rsvpId, at };
    // Set by the run of the transaction that commits (a re-run starts again from false).
    let mailchimpQueued = false;
    const decision = await store.runTransaction(async (tx): Promise<PaymentDecision> => {
      mailchimpQueued = false;
      if (await tx.get(PAYMENT_EVENTS, event.id)) return { outcome: 'already-confirmed' };
      const { rsvp, event: eventDoc, seat } = await readRsvpWithSeat(tx, rsvpId);
      if (!rsvp) return { outcome: 'ignored' };
      const freeSeat: SeatClaim | null = rsvp.data.status === 'released' && eventDoc ? await findFreeSeat(tx, eventDoc) : null;
      // A lapsed hold needs a seat of its type's quota too (issue 26 item 4), else the payment goes back.
      const typeFound = freeSeat && eventDoc ? await findTypeSeats(tx, eventDoc, [rsvp.data.ticketType]) : null;
      const freeTypeSeat: TypeSeatClaim | null = typeFound && !('soldOut' in typeFound) ? typeFound : null;
      const decided = decideSucceededPayment(rsvp.data, freeSeat !== null && freeTypeSeat !== null, event.intent);
      // A refund is recorded as applied only once the provider accepted it, so a retried event retries it.
      if (decided.outcome !== 'refund') tx.set(PAYMENT_EVENTS, event.id, { ...record, outcome: decided.outcome });
      if (decided.outcome === 'confirmed') {
        mailchimpQueued = markPaid(tx, rsvp, eventDoc, freeSeat, { intentId: event.intent.id, amountPaid: event.intent.amountReceived, card }, now, freeTypeSeat);
        queueMail(tx, { kind: eventDoc ? confirmationMailKind(eventDoc.data) : 'ticket', rsvpId, to: rsvp.data.email }, now);
        recordAudit(tx, { actor: PAYMENT_PROVIDER, action: 'rsvp.paid', target: rsvpTarget(rsvpId, rsvp.data) }, now);
      }
      // Another intent naming this RSVP leaves the RSVP's own payment alone; only the record says why it was refunded.
      if (decided.outcome === 'refund' && decided.ownIntent) markRefundDue(tx, rsvp, seat, decided.reason);
      return decided;
    });
    return finishSucceeded(event, record, decision, mailchimpQueued, async (tx) => {
      const rsvp = await readRsvp(tx, rsvpId);
      return rsvp ? [rsvp] : [];
    });
  }

  /**
   * The provider confirms a refund (issue 25 item 4): the ticket its attendee cancelled with a refund
   * due (refundRequestedAt) is marked refunded, in one transaction with the event-id record, so a
   * retried notification changes nothing. The RSVP is found by the intent: a ticket given on passed
   * its intent to the new ticket, and only the one that asked for the refund is marked. A refund asked
   * for otherwise (an admin's, already recorded; one made in the provider's dashboard) changes nothing here.
   */
  async function applyRefunded(event: RefundEvent) {
    const { intentId, amountRefunded } = event.refund;
    if (!intentId) return;
    const at = clock.now().toISOString();
    const queued = await store.runTransaction(async (tx) => {
      if (await tx.get(PAYMENT_EVENTS, event.id)) return false;
      const paidWith = await tx.query(RSVPS, { where: [['paymentIntentId', '==', intentId]] });
      const asked = paidWith.find((doc) => doc.data.refundRequestedAt && doc.data.paymentStatus === 'paid' && !doc.data.transferredTo);
      // Nothing of ours asked for it (an admin's refund is recorded by refundRsvp itself): nothing to write.
      if (!asked) return false;
      const job = await tx.get(REFUND_JOBS, asked.id);
      // Issue 26 item 3: the attendee is told the amount this refund gave back, as the provider says it
      // (the charge's refunded total less what earlier refunds of its other tickets already gave back),
      // once: the notice's key is the ticket's refund key, shared with an admin's refund.
      const earlier = paidWith.reduce((sum, doc) => sum + (doc.id !== asked.id && doc.data.paymentStatus === 'refunded' ? (doc.data.amountRefunded ?? 0) : 0), 0);
      const notice = await queueNoticeOnce(tx, noticeMailId('refund', asked.id), { kind: 'refundIssued', rsvpId: asked.id, to: asked.data.email }, new Date(at));
      tx.set(PAYMENT_EVENTS, event.id, { type: event.type, intentId, rsvpId: asked.id, at, outcome: 'refunded' });
      // The charge's refunded total counts every ticket of an order refunded so far: a ticket of one records its own price (issue 26 item 4).
      tx.update(RSVPS, asked.id, { paymentStatus: 'refunded', amountRefunded: asked.data.orderId ? asked.data.amountPaid : amountRefunded, refundedAt: at });
      // The webhook may overtake the worker's own record of the provider's answer.
      if (job && !job.data.acceptedAt) tx.update(REFUND_JOBS, asked.id, { acceptedAt: at });
      recordAudit(tx, { actor: PAYMENT_PROVIDER, action: 'rsvp.refunded', target: rsvpTarget(asked.id, asked.data) }, new Date(at));
      return notice({ outcome: 'refunded', amountCents: Math.max(0, amountRefunded - earlier) });
    });
    if (queued) onMailQueued?.();
  }

  /** A failed or cancelled intent gives its held seat back (an order's: every seat of it, issue 26 item 1). */
  async function applyFailed(event: IntentEvent) {
    const rsvpId = event.intent.metadata.rsvpId;
    const orderId = event.intent.metadata.orderId;
    if (orderId) {
      await store.runTransaction(async (tx) => {
        if (await tx.get(PAYMENT_EVENTS, event.id)) return;
        const { order, tickets } = await readOrderWithTickets(tx, orderId);
        const eventDoc = order ? await readEvent(tx, order.data.eventId) : null;
        const held = tickets.filter((ticket) => ticket.data.status === 'pending_payment');
        const releases = await Promise.all(held.map((ticket) => findSeatToGiveBack(tx, eventDoc, ticket.data)));
        tx.set(PAYMENT_EVENTS, event.id, { type: event.type, intentId: event.intent.id, rsvpId: rsvpId ?? '', orderId, at: clock.now().toISOString() });
        for (const ticket of held) markPaymentFailed(tx, ticket, null);
        giveSeatsBack(tx, releases);
      });
      // A waitlist's seats (issue 28) are offered at once, not at the next scheduled run.
      onSeatsFreed?.();
      return;
    }
    if (!rsvpId) return;
    await store.runTransaction(async (tx) => {
      if (await tx.get(PAYMENT_EVENTS, event.id)) return;
      const { rsvp, seat } = await readRsvpWithSeat(tx, rsvpId);
      tx.set(PAYMENT_EVENTS, event.id, { type: event.type, intentId: event.intent.id, rsvpId, at: clock.now().toISOString() });
      if (rsvp) markPaymentFailed(tx, rsvp, seat);
    });
    onSeatsFreed?.();
  }

  return {
    /**
     * Prices the ticket on the server, compares the client's amount, holds a
     * seat on a pending RSVP and opens an intent for exactly that amount.
     */
    async createIntent(input: CreatePaymentIntentInput): Promise<CreatePaymentIntentReply> {
      if (input.orderId) return this.createOrderIntent(input, input.orderId);
      const now = clock.now();
      const eventId = await resolveEventId(store, input.eventId);
      // The seat shard is chosen before the transaction, which then locks that one shard alone (seats/choice.ts).
      const held = await withSeatChoice(store, eventId, (seatChoice) =>
        store.runTransaction(async (tx) => {
          const eventDoc = await readEventDocument(tx, eventId);
          const event = toEventDetails(eventDoc);
          const existing = input.rsvpId ? await readRsvp(tx, input.rsvpId) : null;
          if (existing && existing.data.eventId === event.id && isActiveRegistration(existing.data, now.toISOString()) && existing.data.status === 'pending_payment') {
            // A hold taken before the registration deadline may be paid after it, within its window (issue 26 item 4).
            assertHoldPayable(event, now);
            const price = ticketPriceCents(event, existing.data.ticketType);
            if (input.amount !== price) throw new RuleError('AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch, 'invalid', 'amount');
            // Paying again pays the same hold: its expiry was fixed when it was created and is never moved.
            return { rsvpId: existing.id, amount: price };
          }
          const person = validateOrRefuse(rsvpInputSchema, { name: input.name, email: input.email, ticketType: input.ticketType });
          if (!event.requiresPayment) throw new RuleError('INVALID_TICKET', RSVP_MESSAGES.invalidTicket, 'invalid', 'ticketType');
          const registration = await register(tx, eventDoc, person, now, seatChoice);
          if (registration.outcome === 'already-registered') {
            // Their ticket, or the link to pay their hold, goes to the address on file; the reply says only that (issue 23).
            const { rsvp, resend } = registration;
            if (resend) queueMail(tx, { kind: repeatMailKind(event, rsvp.data), rsvpId: rsvp.id, to: rsvp.data.email }, now);
            return { alreadyRegistered: true as const, mailQueued: resend };
          }
          const { rsvpId, rsvp: { amountDue } } = registration;
          // A mismatch aborts the transaction, so a buffered RSVP and seat are never written.
          if (input.amount !== amountDue) throw new RuleError('AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch, 'invalid', 'amount');
          return { rsvpId, amount: amountDue };
        }),
      );
      if ('alreadyRegistered' in held) {
        if (held.mailQueued) onMailQueued?.();
        throw alreadyRegistered();
      }
      const { rsvpId, amount } = held;
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

    /**
     * One payment for an unpaid order of several tickets (issue 26 item 1): the order's price is the
     * sum of its tickets' prices, set by the server when it was made; the client's amount is only
     * compared. Every ticket must still hold its seat. Paying again pays the same order.
     */
    async createOrderIntent(input: CreatePaymentIntentInput, orderId: string): Promise<CreatePaymentIntentReply> {
      const now = clock.now();
      const eventId = await resolveEventId(store, input.eventId);
      const { leadId, amount, email } = await store.runTransaction(async (tx) => {
        const { order, tickets } = await readOrderWithTickets(tx, orderId);
        if (!order || order.data.eventId !== eventId || tickets.length === 0) throw new RuleError('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound, 'not-found');
        if (tickets.every((ticket) => ticket.data.paymentStatus === 'paid')) throw new RuleError('ALREADY_PAID', RSVP_MESSAGES.alreadyPaid, 'conflict');
        const nowIso = now.toISOString();
        if (!tickets.every((ticket) => ticket.data.status === 'pending_payment' && isActiveRegistration(ticket.data, nowIso))) {
          throw new RuleError('LINK_EXPIRED', RSVP_MESSAGES.paymentLinkExpired, 'gone');
        }
        // The order's holds are running: like a single hold, payable after the registration deadline until the start (issue 26 item 4).
        assertHoldPayable(toEventDetails(await readEventDocument(tx, eventId)), now);
        const due = tickets.reduce((sum, ticket) => sum + ticket.data.amountDue, 0);
        if (input.amount !== due) throw new RuleError('AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch, 'invalid', 'amount');
        return { leadId: order.data.rsvpIds[0], amount: due, email: order.data.email };
      });
      const intent = await payments.createIntent({
        amount,
        currency: CURRENCY.toLowerCase(),
        metadata: { rsvpId: leadId, orderId, eventId: input.eventId },
        receiptEmail: email,
        idempotencyKey: `order-${orderId}-${amount}`,
      });
      await store.runTransaction(async (tx) => {
        const { order, tickets } = await readOrderWithTickets(tx, orderId);
        for (const ticket of tickets) attachPaymentIntent(tx, ticket, intent.id);
        if (order) tx.update(ORDERS, orderId, { paymentIntentId: intent.id });
      });
      return { success: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id, rsvpId: leadId, amount, currency: intent.currency };
    },

    /** Applies a verified provider event; the same event twice changes nothing. */
    async handleEvent(event: PaymentEvent): Promise<void> {
      if (event.refund) await applyRefunded(event);
      else if (event.type === 'payment_intent.succeeded') await applySucceeded(event);
      else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') await applyFailed(event);
    },

    /**
     * The payment-success page asks; the provider's own record of the intent decides. Only
     * a caller holding the intent's client secret (the browser that paid) is answered: an
     * intent id alone, which may travel in links and logs, tells nobody the ticket id.
     */
    async confirm(paymentIntentId: string, clientSecret: string): Promise<ConfirmPaymentReply> {
      const intent: PaymentIntent | null = await payments.retrieveIntent(paymentIntentId);
      if (!intent || !sameSecret(clientSecret, intent.clientSecret)) throw new RuleError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound, 'not-found');
      if (intent.status === 'succeeded') await applySucceeded({ id: `confirm:${intent.id}`, type: 'payment_intent.succeeded', intent });
      const rsvpId = intent.metadata.rsvpId ?? null;
      const rsvp = rsvpId ? await findRsvp(store, rsvpId) : null;
      // The ticket is this intent's only when the RSVP was paid with it.
      const confirmed = rsvp?.data.status === 'confirmed' && rsvp.data.paymentStatus === 'paid' && rsvp.data.paymentIntentId === intent.id;
      const orderId = intent.metadata.orderId;
      // An order's page lists every ticket it paid for (issue 26 item 1), each with its page.
      const order = orderId && confirmed ? await store.runTransaction((tx) => readOrderWithTickets(tx, orderId)) : null;
      const tickets: OrderTicketReply[] | undefined = order?.tickets.map((ticket) => ({
        id: ticket.data.paymentIntentId === intent.id ? ticket.id : null,
        name: ticket.data.name,
        ticketType: ticket.data.ticketType,
        price: ticket.data.amountDue,
      }));
      const paidOrder = order?.order?.data.paidAt ? order.order : null;
      // The receipt (issue 26 item 2): the card and a link to the printable page, once the order is paid.
      const receipt = paidOrder && orderId ? { card: paidOrder.data.card ?? null, ...(receiptLink ? { receiptUrl: await receiptLink(orderId) } : {}) } : {};
      return {
        ...(orderId ? { orderId, ...(tickets ? { tickets } : {}), ...(order?.order?.data.paidAt ? { paidAt: order.order.data.paidAt } : {}), ...receipt } : {}),
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
    async refundRsvp(rsvpId: string, audit?: { actor: AuditActor; reason: string | null }): Promise<RefundReply> {
      const found = await findRsvp(store, rsvpId);
      if (!found) throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
      if (!isRefundable(found.data)) throw new RuleError('NOT_REFUNDABLE', RSVP_MESSAGES.notRefundable, 'conflict');
      try {
        // A ticket of an order (issue 26 item 4) shares the order's payment: only its own price goes back.
        await payments.refund(found.data.paymentIntentId!, rsvpRefundKey(rsvpId), found.data.orderId ? found.data.amountPaid : undefined);
      } catch (error) {
        throw new RuleError('REFUND_FAILED', `${RSVP_MESSAGES.refundFailed}: ${providerReason(error)}`, 'provider-failed');
      }
      const refundedAt = clock.now().toISOString();
      const { rsvp, noticeQueued } = await store.runTransaction(async (tx) => {
        const { rsvp: doc, event, seat } = await readRsvpWithSeat(tx, rsvpId);
        if (!doc) throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
        // Issue 26 item 3: ONE notice says both the cancel and the refund (the provider accepted it
        // before this transaction, so they are one fact); a ticket an admin had cancelled before is
        // told of the refund alone. The refund key is shared with the webhook's notice: told once.
        const wasRefunded = doc.data.paymentStatus === 'refunded';
        const notice = await queueNoticeOnce(
          tx,
          noticeMailId('refund', rsvpId),
          { kind: doc.data.status === 'cancelled' ? 'refundIssued' : 'ticketCancelledByAdmin', rsvpId, to: doc.data.email },
          new Date(refundedAt),
        );
        const done = cancelAndRefund(tx, doc, event, seat, refundedAt);
        if (audit) recordAudit(tx, { ...audit, action: 'rsvp.refunded', target: rsvpTarget(rsvpId, doc.data) }, new Date(refundedAt));
        // The amount is the one recorded for this refund (cancelAndRefund), not assumed to be the price.
        const queued = !wasRefunded && notice({ outcome: 'refunded', amountCents: done.data.amountRefunded ?? 0 });
        return { rsvp: toRsvpView(done), noticeQueued: queued };
      });
      if (noticeQueued) onMailQueued?.();
      onSeatsFreed?.();
      return { success: true, message: RSVP_MESSAGES.refunded, rsvp };
    },

    /** Scheduled: holds unpaid after PAYMENT_HOLD_MS give their seats back. */
    async releaseExpiredHolds(): Promise<number> {
      const now = clock.now().toISOString();
      const expired = await findExpiredHolds(store, now);
      let released = 0;
      for (const doc of expired) {
        released += await store.runTransaction(async (tx) => {
          const { rsvp, seat } = await readRsvpWithSeat(tx, doc.id);
          if (!rsvp || !releaseHold(tx, rsvp, seat, now)) return 0;
          recordAudit(tx, { actor: SYSTEM, action: 'rsvp.cancelled', target: rsvpTarget(rsvp.id, rsvp.data), reason: 'Payment hold expired' }, new Date(now));
          return 1;
        });
      }
      return released;
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
