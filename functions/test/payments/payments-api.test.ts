import { createServer } from 'node:http';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/shared/payments-model.js';
import { signPayload } from '../../src/payments/webhook-signature.js';
import { createTestApi, TEST_WEBHOOK_SECRET, type TestApi } from '../support/api.js';
import { asCloudFunction } from '../support/cloud-function.js';
import { createPaidEvent } from '../support/payments.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { OFFLINE_INTENTS } from '../../src/payments/offline.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { seatsTakenOf } from '../support/seats.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const buyer = { name: 'Mary Austin', email: 'mary@example.org', ticketType: 'Member' };

const paidEvent = (body: Record<string, unknown> = {}) => createPaidEvent(api, body);

async function intentFor(eventId: string, amount = 3500) {
  const response = await api.request.post('/api/create-payment-intent').send({ eventId, amount, ...buyer });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { clientSecret: string; paymentIntentId: string; rsvpId: string; amount: number };
}

function pay(intent: { paymentIntentId: string; clientSecret: string }, cardNumber = '4242 4242 4242 4242') {
  return api.request
    .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
    .send({ clientSecret: intent.clientSecret, cardNumber, expiry: '12/30', cvc: '123' });
}

const rsvp = async (id: string) => (await api.deps.store.get(RSVPS, id))?.data as Record<string, unknown>;
const attendees = async (eventId: string) => await seatsTakenOf(api.deps.store, eventId);
const ticketMails = async (rsvpId: string) => (await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', rsvpId]] })).length;

function webhook(event: unknown, secret = TEST_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return api.request
    .post('/api/stripe-webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signPayload(payload, secret))
    .send(payload);
}

describe('payments config', () => {
  it('tells the site to show the offline card form when Stripe is not configured', async () => {
    expect((await api.request.get('/api/payments/config')).body).toEqual({ success: true, provider: 'offline' });
  });
});

describe('POST /create-payment-intent', () => {
  it('prices the ticket on the server and holds a seat for the pending RSVP', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    expect(intent).toMatchObject({ success: true, amount: 3500, currency: 'usd' });
    expect(intent.clientSecret).toContain(intent.paymentIntentId);
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending', amountDue: 3500, paymentIntentId: intent.paymentIntentId });
    expect(await attendees(event.id)).toBe(1);
    expect(await ticketMails(intent.rsvpId)).toBe(0);
  });

  it('refuses a tampered amount with 400 and holds nothing', async () => {
    const event = await paidEvent();
    const response = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, amount: 100, ...buyer });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(PAYMENT_MESSAGES.amountMismatch);
    expect(await attendees(event.id)).toBe(0);
  });

  it('reuses the pending RSVP of POST /rsvp rather than taking a second seat', async () => {
    const event = await paidEvent();
    const registered = await api.request.post(`/api/events/${event.id}/rsvp`).send(buyer);
    expect(registered.body.requiresPayment).toBe(true);
    const response = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, amount: 3500, ...buyer, rsvpId: registered.body.rsvpId });
    expect(response.body.rsvpId).toBe(registered.body.rsvpId);
    const again = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, amount: 3500, ...buyer, rsvpId: registered.body.rsvpId });
    expect(again.body.paymentIntentId).toBe(response.body.paymentIntentId);
    expect(await attendees(event.id)).toBe(1);
  });

  it.each([
    [{ eventId: '', amount: 3500 }, 400],
    [{ amount: 'lots' }, 400],
    [{ ticketType: 'Backstage' }, 400],
    [{ eventId: 'no-such-event' }, 404],
  ])('refuses %j', async (patch, status) => {
    const event = await paidEvent();
    const response = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, amount: 3500, ...buyer, ...patch });
    expect(response.status).toBe(status);
    expect(response.body.success).toBe(false);
  });

  it('refuses a free event', async () => {
    const free = (await api.request.post('/api/events').set(api.bearer('admin')).send({ title: 'Free', date: '2026-12-01T10:00', location: 'L' })).body.event;
    const response = await api.request.post('/api/create-payment-intent').send({ eventId: free.id, amount: 0, ...buyer, ticketType: 'General' });
    expect(response.status).toBe(400);
  });
});

describe('paying', () => {
  it('the test card succeeds: the RSVP is paid in cents, the ticket exists and its e-mail is queued', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    const paid = await pay(intent);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ success: true, status: 'succeeded', paymentIntentId: intent.paymentIntentId });
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountPaid: 3500, holdExpiresAt: null });
    expect(await attendees(event.id)).toBe(1);
    expect(await ticketMails(intent.rsvpId)).toBe(1);
    expect((await api.request.get(`/api/checkin/${intent.rsvpId}?format=json`)).body.ticket.attendee.ticketType).toBe('Member');
    const confirm = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    expect(confirm.body).toMatchObject({ success: true, status: 'succeeded', rsvpId: intent.rsvpId, eventId: event.id, ticketId: intent.rsvpId });
    expect(await ticketMails(intent.rsvpId)).toBe(1);
  });

  it('the declined card answers 402 with a card-style message and gives the seat back', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    const declined = await pay(intent, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ success: false, code: 'CARD_DECLINED', message: PAYMENT_MESSAGES.declined });
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'released', paymentStatus: 'failed' });
    expect(await attendees(event.id)).toBe(0);
    expect((await api.request.get(`/api/checkin/${intent.rsvpId}?format=json`)).status).toBe(404);
    const confirm = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    expect(confirm.body).toMatchObject({ status: 'failed', ticketId: null });
  });

  it('an incomplete card is refused before it reaches the processor', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    const response = await api.request
      .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.clientSecret, cardNumber: '4242', expiry: '', cvc: '' });
    expect(response.status).toBe(402);
    expect(response.body.message).toBe(PAYMENT_MESSAGES.incompleteCard);
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'pending_payment' });
  });

  it('a wrong client secret cannot pay someone else’s intent', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    const response = await pay({ ...intent, clientSecret: 'pi_x_secret_guess' });
    expect(response.status).toBe(402);
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'pending_payment' });
  });
});

describe('webhook', () => {
  function succeededEvent(intent: { paymentIntentId: string; rsvpId: string; clientSecret: string }, id = 'evt_1') {
    return {
      id,
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intent.paymentIntentId,
          clientSecret: intent.clientSecret,
          amount: 3500,
          amountReceived: 3500,
          currency: 'usd',
          status: 'succeeded',
          metadata: { rsvpId: intent.rsvpId },
        },
      },
    };
  }

  it('the same webhook delivered twice issues one ticket', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    const payload = succeededEvent(intent, `evt_twice_${intent.rsvpId}`);
    expect((await webhook(payload)).body).toEqual({ received: true });
    expect((await webhook(payload)).status).toBe(200);
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountPaid: 3500 });
    expect(await ticketMails(intent.rsvpId)).toBe(1);
    expect(await attendees(event.id)).toBe(1);
    // Stripe may also send a second, distinct event for the same intent.
    await webhook(succeededEvent(intent, `evt_other_${intent.rsvpId}`)).expect(200);
    expect(await ticketMails(intent.rsvpId)).toBe(1);
  });

  it('verifies a webhook on the bytes Cloud Functions has already read', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    const payload = JSON.stringify(succeededEvent(intent, `evt_cloud_${intent.rsvpId}`));
    const response = await supertest(createServer(asCloudFunction(api.app)))
      .post('/api/stripe-webhook')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Stripe-Signature', signPayload(payload, TEST_WEBHOOK_SECRET))
      .send(payload);
    expect(response.body).toEqual({ received: true });
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('refuses an unsigned or wrongly signed webhook and changes nothing', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    const payload = JSON.stringify(succeededEvent(intent, 'evt_forged'));
    const unsigned = await api.request.post('/api/stripe-webhook').set('Content-Type', 'application/json').send(payload);
    expect(unsigned.status).toBe(400);
    const forged = await webhook(JSON.parse(payload), 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ success: false, code: 'INVALID_WEBHOOK_SIGNATURE', message: 'Invalid webhook signature' });
    const stale = await api.request
      .post('/api/stripe-webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signPayload(payload, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))
      .send(payload);
    expect(stale.status).toBe(400);
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'pending_payment' });
  });
});

describe('holds', () => {
  it('a hold unpaid after 30 minutes is released; a late payment still gets a ticket when a seat is free', async () => {
    const event = await paidEvent({ maxAttendees: 1 });
    api.clock.set('2026-11-21T12:00:00.000Z');
    const intent = await intentFor(event.id);
    api.clock.set('2026-11-21T12:29:00.000Z');
    expect(await api.services.payments.releaseExpiredHolds()).toBe(0);
    api.clock.set('2026-11-21T12:31:00.000Z');
    expect(await api.services.payments.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'released' });
    expect(await attendees(event.id)).toBe(0);
    await pay(intent).expect(200);
    expect(await rsvp(intent.rsvpId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await attendees(event.id)).toBe(1);
    api.clock.set('2026-11-21T12:00:00.000Z');
  });

  it('a late payment for an event that filled up meanwhile is refunded, and no ticket exists', async () => {
    const event = await paidEvent({ maxAttendees: 1 });
    api.clock.set('2026-11-21T13:00:00.000Z');
    const late = await intentFor(event.id);
    api.clock.set('2026-11-21T13:31:00.000Z');
    await api.services.payments.releaseExpiredHolds();
    const other = await intentFor(event.id);
    await pay(other).expect(200);
    await pay(late).expect(200);
    expect(await rsvp(late.rsvpId)).toMatchObject({ status: 'released', paymentStatus: 'refunded' });
    expect((await api.deps.store.get(OFFLINE_INTENTS, late.paymentIntentId))?.data.refunded).toBe(true);
    expect((await api.request.get(`/api/checkin/${late.rsvpId}?format=json`)).status).toBe(404);
    expect(await attendees(event.id)).toBe(1);
    api.clock.set('2026-11-21T12:00:00.000Z');
  });

  it('cancelling a paid RSVP frees the seat and says the money was not refunded', async () => {
    const event = await paidEvent();
    const intent = await intentFor(event.id);
    await pay(intent).expect(200);
    const cancelled = await api.request.delete(`/api/rsvps/${intent.rsvpId}`).set(api.bearer('admin'));
    expect(cancelled.body.message).toContain('$35.00 was not refunded automatically');
    expect(await attendees(event.id)).toBe(0);
  });
});

describe('bad input on the payment calls', () => {
  it('answers each with a clear message', async () => {
    const event = await paidEvent();
    const negative = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, amount: -5, ...buyer });
    expect(negative.body).toMatchObject({ success: false, message: 'Amount must be at least 0' });
    const array = await api.request.post('/api/create-payment-intent').send([1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.message).toBe('Request body must be a JSON object');
    const noCard = await api.request.post('/api/offline-payments/pi_x/confirm').send({});
    expect(noCard.status).toBe(400);
    expect(noCard.body.message).toBe(PAYMENT_MESSAGES.notFound);
    const noDigits = await api.request.post('/api/offline-payments/pi_x/confirm').send({ clientSecret: 's' });
    expect(noDigits.body.message).toBe(PAYMENT_MESSAGES.incompleteCard);
    const noId = await api.request.post('/api/payments/confirm').send({});
    expect(noId.body).toMatchObject({ success: false, message: 'Payment ID is required' });
  });
});
