import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { OFFLINE_INTENTS, type OfflineGateway } from '../../src/payments/offline.js';
import { PAYMENT_EVENTS, REFUND_REASONS } from '../../src/payments/service.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { OFFLINE_TEST_CARDS, PAYMENT_MESSAGES } from '../../src/shared/payments-model.js';
import { RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { createTestApi, type TestApi } from '../support/api.js';
import { createPaidEvent, openPayment } from '../support/payments.js';
import { numberedName } from '../support/names.js';
import { seatsTakenOf } from '../support/seats.js';

/*
 * Issue 12 item 6, "payments, closed at every edge": a payment for a cancelled RSVP is
 * refunded and issues no ticket; cancelling a hold cancels its intent; a payment that
 * is not the RSVP's own intent, or not the amount due, is refunded with its reason;
 * POST /payments/confirm names the ticket only to the holder of the client secret.
 */

let api: TestApi;
/** When set, the provider refuses to cancel intents (down, or too late). */
let cancelRefusal: string | null = null;
const cancelsAsked: string[] = [];

beforeAll(async () => {
  api = await createTestApi({
    payments: (gateway: OfflineGateway): OfflineGateway => ({
      ...gateway,
      async cancelIntent(intentId) {
        cancelsAsked.push(intentId);
        if (cancelRefusal) throw new Error(cancelRefusal);
        return gateway.cancelIntent(intentId);
      },
    }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  cancelRefusal = null;
});

let buyers = 0;
/** A new buyer each time: the same name and e-mail twice on one event would be a repeat registration. */
const nextBuyer = () => ({ name: numberedName('Buyer', ++buyers), email: `buyer${buyers}@example.org` });

const pay = (intent: { paymentIntentId: string; clientSecret: string }) =>
  api.request
    .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
    .send({ clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' });

const rsvp = async (id: string) => (await api.deps.store.get(RSVPS, id))!.data;
const offlineIntent = async (id: string) => (await api.deps.store.get(OFFLINE_INTENTS, id))!.data;
const attendees = async (eventId: string) => await seatsTakenOf(api.deps.store, eventId);
const mailsFor = async (rsvpId: string) => (await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', rsvpId]] })).length;
const appliedFor = async (intentId: string) => (await api.deps.store.query(PAYMENT_EVENTS, { where: [['intentId', '==', intentId]] })).map((doc) => doc.data);

describe('cancelling an unpaid hold', () => {
  it("cancels its payment intent with the provider, so the card form can no longer take the money", async () => {
    const event = await createPaidEvent(api);
    const intent = await openPayment(api, event.id, nextBuyer());
    const cancelled = await api.request.delete(`/api/rsvps/${intent.rsvpId}`).set(api.bearer('admin'));
    expect(cancelled.body).toEqual({ success: true, message: RSVP_MESSAGES.cancelled });
    expect(cancelsAsked).toContain(intent.paymentIntentId);
    expect((await offlineIntent(intent.paymentIntentId)).status).toBe('canceled');
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'cancelled' });
    expect(await attendees(event.id)).toBe(0);
    const paid = await pay(intent);
    expect(paid.status).toBe(402);
    expect(paid.body).toMatchObject({ code: 'PAYMENT_NOT_FOUND', message: PAYMENT_MESSAGES.notFound });
    expect(await mailsFor(intent.rsvpId)).toBe(0);
  });

  it('a hold without an intent yet is cancelled without asking the provider', async () => {
    const event = await createPaidEvent(api);
    const registered = await api.request.post(`/api/events/${event.id}/rsvp`).send({ ...nextBuyer(), ticketType: 'Member' });
    const asked = cancelsAsked.length;
    const cancelled = await api.request.delete(`/api/rsvps/${registered.body.rsvpId}`).set(api.bearer('admin'));
    expect(cancelled.body.message).toBe(RSVP_MESSAGES.cancelled);
    expect(cancelsAsked).toHaveLength(asked);
  });

  it('when the provider cannot cancel the intent, the RSVP is still cancelled and the admin is told a payment would be refunded', async () => {
    const event = await createPaidEvent(api);
    const intent = await openPayment(api, event.id, nextBuyer());
    cancelRefusal = 'Stripe is unreachable';
    const cancelled = await api.request.delete(`/api/rsvps/${intent.rsvpId}`).set(api.bearer('admin'));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(RSVP_MESSAGES.cancelledIntentOpen);
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'cancelled' });
  });
});

describe('a payment for an RSVP an admin cancelled', () => {
  it('is refunded automatically through the provider, with the reason recorded, and issues no ticket', async () => {
    const event = await createPaidEvent(api, { maxAttendees: 5 });
    const intent = await openPayment(api, event.id, nextBuyer());
    // The provider could not cancel the intent, so the visitor's payment still goes through afterwards.
    cancelRefusal = 'Stripe is unreachable';
    await api.request.delete(`/api/rsvps/${intent.rsvpId}`).set(api.bearer('admin')).expect(200);
    expect(await attendees(event.id)).toBe(0);

    await pay(intent).expect(200);
    expect(await rsvp(intent.rsvpId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      amountPaid: 0,
      refundReason: REFUND_REASONS.cancelled,
      refundedAt: '2026-11-21T12:00:00.000Z',
    });
    expect((await offlineIntent(intent.paymentIntentId)).refunded).toBe(true);
    expect(await appliedFor(intent.paymentIntentId)).toEqual([expect.objectContaining({ outcome: 'refund', refundReason: REFUND_REASONS.cancelled })]);
    expect(await mailsFor(intent.rsvpId)).toBe(0);
    expect(await attendees(event.id)).toBe(0);
    // Its link says cancelled and refunded (issue 24 item 8): no ticket to present.
    expect((await api.request.get(`/api/checkin/${intent.rsvpId}?format=json`).expect(200)).body.ticket.cancelled).toEqual({ refunded: true, at: '2026-11-21T12:00:00.000Z' });
    const confirm = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    expect(confirm.body.ticketId).toBeNull();
  });
});

describe('the webhook checks that the payment is the RSVP’s own, for the amount due', () => {
  it("refunds another intent naming the RSVP, recording why, and leaves the RSVP's own hold as it was", async () => {
    const event = await createPaidEvent(api);
    const victim = await openPayment(api, event.id, nextBuyer());
    const other = await openPayment(api, event.id, nextBuyer());
    // The other intent claims the victim's RSVP (as a replayed or crafted intent would).
    await api.deps.store.runTransaction(async (tx) =>
      tx.update(OFFLINE_INTENTS, other.paymentIntentId, { metadata: { rsvpId: victim.rsvpId, eventId: event.id } }),
    );
    const victimBefore = await rsvp(victim.rsvpId);
    await pay(other).expect(200);
    expect(await rsvp(victim.rsvpId)).toEqual(victimBefore);
    expect((await offlineIntent(other.paymentIntentId)).refunded).toBe(true);
    expect(await appliedFor(other.paymentIntentId)).toEqual([
      expect.objectContaining({ rsvpId: victim.rsvpId, outcome: 'refund', refundReason: REFUND_REASONS.notOwnIntent }),
    ]);
    expect(await mailsFor(victim.rsvpId)).toBe(0);
    // The victim can still pay their own hold.
    await pay(victim).expect(200);
    expect(await rsvp(victim.rsvpId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountPaid: 3500 });
  });

  it('refunds a payment of another amount, gives the seat back, records why, and issues no ticket', async () => {
    const event = await createPaidEvent(api);
    const intent = await openPayment(api, event.id, nextBuyer());
    await api.deps.store.runTransaction(async (tx) => tx.update(OFFLINE_INTENTS, intent.paymentIntentId, { amount: 100 }));
    await pay(intent).expect(200);
    expect(await rsvp(intent.rsvpId)).toMatchObject({
      status: 'released',
      paymentStatus: 'refunded',
      amountPaid: 0,
      refundReason: REFUND_REASONS.amountMismatch,
    });
    expect((await offlineIntent(intent.paymentIntentId)).refunded).toBe(true);
    expect(await appliedFor(intent.paymentIntentId)).toEqual([expect.objectContaining({ outcome: 'refund', refundReason: REFUND_REASONS.amountMismatch })]);
    expect(await mailsFor(intent.rsvpId)).toBe(0);
    expect(await attendees(event.id)).toBe(0);
  });

  it('a refund the provider refuses is retried by the next delivery, and the RSVP keeps no ticket meanwhile', async () => {
    const failing = await createTestApi({
      payments: (gateway) => ({
        ...gateway,
        async refund() {
          throw new Error('Stripe is unreachable');
        },
      }),
    });
    try {
      const event = await createPaidEvent(failing);
      const intent = await openPayment(failing, event.id, nextBuyer());
      await failing.deps.store.runTransaction(async (tx) => tx.update(OFFLINE_INTENTS, intent.paymentIntentId, { amount: 100 }));
      const paid = await failing.request
        .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
        .send({ clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' });
      // The provider's refusal fails the delivery (Stripe retries a webhook it could not deliver).
      expect(paid.status).toBeGreaterThanOrEqual(500);
      expect((await failing.deps.store.get(RSVPS, intent.rsvpId))!.data).toMatchObject({ paymentStatus: 'failed', refundReason: REFUND_REASONS.amountMismatch });
      // Not recorded as applied: the provider's next delivery of the event tries the refund again.
      expect(await failing.deps.store.query(PAYMENT_EVENTS, { where: [['intentId', '==', intent.paymentIntentId]] })).toHaveLength(0);
      expect(await failing.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', intent.rsvpId]] })).toHaveLength(0);
    } finally {
      await failing.close();
    }
  });
});

describe('POST /payments/confirm', () => {
  it('names the ticket only to the caller holding the client secret', async () => {
    const event = await createPaidEvent(api);
    const intent = await openPayment(api, event.id, nextBuyer());
    await pay(intent).expect(200);

    const idOnly = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId });
    expect(idOnly.status).toBe(400);
    expect(idOnly.body).toMatchObject({ success: false, code: 'INVALID_INPUT', message: PAYMENT_MESSAGES.clientSecretRequired });
    expect(JSON.stringify(idOnly.body)).not.toContain(intent.rsvpId);

    for (const clientSecret of ['pi_guess_secret_0000', `${intent.clientSecret}x`, intent.paymentIntentId]) {
      const wrong = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret });
      expect(wrong.status).toBe(404);
      expect(wrong.body).toEqual({ success: false, code: 'PAYMENT_NOT_FOUND', message: PAYMENT_MESSAGES.notFound });
    }

    const right = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
      success: true,
      status: 'succeeded',
      paymentIntentId: intent.paymentIntentId,
      rsvpId: intent.rsvpId,
      eventId: event.id,
      ticketId: intent.rsvpId,
    });
  });

  it('a wrong secret does not apply a payment either: the RSVP stays as it was', async () => {
    const event = await createPaidEvent(api);
    const intent = await openPayment(api, event.id, nextBuyer());
    // Paid at the provider, but the notification has not arrived yet.
    await api.deps.store.runTransaction(async (tx) => tx.update(OFFLINE_INTENTS, intent.paymentIntentId, { status: 'succeeded', amountReceived: 3500 }));
    const before = await rsvp(intent.rsvpId);
    await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret: 'nope' }).expect(404);
    expect(await rsvp(intent.rsvpId)).toEqual(before);
    const right = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    expect(right.body.ticketId).toBe(intent.rsvpId);
  });
});
