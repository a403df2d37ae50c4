import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { EVENT_TIME_MESSAGES } from '../../src/shared/events-model.js';
import { OFFLINE_TEST_CARDS } from '../../src/shared/payments-model.js';
import { RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent } from '../support/payments.js';
import { seatsTakenOf } from '../support/seats.js';

/*
 * Issue 26 item 4: an event's optional end and 'Registration closes' time. The end comes after the
 * start; registration closes at or before the start. From the deadline (exactly at it included) new
 * registrations, new holds and repeats are refused; a hold taken before it may still be paid.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.clock.set('2026-11-21T12:00:00.000Z'));

const createEvent = (body: Record<string, unknown>) =>
  api.request.post('/api/events').set(api.bearer('admin')).send({ title: 'Stargazing', date: '2026-12-05T19:30', location: 'Kolob', ...body });
const register = (eventId: string, body: Record<string, unknown>) => api.request.post(`/api/events/${eventId}/rsvp`).send(body);
const intent = (body: Record<string, unknown>) => api.request.post('/api/create-payment-intent').send(body);
const closed = { success: false, code: 'REGISTRATION_CLOSED', message: RSVP_MESSAGES.registrationClosed };

async function snapshot(eventId: string) {
  const rsvps = await api.deps.store.query(RSVPS, { where: [['eventId', '==', eventId]] });
  return {
    rsvps: rsvps.map((doc) => ({ id: doc.id, ...doc.data })).sort((a, b) => a.id.localeCompare(b.id)),
    seatsTaken: await seatsTakenOf(api.deps.store, eventId),
    mailJobs: (await api.deps.store.query(MAIL_JOBS)).length,
  };
}

describe('an event end and a registration deadline in the event form', () => {
  it('stores both as instants read in the organisation time zone, and shows them to visitors', async () => {
    const created = await createEvent({ endDate: '2026-12-05T21:30', registrationClosesAt: '2026-12-04T17:00' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Denver is UTC-7 in December.
    expect(created.body.event).toMatchObject({ date: '2026-12-06T02:30:00.000Z', endDate: '2026-12-06T04:30:00.000Z', registrationClosesAt: '2026-12-05T00:00:00.000Z' });
    const visitor = await api.request.get(`/api/events/${created.body.event.id}`);
    expect(visitor.body.event).toMatchObject({ endDate: '2026-12-06T04:30:00.000Z', registrationClosesAt: '2026-12-05T00:00:00.000Z' });
  });

  it('an event made without them (and one stored before they existed) has neither', async () => {
    const made = await createTestEvent(api);
    expect((await api.request.get(`/api/events/${made.id}`)).body.event).toMatchObject({ endDate: null, registrationClosesAt: null });
    const old = await createTestEvent(api);
    const { endDate: _e, registrationClosesAt: _r, ...before } = (await api.deps.store.get(EVENTS, old.id))!.data;
    await api.deps.store.set(EVENTS, old.id, before);
    expect((await api.request.get(`/api/events/${old.id}`)).body.event).toMatchObject({ endDate: null, registrationClosesAt: null });
    // An older event takes registrations until its start, as before.
    expect((await register(old.id, { name: 'Ann Early', email: 'ann@example.org' })).status).toBe(201);
  });

  it.each([
    ['an end before the start', { endDate: '2026-12-05T18:00' }, 'endDate', EVENT_TIME_MESSAGES.endBeforeStart],
    ['an end equal to the start', { endDate: '2026-12-05T19:30' }, 'endDate', EVENT_TIME_MESSAGES.endBeforeStart],
    ['an end that is no date', { endDate: 'tomorrow' }, 'endDate', EVENT_TIME_MESSAGES.endInvalid],
    ['a deadline after the start', { registrationClosesAt: '2026-12-05T19:31' }, 'registrationClosesAt', EVENT_TIME_MESSAGES.deadlineAfterStart],
    ['a deadline that is no date', { registrationClosesAt: 'soon' }, 'registrationClosesAt', EVENT_TIME_MESSAGES.deadlineInvalid],
  ])('refuses %s with 400 and its message on the field', async (_label, body, field, message) => {
    const response = await createEvent({ ...body, customUrl: '' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT', message, errors: { [field]: message } });
  });

  it('a deadline at the start is accepted; moving the start before a stored end is refused and changes nothing', async () => {
    const created = await createEvent({ endDate: '2026-12-05T21:30', registrationClosesAt: '2026-12-05T19:30' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.event.id;
    const before = (await api.deps.store.get(EVENTS, id))!.data;
    const moved = await api.request.put(`/api/events/${id}`).set(api.bearer('admin')).send({ date: '2026-12-05T22:00' });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(EVENT_TIME_MESSAGES.endBeforeStart);
    expect((await api.deps.store.get(EVENTS, id))!.data).toEqual(before);
  });
});

describe('registration closes at its deadline', () => {
  it('refuses new registrations, new holds and repeats from the deadline on (exactly at it included), storing nothing', async () => {
    // Closes at 5 PM Denver on Dec 4 = 00:00 UTC Dec 5, a day before the start.
    const free = await createTestEvent(api, { registrationClosesAt: '2026-12-04T17:00' });
    const paid = await createPaidEvent(api, { date: '2026-12-05T19:30', registrationClosesAt: '2026-12-04T17:00' });

    api.clock.set('2026-12-04T23:59:59.000Z');
    expect((await register(free.id, { name: 'Just In', email: 'justin@example.org' })).status).toBe(201);

    for (const at of ['2026-12-05T00:00:00.000Z', '2026-12-05T10:00:00.000Z']) {
      api.clock.set(at);
      const before = [await snapshot(free.id), await snapshot(paid.id)];
      const late = await register(free.id, { name: 'Too Late', email: 'late@example.org' });
      expect(late.status).toBe(409);
      expect(late.body).toEqual(closed);
      // Registering again (the same person) is refused the same way, and sends nothing.
      expect((await register(free.id, { name: 'Just In', email: 'justin@example.org' })).body).toEqual(closed);
      const lateHold = await intent({ eventId: paid.id, amount: 3500, ticketType: 'Member', name: 'Too Late', email: 'late@example.org' });
      expect(lateHold.status).toBe(409);
      expect(lateHold.body).toEqual(closed);
      expect([await snapshot(free.id), await snapshot(paid.id)]).toEqual(before);
    }
  });

  it('a hold taken before the deadline may still be paid after it, within its window, but not once the event started', async () => {
    const paid = await createPaidEvent(api, { date: '2026-12-05T19:30', registrationClosesAt: '2026-12-04T17:00' });
    api.clock.set('2026-12-04T23:50:00.000Z');
    const held = await intent({ eventId: paid.id, amount: 3500, ticketType: 'Member', name: 'Early Bird', email: 'early@example.org' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);

    api.clock.set('2026-12-05T00:10:00.000Z');
    const again = await intent({ eventId: paid.id, amount: 3500, ticketType: 'Member', name: 'Early Bird', email: 'early@example.org', rsvpId: held.body.rsvpId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.rsvpId).toBe(held.body.rsvpId);
    await api.request
      .post(`/api/offline-payments/${again.body.paymentIntentId}/confirm`)
      .send({ clientSecret: again.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
      .expect(200);
    expect((await api.deps.store.get(RSVPS, held.body.rsvpId))!.data).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    // A hold is never paid once the event has started, deadline or not.
    const other = await createPaidEvent(api, { date: '2026-12-05T19:30', registrationClosesAt: '2026-12-05T19:00' });
    api.clock.set('2026-12-06T02:10:00.000Z');
    const lateHold = await intent({ eventId: other.id, amount: 3500, ticketType: 'Member', name: 'Last Minute', email: 'last@example.org' });
    expect(lateHold.status).toBe(409);
    api.clock.set('2026-12-06T01:55:00.000Z');
    const hold = await intent({ eventId: other.id, amount: 3500, ticketType: 'Member', name: 'Last Minute', email: 'last@example.org' });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    api.clock.set('2026-12-06T02:30:00.000Z');
    const afterStart = await intent({ eventId: other.id, amount: 3500, ticketType: 'Member', name: 'Last Minute', email: 'last@example.org', rsvpId: hold.body.rsvpId });
    expect(afterStart.status).toBe(409);
    expect(afterStart.body).toEqual(closed);
  });
});
