import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_TEST_CARDS, PAYMENT_MESSAGES } from '../../src/shared/payments-model.js';
import {
  attendeeRegisteredMessage,
  ORDER_MAX_TICKETS,
  ORDER_MESSAGES,
  orderOverEmailLimitMessage,
  orderTooLargeMessage,
  RSVP_MESSAGES,
} from '../../src/shared/rsvps-model.js';
import { ORDERS, RSVPS } from '../../src/rsvps/repository.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent } from '../support/payments.js';
import { seatsTakenOf } from '../support/seats.js';
import { numberedName } from '../support/names.js';

/*
 * Issue 26 item 1: several tickets in one order. Each ticket is an RSVP of its own sharing the
 * order's id; every seat of the order is taken in one transaction (all or nothing); a paid order is
 * priced by the server and paid once. Runs on SQLite and on the Firestore emulator.
 */

let api: TestApi;
let second: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // A second instance of the API on the same store: the rush is decided by the store's transactions, not one process's queue.
  second = await createTestApi({ sharedStoreOf: api });
});
afterAll(async () => {
  await second.close();
  await api.close();
});
beforeEach(() => api.clock.set('2026-11-21T12:00:00.000Z'));

const buyer = { name: 'Rosa Parks', email: 'rosa.family@example.org' };
const order = (eventId: string, body: Record<string, unknown>, on: TestApi = api) => on.request.post(`/api/events/${eventId}/rsvp`).send({ ...buyer, ...body });
const ticketsOf = async (eventId: string) => (await api.deps.store.query(RSVPS, { where: [['eventId', '==', eventId]] })).map((doc) => ({ id: doc.id, ...doc.data }));
const kindsOf = async (rsvpId: string) => (await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', rsvpId]] })).map((job) => job.data.kind);

/** Two adults and two children, in two ticket types. */
const family = [
  { ticketType: 'General', name: '' },
  { ticketType: 'General', name: 'Raymond Parks' },
  { ticketType: 'Member', name: 'Ann Parks' },
  { ticketType: 'member', name: 'Sam Parks' },
];

describe('an order of several tickets', () => {
  it('a free order: one RSVP per ticket sharing the order id, a blank name is the buyer, every seat taken, one e-mail for the order', async () => {
    const event = await createTestEvent(api, { maxAttendees: 10, ticketTypes: ['General', 'Child'] });
    const response = await order(event.id, { tickets: [{ name: '' }, { ticketType: 'Child', name: 'Ann Parks' }, { ticketType: 'child', name: 'Sam Parks' }] });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: RSVP_MESSAGES.registered,
      requiresPayment: false,
      rsvpId: expect.any(String),
      orderId: expect.any(String),
      amount: 0,
      tickets: [
        { id: expect.any(String), name: 'Rosa Parks', ticketType: 'General', price: 0 },
        { id: expect.any(String), name: 'Ann Parks', ticketType: 'Child', price: 0 },
        { id: expect.any(String), name: 'Sam Parks', ticketType: 'Child', price: 0 },
      ],
    });
    const { orderId, tickets } = response.body as { orderId: string; tickets: { id: string }[] };
    expect(response.body.rsvpId).toBe(tickets[0].id);
    expect(new Set(tickets.map((ticket) => ticket.id)).size).toBe(3);
    const stored = await ticketsOf(event.id);
    expect(stored).toHaveLength(3);
    for (const ticket of stored) expect(ticket).toMatchObject({ orderId, email: 'rosa.family@example.org', status: 'confirmed', paymentStatus: 'free' });
    expect((await api.deps.store.get(ORDERS, orderId))?.data).toMatchObject({ eventId: event.id, name: 'Rosa Parks', rsvpIds: tickets.map((ticket) => ticket.id), amountDue: 0 });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(3);
    // Issue 26 item 2: one e-mail with every ticket, filed under the first.
    expect(await kindsOf(tickets[0].id)).toEqual(['orderConfirmation']);
    for (const ticket of tickets.slice(1)) expect(await kindsOf(ticket.id)).toEqual([]);
    // Each ticket is its own: its page answers with its own attendee.
    const page = await api.request.get(`/api/checkin/${tickets[2].id}?format=json`);
    expect(page.body.ticket.attendee).toEqual({ name: 'Sam Parks', email: 'rosa.family@example.org', ticketType: 'Child' });
  });

  it('the request without tickets registers one person exactly as before (no order)', async () => {
    const event = await createTestEvent(api, { maxAttendees: 5 });
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send(buyer);
    expect(response.body).toEqual({ success: true, message: RSVP_MESSAGES.registered, requiresPayment: false, rsvpId: expect.any(String) });
    expect((await ticketsOf(event.id))[0]).not.toHaveProperty('orderId');
  });

  it('prices a 4-ticket order of two types on the server and takes one payment for the total', async () => {
    const event = await createPaidEvent(api, { maxRegistrationsPerEmail: 4 });
    const response = await order(event.id, { tickets: family });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // General $45 twice and Member $35 twice: $160.00, whatever the client thinks.
    expect(response.body).toMatchObject({ requiresPayment: true, amount: 16000, message: RSVP_MESSAGES.paymentRequired });
    expect(response.body.tickets.map((ticket: { price: number }) => ticket.price)).toEqual([4500, 4500, 3500, 3500]);
    const { orderId } = response.body as { orderId: string };
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(4);

    // The client's amount is compared, never trusted.
    const wrong = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, orderId, amount: 4500 });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'AMOUNT_MISMATCH', message: PAYMENT_MESSAGES.amountMismatch });
    const intent = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, orderId, amount: 16000 });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body.amount).toBe(16000);
    await api.request
      .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
      .expect(200);

    const stored = await ticketsOf(event.id);
    expect(stored).toHaveLength(4);
    for (const ticket of stored) expect(ticket).toMatchObject({ orderId, status: 'confirmed', paymentStatus: 'paid', paymentIntentId: intent.body.paymentIntentId, holdExpiresAt: null });
    // Each ticket was paid its own price (a later refund of one gives back that much).
    expect(stored.map((ticket) => ticket.amountPaid).sort()).toEqual([3500, 3500, 4500, 4500]);
    expect((await api.deps.store.get(ORDERS, orderId))?.data).toMatchObject({ paidAt: expect.any(String), paymentIntentId: intent.body.paymentIntentId, amountDue: 16000 });
    // Issue 26 item 2: one e-mail for the order, filed under its first ticket.
    const lead = (await api.deps.store.get(ORDERS, orderId))!.data.rsvpIds[0];
    for (const ticket of stored) expect(await kindsOf(ticket.id)).toEqual(ticket.id === lead ? ['orderConfirmation'] : []);

    // The success page, holding the client secret, lists every ticket with its id.
    const confirmed = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret });
    // Issue 26 item 2: the receipt's date.
    expect(confirmed.body).toMatchObject({ status: 'succeeded', orderId, paidAt: '2026-11-21T12:00:00.000Z' });
    expect(confirmed.body.tickets.map((ticket: { name: string; id: string | null }) => [ticket.name, ticket.id !== null])).toEqual([
      ['Rosa Parks', true],
      ['Raymond Parks', true],
      ['Ann Parks', true],
      ['Sam Parks', true],
    ]);
    // Paying again is refused: the order is paid.
    const again = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, orderId, amount: 16000 });
    expect(again.body).toMatchObject({ code: 'ALREADY_PAID' });
  });

  it('an unpaid order that runs out gives every seat back; a declined card too', async () => {
    const event = await createPaidEvent(api, { maxRegistrationsPerEmail: 4 });
    await order(event.id, { tickets: family }).expect(201);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(4);
    api.clock.set('2026-11-21T12:31:00.000Z');
    expect(await api.services.payments.releaseExpiredHolds()).toBe(4);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);

    const declined = await order(event.id, { ...buyer, email: 'declined@example.org', tickets: family });
    const intent = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, orderId: declined.body.orderId, amount: 16000 });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(4);
    const card = await api.request
      .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.declined, expiry: '12/30', cvc: '123' });
    expect(card.status).toBe(402);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    for (const ticket of (await ticketsOf(event.id)).filter((t) => t.email === 'declined@example.org')) expect(ticket.status).toBe('released');
  });

  it("a 'Confirm by e-mail' order: one link to the buyer confirms the whole order", async () => {
    const event = await createTestEvent(api, { maxAttendees: 10, confirmByEmail: true });
    // An address of its own: earlier tests' mail to the buyer counts toward the per-recipient limit.
    const to = 'confirming.family@example.org';
    const response = await order(event.id, { email: to, tickets: [{ name: '' }, { name: 'Ann Parks' }] });
    expect(response.body).toMatchObject({ requiresConfirmation: true, message: RSVP_MESSAGES.confirmationSent });
    expect(response.body.tickets.map((ticket: { id: string | null }) => ticket.id)).toEqual([null, null]);
    expect(response.body).not.toHaveProperty('rsvpId');
    const stored = await ticketsOf(event.id);
    const jobs = (await api.deps.store.query(MAIL_JOBS, {})).filter((job) => stored.some((ticket) => ticket.id === job.data.rsvpId));
    expect(jobs.map((job) => job.data.kind)).toEqual(['confirmRegistration']);

    await api.whenStoreIdle();
    await api.services.mail.deliverDue();
    const list = await api.request.get(`/api/mailbox?format=json&to=${encodeURIComponent(to)}`);
    const mails = await Promise.all(list.body.messages.map(async ({ id }: { id: string }) => (await api.request.get(`/api/mailbox/${id}?format=json`)).body.message));
    const link = mails.map((mail) => /https:\/\/events\.example\.org\/confirm\/([^#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text)).find(Boolean)!;
    const confirmed = await api.request.post(`/api/rsvps/${decodeURIComponent(link[1])}/confirm`).send({ key: link[2] });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    for (const ticket of await ticketsOf(event.id)) expect(ticket.status).toBe('confirmed');
    // Issue 26 item 2: one e-mail with both tickets, filed under the first (the one the link names).
    expect(await kindsOf(decodeURIComponent(link[1]))).toContain('orderConfirmation');
  });
});

describe('all or nothing', () => {
  it('a 4-ticket order on an event with 3 seats left gets nothing and the full message', async () => {
    const event = await createTestEvent(api, { maxAttendees: 3 });
    const response = await order(event.id, { tickets: family.map(({ name }) => ({ name })) });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, code: 'EVENT_FULL', message: RSVP_MESSAGES.eventFull });
    expect(await ticketsOf(event.id)).toEqual([]);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
  });

  it('a rush of 12 orders of 3 tickets from two instances for 10 seats: 3 whole orders, nothing oversold, no partial order', async () => {
    // 50 seats laid out in 3 shards, 40 taken by a crowd first: an order's seats may come from several shards.
    const event = await createTestEvent(api, { maxAttendees: 50 });
    await Promise.all(Array.from({ length: 40 }, (_, i) => api.request.post(`/api/events/${event.id}/rsvp`).send({ name: numberedName('Crowd', i), email: `crowd${i}@example.org` }).expect(201)));
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        order(event.id, { name: numberedName('Parent', i), email: `family${i}@example.org`, tickets: [{ name: '' }, { name: numberedName('Child', i) }, { name: numberedName('Baby', i) }] }, i % 2 ? second : api),
      ),
    );
    const made = responses.filter((r) => r.status === 201);
    expect(made).toHaveLength(3);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.code === 'EVENT_FULL')).toBe(true);
    expect(responses.filter((r) => r.status !== 201)).toHaveLength(9);
    const ordered = (await ticketsOf(event.id)).filter((ticket) => ticket.orderId);
    expect(ordered).toHaveLength(9);
    // Every order has all three of its tickets.
    const byOrder = new Map<string, number>();
    for (const ticket of ordered) byOrder.set(ticket.orderId!, (byOrder.get(ticket.orderId!) ?? 0) + 1);
    expect([...byOrder.values()]).toEqual([3, 3, 3]);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(49);
  });
});

describe('the per-e-mail limit counts every ticket', () => {
  it('an address holding 1 of 4 may order 3 more, not 4; an order larger than the limit is refused', async () => {
    const event = await createTestEvent(api, { maxAttendees: 20, maxRegistrationsPerEmail: 4 });
    await api.request.post(`/api/events/${event.id}/rsvp`).send(buyer).expect(201);
    const four = await order(event.id, { tickets: [{ name: 'Ann Parks' }, { name: 'Sam Parks' }, { name: 'Raymond Parks' }, { name: 'Lee Parks' }] });
    expect(four.status).toBe(409);
    expect(four.body).toMatchObject({ code: 'REGISTRATION_LIMIT_REACHED', message: orderOverEmailLimitMessage(4, 1) });
    expect(four.body.message).toBe('This e-mail address already has 1 registration for this event; at most 4 are allowed, so 3 more can be added');
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    const three = await order(event.id, { tickets: [{ name: 'Ann Parks' }, { name: 'Sam Parks' }, { name: 'Raymond Parks' }] });
    expect(three.status, JSON.stringify(three.body)).toBe(201);
    // Full now: even one more ticket for this address is refused, alone or in an order.
    const fifth = await order(event.id, { tickets: [{ name: 'Lee Parks' }] });
    expect(fifth.body).toMatchObject({ code: 'REGISTRATION_LIMIT_REACHED', message: orderOverEmailLimitMessage(4, 4) });

    const tooMany = await order(event.id, { email: 'other@example.org', tickets: Array.from({ length: 5 }, (_, i) => ({ name: numberedName('Guest', i) })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'ORDER_TOO_LARGE', message: orderTooLargeMessage(4) });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(4);
  });

  it('an attendee already registered under the address is named, not registered twice', async () => {
    const event = await createTestEvent(api, { maxAttendees: 20 });
    await api.request.post(`/api/events/${event.id}/rsvp`).send(buyer).expect(201);
    const response = await order(event.id, { tickets: [{ name: 'Ann Parks' }, { name: '' }] });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'ATTENDEE_REGISTERED', message: attendeeRegisteredMessage('Rosa Parks'), errors: { 'tickets.1.name': attendeeRegisteredMessage('Rosa Parks') } });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
  });
});

describe('bad orders get clear messages', () => {
  it.each([
    ['no tickets', { tickets: [] }, 'INVALID_INPUT', ORDER_MESSAGES.noTickets],
    ['not a list', { tickets: 'four' }, 'INVALID_INPUT', ORDER_MESSAGES.noTickets],
    ['more than any order may carry', { tickets: Array.from({ length: ORDER_MAX_TICKETS + 1 }, () => ({})) }, 'INVALID_INPUT', ORDER_MESSAGES.tooManyInRequest],
    ['an unknown type', { tickets: [{ ticketType: 'General' }, { ticketType: 'VIP', name: 'Ann Parks' }] }, 'INVALID_TICKET', RSVP_MESSAGES.invalidTicket],
    ['the same attendee twice', { tickets: [{ name: 'Ann Parks' }, { name: ' ann  parks ' }] }, 'DUPLICATE_ATTENDEE', ORDER_MESSAGES.duplicateName],
    ['two blank names (both the buyer)', { tickets: [{}, {}] }, 'DUPLICATE_ATTENDEE', ORDER_MESSAGES.duplicateName],
  ])('%s', async (_label, body, code, message) => {
    const event = await createTestEvent(api, { maxAttendees: 30 });
    const response = await order(event.id, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code, message });
    expect(await ticketsOf(event.id)).toEqual([]);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
  });

  it('an unknown type is keyed by its line; an attendee name that is not a name too', async () => {
    const event = await createTestEvent(api, { maxAttendees: 30 });
    const unknown = await order(event.id, { tickets: [{}, { ticketType: 'VIP', name: 'Ann Parks' }] });
    expect(unknown.body.errors).toEqual({ 'tickets.1.ticketType': RSVP_MESSAGES.invalidTicket });
    const notAName = await order(event.id, { tickets: [{}, { name: 'https://spam.example' }] });
    expect(notAName.status).toBe(400);
    expect(Object.keys(notAName.body.errors)).toEqual(['tickets.1.name']);
  });
});

describe('one ticket of a paid order refunded (issue 26 item 4)', () => {
  it("an admin's refund and an attendee's own cancel each give back that ticket's price only; the others stay valid", async () => {
    const { OFFLINE_INTENTS } = await import('../../src/payments/offline.js');
    const { manageLinkIn } = await import('../support/self-service.js');
    const to = 'refund.family@example.org';
    const event = await createPaidEvent(api, { maxRegistrationsPerEmail: 4, refundUntilHoursBefore: 24 });
    const made = await order(event.id, { email: to, tickets: family });
    const intent = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, orderId: made.body.orderId, amount: 16000 });
    await api.request
      .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
      .expect(200);
    // The order's one e-mail (issue 26 item 2) carries each ticket's own 'Can't come?' link; the first is taken.
    const link = await manageLinkIn(api, to, 'Your 4 tickets');
    const before = await ticketsOf(event.id);
    const byAdmin = before.find((ticket) => ticket.id !== link.rsvpId && ticket.ticketType === 'Member')!;

    const refunded = await api.request.post(`/api/rsvps/${byAdmin.id}/refund`).set(api.bearer('admin'));
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.rsvp).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 3500 });
    expect((await api.deps.store.get(OFFLINE_INTENTS, intent.body.paymentIntentId))?.data).toMatchObject({ amountRefunded: 3500, refunded: false });

    const cancelled = await api.request.post(`/api/rsvps/${link.rsvpId}/cancel`).send({ key: link.key });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await api.services.refunds.whenIdle();
    const own = before.find((ticket) => ticket.id === link.rsvpId)!;
    expect((await api.deps.store.get(RSVPS, own.id))?.data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: own.amountPaid });
    expect((await api.deps.store.get(OFFLINE_INTENTS, intent.body.paymentIntentId))?.data.amountRefunded).toBe(3500 + own.amountPaid);

    // The other two are still paid, valid tickets: the door admits them.
    const others = (await ticketsOf(event.id)).filter((ticket) => ticket.id !== own.id && ticket.id !== byAdmin.id);
    expect(others).toHaveLength(2);
    for (const ticket of others) expect(ticket).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountRefunded: 0 });
    const stats = await api.request.get('/api/events/stats').set(api.bearer('admin'));
    expect(stats.body.stats[event.id]).toMatchObject({ registered: 2, amountTaken: 16000 - 3500 - own.amountPaid });
  });
});

describe('an order on a cancelled event (issue 26 items 1 and 3)', () => {
  it("cancelling the event refunds each ticket of a paid order by its own price: the whole order back once, never the payment per ticket", async () => {
    const { OFFLINE_INTENTS } = await import('../../src/payments/offline.js');
    const to = 'cancelled.family@example.org';
    const event = await createPaidEvent(api, { maxRegistrationsPerEmail: 4 });
    const made = await order(event.id, { email: to, tickets: family });
    const intent = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, orderId: made.body.orderId, amount: 16000 });
    await api.request
      .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
      .expect(200);

    const cancelled = await api.request.post(`/api/events/${event.id}/cancel`).set(api.bearer('admin')).send();
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ tickets: 4, refunds: 4 });
    await api.services.refunds.whenIdle();
    await api.services.refunds.processDue();
    await api.services.refunds.whenIdle();

    const tickets = await ticketsOf(event.id);
    expect(tickets).toHaveLength(4);
    for (const ticket of tickets) expect(ticket).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: ticket.amountPaid });
    expect(tickets.reduce((sum, ticket) => sum + ticket.amountPaid, 0)).toBe(16000);
    // The provider gave back the order's total, in four parts, and no more.
    expect((await api.deps.store.get(OFFLINE_INTENTS, intent.body.paymentIntentId))?.data).toMatchObject({ amountRefunded: 16000, refunded: true });
  });
});


describe('a paid order that can no longer be whole when its payment arrives (issue 26 item 1)', () => {
  const payFor = (made: { body: { orderId: string } }, eventId: string) =>
    api.request.post('/api/create-payment-intent').send({ eventId, orderId: made.body.orderId, amount: 16000 });
  const card = (intent: { body: { paymentIntentId: string; clientSecret: string } }) =>
    api.request
      .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' });

  it('an admin removing one held ticket cancels the payment itself: the card is charged nothing, the order is not paid', async () => {
    const { OFFLINE_INTENTS } = await import('../../src/payments/offline.js');
    const event = await createPaidEvent(api, { maxRegistrationsPerEmail: 4 });
    const made = await order(event.id, { email: 'removed.family@example.org', tickets: family });
    const intent = await payFor(made, event.id);
    await api.request.delete(`/api/rsvps/${made.body.tickets[3].id}`).set(api.bearer('admin')).expect(200);
    expect((await api.deps.store.get(OFFLINE_INTENTS, intent.body.paymentIntentId))?.data).toMatchObject({ status: 'canceled', amountReceived: 0 });
    expect((await card(intent)).status).toBe(402);
    expect((await api.deps.store.get(OFFLINE_INTENTS, intent.body.paymentIntentId))?.data.amountReceived).toBe(0);
    const stored = await ticketsOf(event.id);
    for (const ticket of stored) expect(ticket.paymentStatus).toBe('pending');
    for (const ticket of stored) expect(await kindsOf(ticket.id)).not.toContain('ticket');
    // The order cannot be paid in part: the buyer is told to register again.
    expect((await payFor(made, event.id)).body).toMatchObject({ code: 'LINK_EXPIRED' });
  });

  it('one ticket cancelled by an admin while the card was being charged (too late to cancel the payment): the whole payment goes back, no ticket comes of it, every seat is free', async () => {
    const { OFFLINE_INTENTS } = await import('../../src/payments/offline.js');
    // The provider refuses the cancel: the payment went through a moment before (Stripe: 'it has a status of succeeded').
    const late = await createTestApi({
      sharedStoreOf: api,
      payments: (gateway) => ({ ...gateway, cancelIntent: async () => Promise.reject(new Error('You cannot cancel this PaymentIntent because it has a status of succeeded')) }),
    });
    try {
      const event = await createPaidEvent(late, { maxRegistrationsPerEmail: 4 });
      const made = await order(event.id, { email: 'raced.family@example.org', tickets: family }, late);
      const intent = await late.request.post('/api/create-payment-intent').send({ eventId: event.id, orderId: made.body.orderId, amount: 16000 });
      await late.request.delete(`/api/rsvps/${made.body.tickets[3].id}`).set(late.bearer('admin')).expect(200);
      expect(await seatsTakenOf(api.deps.store, event.id)).toBe(3);

      const charged = await late.request
        .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
        .send({ clientSecret: intent.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' });
      expect(charged.status, JSON.stringify(charged.body)).toBe(200);
      await late.request.post('/api/payments/confirm').send({ paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret });
      // The provider gave back the whole charge, once, and no ticket was sent.
      expect((await api.deps.store.get(OFFLINE_INTENTS, intent.body.paymentIntentId))?.data).toMatchObject({ refunded: true, amountRefunded: 16000 });
      const stored = await ticketsOf(event.id);
      expect(stored).toHaveLength(4);
      for (const ticket of stored) expect(ticket.status).not.toMatch(/confirmed|pending_payment/);
      for (const ticket of stored) expect(ticket.paymentStatus).not.toBe('paid');
      expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
      for (const ticket of stored) expect(await kindsOf(ticket.id)).not.toContain('ticket');
    } finally {
      await late.close();
    }
  });
});
