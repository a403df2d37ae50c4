import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { TYPE_SEAT_SHARDS } from '../../src/seats/quotas.js';
import { QUOTA_MESSAGES } from '../../src/shared/quotas-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent, openPayment } from '../support/payments.js';
import { OFFLINE_TEST_CARDS } from '../../src/shared/payments-model.js';
import { seatsTakenOf } from '../support/seats.js';
import { numberedName } from '../support/names.js';

/*
 * Issue 26 item 4: a capacity per ticket type inside the event's total. Never oversold per type nor
 * in total (single registrations, orders of mixed types, holds), under a rush from two API instances;
 * freed seats go back to their type; the quotas' validation; the public 'n left'. Runs on SQLite and
 * on the Firestore emulator.
 */

let api: TestApi;
let second: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // A second instance on the same store: the rush is decided by the store's transactions.
  second = await createTestApi({ sharedStoreOf: api });
});
afterAll(async () => {
  await second.close();
  await api.close();
});
beforeEach(() => api.clock.set('2026-11-21T12:00:00.000Z'));

const register = (eventId: string, body: Record<string, unknown>, on: TestApi = api) => on.request.post(`/api/events/${eventId}/rsvp`).send(body);
const put = (eventId: string, body: Record<string, unknown>) => api.request.put(`/api/events/${eventId}`).set(api.bearer('admin')).send(body);
const holdersOf = async (eventId: string) =>
  (await api.deps.store.query(RSVPS, { where: [['eventId', '==', eventId]] })).filter((doc) => ['confirmed', 'pending_payment', 'pending_confirmation'].includes(doc.data.status));
const countByType = (docs: { data: { ticketType: string } }[]) => docs.reduce<Record<string, number>>((counts, doc) => ({ ...counts, [doc.data.ticketType]: (counts[doc.data.ticketType] ?? 0) + 1 }), {});
const typeTaken = async (eventId: string) => {
  const taken: Record<string, number> = {};
  for (const shard of await api.deps.store.query(TYPE_SEAT_SHARDS, { where: [['eventId', '==', eventId]] })) taken[shard.data.ticketType] = (taken[shard.data.ticketType] ?? 0) + shard.data.taken;
  return taken;
};
const publicEvent = async (eventId: string) => (await api.request.get(`/api/events/${eventId}`)).body.event;

describe('quotas on the event', () => {
  it('are saved and answered to staff; an event stored before quotas reads as none', async () => {
    const event = await createTestEvent(api, { maxAttendees: 50, ticketTypes: ['Family', 'General'], ticketQuotas: { Family: 20, General: '' } });
    const staff = await api.request.get(`/api/events/${event.id}`).set(api.bearer('admin'));
    expect(staff.body.event.ticketQuotas).toEqual({ Family: 20 });
    // Not public: visitors get only what is left when it is low.
    expect(await publicEvent(event.id)).not.toHaveProperty('ticketQuotas');

    const old = await createTestEvent(api, { maxAttendees: 5 });
    await api.deps.store.runTransaction(async (tx) => {
      const doc = await tx.get(EVENTS, old.id);
      const { ticketQuotas: _dropped, ...before } = doc!.data;
      tx.set(EVENTS, old.id, before);
    });
    expect((await api.request.get(`/api/events/${old.id}`).set(api.bearer('admin'))).body.event.ticketQuotas).toEqual({});
    await register(old.id, { name: 'Ada Lovelace', email: 'ada.old@example.org' }).expect(201);
    expect((await put(old.id, { title: 'Renamed' })).status).toBe(200);
  });

  it.each([
    [{ Family: 0 }, 'ticketQuotas.Family', QUOTA_MESSAGES.whole],
    [{ Family: 2.5 }, 'ticketQuotas.Family', QUOTA_MESSAGES.whole],
    [{ Family: 'many' }, 'ticketQuotas.Family', QUOTA_MESSAGES.whole],
    [{ Child: 3 }, 'ticketQuotas.Child', QUOTA_MESSAGES.unknownType('Child')],
    [{ Family: 11 }, 'ticketQuotas.Family', QUOTA_MESSAGES.aboveCapacity('Family')],
  ])('a quota of %j is refused with its message on its field', async (ticketQuotas, field, message) => {
    const response = await api.request
      .post('/api/events')
      .set(api.bearer('admin'))
      .send({ title: 'Quota check', date: '2026-12-05T19:30', location: 'Kolob', maxAttendees: 10, ticketTypes: ['Family', 'General'], ticketQuotas });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT', errors: { [field]: message } });
  });

  it('a quota never drops below the tickets of its type already taken (as the capacity); a new quota counts the type\'s tickets so far', async () => {
    const event = await createTestEvent(api, { maxAttendees: 10, ticketTypes: ['Family', 'General'] });
    for (const name of ['Ada', 'Bob', 'Cy']) await register(event.id, { name: `${name} Smith`, email: `${name.toLowerCase()}.q@example.org`, ticketType: 'Family' }).expect(201);
    await register(event.id, { name: 'Dee Smith', email: 'dee.q@example.org', ticketType: 'General' }).expect(201);
    // A quota set after tickets were sold counts them.
    const below = await put(event.id, { ticketQuotas: { Family: 2 } });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ code: 'QUOTA_BELOW_TAKEN', errors: { 'ticketQuotas.Family': QUOTA_MESSAGES.belowTaken('Family', 3) } });
    expect((await api.deps.store.get(EVENTS, event.id))!.data.ticketQuotas ?? {}).toEqual({});
    expect((await put(event.id, { ticketQuotas: { Family: 3 } })).status).toBe(200);
    expect(await typeTaken(event.id)).toEqual({ Family: 3 });
    const full = await register(event.id, { name: 'Eve Smith', email: 'eve.q@example.org', ticketType: 'Family' });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ success: false, code: 'TICKET_TYPE_SOLD_OUT', message: QUOTA_MESSAGES.soldOut('Family'), errors: { ticketType: QUOTA_MESSAGES.soldOut('Family') } });
    // Raised later, the same shards keep their seats taken.
    expect((await put(event.id, { ticketQuotas: { Family: 4 } })).status).toBe(200);
    await register(event.id, { name: 'Eve Smith', email: 'eve.q@example.org', ticketType: 'Family' }).expect(201);
    const lowered = await put(event.id, { ticketQuotas: { Family: 3 } });
    expect(lowered.body).toMatchObject({ code: 'QUOTA_BELOW_TAKEN', errors: { 'ticketQuotas.Family': QUOTA_MESSAGES.belowTaken('Family', 4) } });
  });
});

describe('never oversold per type nor in total', () => {
  it('a type sold out is refused by name while other types still register; an order is all or nothing', async () => {
    const event = await createTestEvent(api, { maxAttendees: 6, ticketTypes: ['Family', 'General'], ticketQuotas: { Family: 2 }, maxRegistrationsPerEmail: 4 });
    await register(event.id, { name: 'Ann Lee', email: 'ann.lee@example.org', ticketType: 'Family' }).expect(201);
    const order = await register(event.id, { name: 'Bo Lee', email: 'bo.lee@example.org', tickets: [{ ticketType: 'Family', name: '' }, { ticketType: 'Family', name: 'Cy Lee' }] });
    expect(order.status).toBe(409);
    expect(order.body).toMatchObject({ code: 'TICKET_TYPE_SOLD_OUT', message: QUOTA_MESSAGES.soldOut('Family') });
    // Nothing of the refused order was taken.
    expect((await holdersOf(event.id)).length).toBe(1);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    await register(event.id, { name: 'Bo Lee', email: 'bo.lee@example.org', tickets: [{ ticketType: 'Family', name: '' }, { ticketType: 'General', name: 'Cy Lee' }] }).expect(201);
    expect(await typeTaken(event.id)).toEqual({ Family: 2 });
    expect((await register(event.id, { name: 'Di Lee', email: 'di.lee@example.org', ticketType: 'Family' })).body.code).toBe('TICKET_TYPE_SOLD_OUT');
    await register(event.id, { name: 'Di Lee', email: 'di.lee@example.org', ticketType: 'General' }).expect(201);
  });

  it('a rush of 30 single and mixed-type orders from two instances on 3 Family / 5 General within 7: 0 oversold per type or in total', async () => {
    const event = await createTestEvent(api, { maxAttendees: 7, ticketTypes: ['Family', 'General'], ticketQuotas: { Family: 3, General: 5 }, maxRegistrationsPerEmail: 4 });
    const bodies = Array.from({ length: 30 }, (_, i) => {
      const person = { name: numberedName('Rusher', i), email: `rusher${i}@example.org` };
      if (i % 3 === 0) return { ...person, ticketType: 'Family' };
      if (i % 3 === 1) return { ...person, ticketType: 'General' };
      return { ...person, tickets: [{ ticketType: 'Family', name: '' }, { ticketType: 'General', name: numberedName('Kid', i) }] };
    });
    const responses = await Promise.all(bodies.map((body, i) => register(event.id, body, i % 2 ? second : api)));
    for (const response of responses) expect([201, 409], JSON.stringify(response.body)).toContain(response.status);
    for (const refused of responses.filter((r) => r.status === 409)) expect(['EVENT_FULL', 'TICKET_TYPE_SOLD_OUT']).toContain(refused.body.code);
    const holders = await holdersOf(event.id);
    const perType = countByType(holders);
    expect(perType.Family ?? 0).toBeLessThanOrEqual(3);
    expect(perType.General ?? 0).toBeLessThanOrEqual(5);
    expect(holders.length).toBeLessThanOrEqual(7);
    // The counters say exactly what the tickets say.
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(holders.length);
    expect(await typeTaken(event.id)).toEqual({ Family: perType.Family ?? 0, General: perType.General ?? 0 });
    // Every seat went: 10 single General registrations each found General under 5 and the event
    // under 7, or one of them full. Family is 3, or 2 when General took its 5 first (7 in all).
    expect(holders.length).toBe(7);
    expect(perType.Family).toBeGreaterThanOrEqual(2);
    // Every order has both of its tickets or none.
    const byOrder = new Map<string, number>();
    for (const doc of holders) if (doc.data.orderId) byOrder.set(doc.data.orderId, (byOrder.get(doc.data.orderId) ?? 0) + 1);
    for (const count of byOrder.values()) expect(count).toBe(2);
  });
});

describe('freed seats go back to their type', () => {
  it("an admin's cancel frees a Family seat for the next Family registration", async () => {
    const event = await createTestEvent(api, { maxAttendees: 10, ticketTypes: ['Family', 'General'], ticketQuotas: { Family: 1 } });
    const first = await register(event.id, { name: 'Fay Wray', email: 'fay@example.org', ticketType: 'Family' }).expect(201);
    expect((await register(event.id, { name: 'Gus Grim', email: 'gus@example.org', ticketType: 'Family' })).body.code).toBe('TICKET_TYPE_SOLD_OUT');
    await api.request.delete(`/api/rsvps/${first.body.rsvpId}`).set(api.bearer('admin')).expect(200);
    expect(await typeTaken(event.id)).toEqual({ Family: 0 });
    await register(event.id, { name: 'Gus Grim', email: 'gus@example.org', ticketType: 'Family' }).expect(201);
    expect(await typeTaken(event.id)).toEqual({ Family: 1 });
  });

  it('an event without a maximum: the quota alone bounds its type, and a cancel frees it', async () => {
    const event = await createTestEvent(api, { ticketTypes: ['Family', 'General'], ticketQuotas: { Family: 1 } });
    const first = await register(event.id, { name: 'Uma Unbound', email: 'uma@example.org', ticketType: 'Family' }).expect(201);
    expect((await register(event.id, { name: 'Vic Unbound', email: 'vic@example.org', ticketType: 'Family' })).body.code).toBe('TICKET_TYPE_SOLD_OUT');
    await register(event.id, { name: 'Vic Unbound', email: 'vic@example.org', ticketType: 'General' }).expect(201);
    await api.request.delete(`/api/rsvps/${first.body.rsvpId}`).set(api.bearer('admin')).expect(200);
    await register(event.id, { name: 'Wes Unbound', email: 'wes@example.org', ticketType: 'Family' }).expect(201);
    expect(await typeTaken(event.id)).toEqual({ Family: 1 });
  });

  it('an unpaid order that runs out gives its seats back to each type', async () => {
    const event = await createPaidEvent(api, { maxRegistrationsPerEmail: 4, ticketQuotas: { Member: 2, General: 3 } });
    const order = await register(event.id, {
      name: 'Hal Hope',
      email: 'hal@example.org',
      tickets: [
        { ticketType: 'Member', name: '' },
        { ticketType: 'Member', name: 'Ida Hope' },
        { ticketType: 'General', name: 'Jo Hope' },
      ],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(await typeTaken(event.id)).toEqual({ Member: 2, General: 1 });
    expect((await register(event.id, { name: 'Kim Kay', email: 'kim@example.org', ticketType: 'Member' })).body.code).toBe('TICKET_TYPE_SOLD_OUT');
    api.clock.set('2026-11-21T12:31:00.000Z');
    expect(await api.services.payments.releaseExpiredHolds()).toBe(3);
    expect(await typeTaken(event.id)).toEqual({ Member: 0, General: 0 });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    await register(event.id, { name: 'Kim Kay', email: 'kim@example.org', ticketType: 'Member' }).expect(201);
  });
});

describe('a late payment of a lapsed hold (issue 26 item 4)', () => {
  const pay = (intent: { paymentIntentId: string; clientSecret: string }) =>
    api.request.post(`/api/offline-payments/${intent.paymentIntentId}/confirm`).send({ clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' });

  it("takes its type's seat again when one is free, and is refunded when its type sold out meanwhile (the event still has seats)", async () => {
    const event = await createPaidEvent(api, { maxAttendees: 10, ticketQuotas: { Member: 1 } });
    const late = await openPayment(api, event.id, { name: 'Pat Late', email: 'pat.late@example.org' });
    api.clock.set('2026-11-21T12:31:00.000Z');
    await api.services.payments.releaseExpiredHolds();
    expect(await typeTaken(event.id)).toEqual({ Member: 0 });
    // Paid late with the seat still free: a ticket, its type's seat taken again.
    await pay(late).expect(200);
    expect((await api.deps.store.get(RSVPS, late.rsvpId))?.data).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await typeTaken(event.id)).toEqual({ Member: 1 });

    api.clock.set('2026-11-21T13:00:00.000Z');
    const event2 = await createPaidEvent(api, { maxAttendees: 10, ticketQuotas: { Member: 1 } });
    const lapsed = await openPayment(api, event2.id, { name: 'Quin Late', email: 'quin.late@example.org' });
    api.clock.set('2026-11-21T13:31:00.000Z');
    await api.services.payments.releaseExpiredHolds();
    const other = await openPayment(api, event2.id, { name: 'Rae Early', email: 'rae.early@example.org' });
    await pay(other).expect(200);
    await pay(lapsed).expect(200);
    // The Member seat is Rae's: the lapsed hold's payment goes back, no second Member ticket.
    expect((await api.deps.store.get(RSVPS, lapsed.rsvpId))?.data).toMatchObject({ status: 'released', paymentStatus: 'refunded' });
    expect(await typeTaken(event2.id)).toEqual({ Member: 1 });
    expect(await seatsTakenOf(api.deps.store, event2.id)).toBe(1);
  });
});

describe("'n left' on the public event", () => {
  it('shows the types with few left (the total included), a sold-out type as 0, nothing when none is low', async () => {
    const event = await createTestEvent(api, { maxAttendees: 50, ticketTypes: ['Family', 'General'], ticketQuotas: { Family: 6, General: 40 } });
    expect(await publicEvent(event.id)).not.toHaveProperty('ticketsLeft');
    await register(event.id, { name: 'Lu Lin', email: 'lu@example.org', ticketType: 'Family' }).expect(201);
    expect((await publicEvent(event.id)).ticketsLeft).toEqual({ Family: 5 });
    for (const i of [1, 2, 3, 4, 5]) await register(event.id, { name: numberedName('Lin', i), email: `lin${i}@example.org`, ticketType: 'Family' }).expect(201);
    expect((await publicEvent(event.id)).ticketsLeft).toEqual({ Family: 0 });
    // The landing page's list says the same.
    const listed = (await api.request.get('/api/events?limit=50')).body.events.find((e: { id: string }) => e.id === event.id);
    expect(listed.ticketsLeft).toEqual({ Family: 0 });
  });
});
