import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/admins/roles.js';
import { ERROR_CODES } from '../../src/shared/error-codes.js';
import { DEFAULT_THEME } from '../../src/shared/theme-model.js';
import { createTestApi, createTestEvent, signInAs, uniqueEmail, type TestApi } from '../support/api.js';
import { pretendSeatsTaken } from '../support/seats.js';

/*
 * Every refusal carries a stable code beside its wording (shared/error-codes.ts):
 * the client branches on the code, never on the message.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Reply = { status: number; body: { success: boolean; code?: string; message?: string } };

function expectRefusal(response: Reply, status: number, code: (typeof ERROR_CODES)[number]) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ success: false, code });
  expect(typeof response.body.message).toBe('string');
}

const buyer = { name: 'Mary Austin', email: 'mary@example.org', ticketType: 'General' };

const createEvent = (body: Record<string, unknown> = {}) => createTestEvent(api, { title: 'Codes', date: '2026-12-14T18:00', location: 'Lodge', ...body });

async function paidIntent() {
  const event = await createEvent({ requiresPayment: true, ticketPrices: { General: 20 } });
  const response = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, amount: 2000, ...buyer });
  expect(response.status).toBe(200);
  return response.body as { paymentIntentId: string; clientSecret: string };
}

describe('refusals of the HTTP layer', () => {
  it('invalid input, with the fields at fault', async () => {
    const response = await api.request.post('/api/events').set(api.bearer('admin')).send({ title: '' });
    expectRefusal(response, 400, 'INVALID_INPUT');
  });

  it('a body that is not JSON, and one that is not an object', async () => {
    const notJson = await api.request.post('/api/contact').set('Content-Type', 'application/json').send('{"name":');
    expectRefusal(notJson, 400, 'BODY_NOT_JSON');
    const notObject = await api.request.post('/api/contact').send(['a list']);
    expectRefusal(notObject, 400, 'BODY_NOT_OBJECT');
  });

  it('a body over the limit', async () => {
    const response = await api.request.post('/api/contact').send({ name: 'x', email: 'x@example.org', message: 'x'.repeat(200 * 1024) });
    expectRefusal(response, 413, 'BODY_TOO_LARGE');
  });

  it('an unknown route', async () => {
    expectRefusal(await api.request.get('/api/no-such-route'), 404, 'NOT_FOUND');
  });

  it('no token (401), a role too small (403), an unverified e-mail (403)', async () => {
    expectRefusal(await api.request.post('/api/events').send({}), 401, 'AUTH_REQUIRED');
    expectRefusal(await api.request.post('/api/events').set('Authorization', 'Bearer forged').send({}), 401, 'AUTH_REQUIRED');
    expectRefusal(await api.request.post('/api/events').set(api.bearer('staff')).send({}), 403, 'FORBIDDEN');
    expectRefusal(await api.request.get('/api/session').set(api.bearer('outsider')), 403, 'FORBIDDEN');

    const email = uniqueEmail('unverified');
    const { token } = await signInAs(email, { emailVerified: false });
    await grantRole(api.deps.store, { email, role: 'admin', addedBy: 'test', now: api.clock.now() });
    expectRefusal(await api.request.get('/api/session').set('Authorization', `Bearer ${token}`), 403, 'EMAIL_NOT_VERIFIED');
  });

  it('too many public writes', async () => {
    const limited = await createTestApi({ publicWritesPerMinute: 1 });
    try {
      await limited.request.post('/api/contact').send({});
      expectRefusal(await limited.request.post('/api/contact').send({}), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('refusals of the rules', () => {
  it('events: unknown, custom URL taken or reserved, archived activation, capacity, paid without price', async () => {
    expectRefusal(await api.request.get('/api/events/no-such-event'), 404, 'EVENT_NOT_FOUND');
    expectRefusal(await api.request.put('/api/events/no-such-event').set(api.bearer('admin')).send({}), 404, 'EVENT_NOT_FOUND');
    const event = await createEvent({ customUrl: 'codes-taken', maxAttendees: 5 });
    expectRefusal(await api.request.post('/api/events').set(api.bearer('admin')).send({ title: 'x', date: '2026-12-14T18:00', location: 'l', customUrl: 'codes-taken' }), 409, 'CUSTOM_URL_TAKEN');
    expectRefusal(await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ customUrl: 'checkin' }), 400, 'CUSTOM_URL_RESERVED');
    expectRefusal(await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ requiresPayment: true }), 400, 'PAID_EVENT_NEEDS_PRICE');
    await pretendSeatsTaken(api.deps.store, event.id, 3);
    expectRefusal(await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ maxAttendees: 2 }), 409, 'CAPACITY_BELOW_REGISTERED');
    await api.request.patch(`/api/events/${event.id}/archive`).set(api.bearer('admin')).expect(200);
    expectRefusal(await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ isActive: true }), 409, 'ARCHIVED_CANNOT_ACTIVATE');
  });

  it('registration: event full, invalid ticket type, unknown RSVP and ticket', async () => {
    const full = await createEvent({ maxAttendees: 1 });
    await api.request.post(`/api/events/${full.id}/rsvp`).send(buyer).expect(201);
    expectRefusal(await api.request.post(`/api/events/${full.id}/rsvp`).send({ ...buyer, name: 'Second Guest' }), 409, 'EVENT_FULL');
    const open = await createEvent();
    expectRefusal(await api.request.post(`/api/events/${open.id}/rsvp`).send({ ...buyer, ticketType: 'Backstage' }), 400, 'INVALID_TICKET');
    expectRefusal(await api.request.post('/api/events/no-such-event/rsvp').send(buyer), 404, 'EVENT_NOT_FOUND');
    expectRefusal(await api.request.delete('/api/rsvps/no-such-rsvp').set(api.bearer('admin')), 404, 'RSVP_NOT_FOUND');
    expectRefusal(await api.request.get('/api/checkin/no-such-ticket?format=json'), 404, 'TICKET_NOT_FOUND');
  });

  it('payments: amount mismatch, declined card, incomplete card, unknown intent, bad webhook signature', async () => {
    const event = await createEvent({ requiresPayment: true, ticketPrices: { General: 20 } });
    expectRefusal(await api.request.post('/api/create-payment-intent').send({ eventId: event.id, amount: 100, ...buyer }), 400, 'AMOUNT_MISMATCH');

    const intent = await paidIntent();
    const card = { clientSecret: intent.clientSecret, expiry: '12/30', cvc: '123' };
    const confirmCard = (body: Record<string, unknown>) => api.request.post(`/api/offline-payments/${intent.paymentIntentId}/confirm`).send(body);
    expectRefusal(await confirmCard({ ...card, cardNumber: '42' }), 402, 'CARD_INCOMPLETE');
    expectRefusal(await confirmCard({ ...card, cardNumber: '4000000000000002' }), 402, 'CARD_DECLINED');
    expectRefusal(await confirmCard({ ...card, clientSecret: 'wrong', cardNumber: '4242424242424242' }), 402, 'PAYMENT_NOT_FOUND');
    expectRefusal(await api.request.post('/api/payments/confirm').send({ paymentIntentId: 'pi_unknown', clientSecret: 'pi_unknown_secret' }), 404, 'PAYMENT_NOT_FOUND');

    const webhook = await api.request.post('/api/stripe-webhook').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=bad').send('{}');
    expectRefusal(webhook, 400, 'INVALID_WEBHOOK_SIGNATURE');
  });

  it('e-mail: unknown template, a template that does not compile, no contact address', async () => {
    const template = { subjectTemplate: 'Hi', htmlTemplate: '<p>Hi</p>' };
    expectRefusal(await api.request.put('/api/email-templates/newsletter').set(api.bearer('admin')).send(template), 404, 'UNKNOWN_TEMPLATE');
    const broken = { ...template, htmlTemplate: '<p>{{#if rsvp.name}}</p>' };
    expectRefusal(await api.request.put('/api/email-templates/ticket').set(api.bearer('admin')).send(broken), 400, 'TEMPLATE_DOES_NOT_COMPILE');
    await api.request.put('/api/theme').set(api.bearer('admin')).send({ ...DEFAULT_THEME, contactEmail: '' }).expect(200);
    expectRefusal(await api.request.post('/api/contact').send({ name: 'Sam', email: 'sam@example.org', message: 'Hello' }), 409, 'CONTACT_UNAVAILABLE');
  });
});
