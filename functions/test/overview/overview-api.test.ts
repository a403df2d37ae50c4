import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RSVPS, type StoredRsvp } from '../../src/rsvps/repository.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { OVERVIEW_MESSAGES, type EventOverviewReply, type OverviewEventCard, type OverviewReply } from '../../src/shared/overview-model.js';
import { OFFLINE_TEST_CARDS } from '../../src/shared/payments-model.js';
import { createTestApi, createTestEvent, uniqueEmail, type TestApi } from '../support/api.js';
import { createPaidEvent, payForTicket } from '../support/payments.js';
import { manageLinkIn } from '../support/self-service.js';
import { numberedName } from '../support/names.js';

/*
 * The organiser's overview (issue 30) through the API on the test's store: an event's registrations,
 * payments, refunds, cancels, a transfer, an unpaid hold and check-ins at two doors are made by real
 * calls on days of their own, and every figure of both replies is compared with a count over the
 * stored records (days in Denver, counted here with luxon, not with the code under test).
 */

const ZONE = 'America/Denver';
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const at = (iso: string) => api.clock.set(iso);
const localDay = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(ZONE).toISODate()!;

async function overview(): Promise<OverviewReply> {
  const response = await api.request.get('/api/overview').set(api.bearer('admin'));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}
async function card(eventId: string): Promise<OverviewEventCard | undefined> {
  return (await overview()).events.find((event) => event.id === eventId);
}
async function eventOverview(eventId: string): Promise<EventOverviewReply> {
  const response = await api.request.get(`/api/events/${eventId}/overview`).set(api.bearer('admin'));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}
async function storedOf(eventId: string): Promise<(StoredRsvp & { id: string })[]> {
  return (await api.deps.store.query(RSVPS, { where: [['eventId', '==', eventId]] })).map((doc) => ({ id: doc.id, ...doc.data }));
}

/** The lists' rule, written out: confirmed, or a hold whose time has not run out. */
function holding(rsvp: StoredRsvp, nowIso: string) {
  if (rsvp.status === 'confirmed') return true;
  return (rsvp.status === 'pending_payment' || rsvp.status === 'pending_confirmation') && rsvp.holdExpiresAt !== null && rsvp.holdExpiresAt > nowIso;
}

/** A General ticket ($45) paid with the offline test card. */
async function payGeneral(eventId: string, buyer: { name: string; email: string }) {
  const intent = await api.request.post('/api/create-payment-intent').send({ eventId, amount: 4500, ticketType: 'General', ...buyer });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  await api.request
    .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
    .send({ clientSecret: intent.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
    .expect(200);
  return intent.body as { rsvpId: string };
}

async function checkIn(rsvpId: string, eventId: string, door?: string) {
  const response = await api.request.post(`/api/checkin/${rsvpId}`).set(api.bearer('staff')).send({ eventId, ...(door ? { door } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

describe('who may ask', () => {
  it('401 without a token, 403 for staff and for a signed-in user without a role, on both calls', async () => {
    const event = await createTestEvent(api);
    for (const path of ['/api/overview', `/api/events/${event.id}/overview`, '/overview']) {
      expect((await api.request.get(path)).status).toBe(401);
      expect((await api.request.get(path).set(api.bearer('staff'))).status).toBe(403);
      expect((await api.request.get(path).set(api.bearer('outsider'))).status).toBe(403);
    }
  });

  it('404 with the shared message for an unknown event', async () => {
    const response = await api.request.get('/api/events/no-such-event/overview').set(api.bearer('admin'));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, message: MESSAGES.eventNotFound });
    expect(MESSAGES.eventNotFound).toBe(OVERVIEW_MESSAGES.eventNotFound);
  });
});

describe('an event with no registrations', () => {
  it('zeros, no lines, seven days of nothing, no door before its day', async () => {
    at('2026-11-21T19:00:00.000Z');
    const event = await createTestEvent(api, { title: 'Empty night', date: '2026-12-20T19:00', maxAttendees: 30 });
    const figures = await eventOverview(event.id);
    expect(figures).toMatchObject({
      success: true,
      timeZone: ZONE,
      generatedAt: '2026-11-21T19:00:00.000Z',
      event: { id: event.id, title: 'Empty night', capacity: 30, customUrl: event.customUrl },
      totals: { registered: 0, checkedIn: 0, amountTaken: 0, amountRefunded: 0, selfCancellations: 0, adminCancellations: 0, refunds: 0, waitlist: null },
      registrations: [],
      money: [],
      ticketTypes: [{ name: 'General', registered: 0, amountTaken: 0 }],
      checkIn: null,
    });
    const seen = (await card(event.id))!;
    expect(seen).toMatchObject({ capacity: 30, registered: 0, checkedIn: 0, amountTaken: 0, waitlist: null, warning: null });
    expect(seen.last7Days.map((day) => day.day)).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
    expect(seen.last7Days.every((day) => day.count === 0)).toBe(true);
  });
});

describe('days in the organisation zone', () => {
  it('a registration at 23:30 in Denver lands on its local day, on the card and on the line', async () => {
    at('2026-11-20T18:00:00.000Z');
    const event = await createTestEvent(api, { title: 'Late night signups', date: '2026-12-06T19:00' });
    at('2026-11-21T06:30:00.000Z'); // 23:30 on 20 November in Denver
    await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Night Owl', email: uniqueEmail('owl') }).expect(201);
    at('2026-11-21T07:10:00.000Z'); // 00:10 on 21 November
    await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Early Bird', email: uniqueEmail('bird') }).expect(201);
    at('2026-11-21T19:00:00.000Z');
    const figures = await eventOverview(event.id);
    expect(figures.registrations).toEqual([
      { day: '2026-11-20', registered: 1, cancelled: 0, cumulative: 1 },
      { day: '2026-11-21', registered: 1, cancelled: 0, cumulative: 2 },
    ]);
    const seen = (await card(event.id))!;
    expect(seen.last7Days.slice(-2)).toEqual([
      { day: '2026-11-20', count: 1 },
      { day: '2026-11-21', count: 1 },
    ]);
    // No capacity: no fill, no warning.
    expect(seen).toMatchObject({ capacity: null, registered: 2, warning: null });
  });
});

describe('a paid event from its first sale to its night', () => {
  let eventId: string;
  const people = Object.fromEntries(['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus'].map((name) => [name, { name: `${name[0]!.toUpperCase()}${name.slice(1)} Test`, email: uniqueEmail(name) }]));
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    at('2026-11-17T18:00:00.000Z');
    eventId = (await createPaidEvent(api, { title: 'Condor night', date: '2026-12-14T18:00', maxAttendees: 10, refundUntilHoursBefore: 48 })).id;
    at('2026-11-18T17:00:00.000Z');
    ids.ann = (await payForTicket(api, eventId, people.ann)).rsvpId;
    ids.ben = (await payForTicket(api, eventId, people.ben)).rsvpId;
    at('2026-11-19T06:30:00.000Z'); // 23:30 on the 18th in Denver: paid that local day
    ids.cat = (await payForTicket(api, eventId, people.cat)).rsvpId;
    at('2026-11-19T18:00:00.000Z');
    ids.dan = (await payForTicket(api, eventId, people.dan)).rsvpId;
    at('2026-11-20T18:00:00.000Z');
    await api.request.post(`/api/rsvps/${ids.ben}/refund`).set(api.bearer('admin')).send({ reason: 'Asked by phone' }).expect(200);
    at('2026-11-20T19:00:00.000Z');
    const annLink = await manageLinkIn(api, people.ann.email);
    await api.request.post(`/api/rsvps/${ids.ann}/cancel`).send({ key: annLink.key }).expect(200);
    await api.services.refunds.whenIdle();
    // The provider's refund webhook marks it refunded (the offline gateway announces it on its own).
    for (let tries = 0; (await api.deps.store.get(RSVPS, ids.ann))?.data.paymentStatus !== 'refunded'; tries++) {
      if (tries > 100) throw new Error('the self-cancel refund was never applied');
      await new Promise((done) => setTimeout(done, 50));
    }
    at('2026-11-21T16:00:00.000Z');
    const catLink = await manageLinkIn(api, people.cat.email);
    await api.request.post(`/api/rsvps/${ids.cat}/transfer`).send({ key: catLink.key, ...people.eve }).expect(200);
    ids.eve = (await storedOf(eventId)).find((rsvp) => rsvp.email === people.eve.email)!.id;
    ids.gus = (await payGeneral(eventId, people.gus)).rsvpId;
    // An unpaid hold (30 minutes) opened at 18:45 UTC.
    at('2026-11-21T18:45:00.000Z');
    const hold = await api.request.post('/api/create-payment-intent').send({ eventId, amount: 3500, ticketType: 'Member', ...people.fay });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    ids.fay = hold.body.rsvpId;
  });

  it('each figure equals a count over the stored records, with the running hold counted', async () => {
    at('2026-11-21T19:00:00.000Z');
    const nowIso = api.clock.now().toISOString();
    const stored = await storedOf(eventId);
    const figures = await eventOverview(eventId);
    const money = stored.filter((rsvp) => !rsvp.transferredTo);
    const registered = stored.filter((rsvp) => holding(rsvp, nowIso)).length;
    expect(registered).toBe(4); // dan, eve (given Cat's ticket), gus, and Fay's running hold
    expect(figures.totals).toEqual({
      registered,
      checkedIn: 0,
      amountTaken: money.reduce((sum, rsvp) => sum + rsvp.amountPaid - (rsvp.amountRefunded ?? 0), 0),
      amountRefunded: money.reduce((sum, rsvp) => sum + (rsvp.amountRefunded ?? 0), 0),
      selfCancellations: stored.filter((rsvp) => rsvp.status === 'cancelled' && rsvp.cancelledBy === 'attendee' && !rsvp.transferredTo).length,
      adminCancellations: stored.filter((rsvp) => rsvp.status === 'cancelled' && rsvp.cancelledBy !== 'attendee').length,
      refunds: stored.filter((rsvp) => rsvp.paymentStatus === 'refunded').length,
      waitlist: null,
    });
    expect(figures.totals).toMatchObject({ amountTaken: 3500 + 3500 + 4500, amountRefunded: 7000, selfCancellations: 1, adminCancellations: 1, refunds: 2 });

    // Registrations by local day: Ann, Ben and Cat (23:30 on the 18th) on the 18th; Dan on the 19th; two cancels on the 20th;
    // on the 21st Gus and Fay's hold (the transfer to Eve is no registration and no cancel).
    const registrationDays = (rsvp: StoredRsvp) => localDay(rsvp.createdAt);
    const newOnes = stored.filter((rsvp) => !rsvp.transferredFrom && (rsvp.status === 'cancelled' || holding(rsvp, nowIso)));
    const cancels = stored.filter((rsvp) => rsvp.status === 'cancelled' && !rsvp.transferredTo);
    const days = figures.registrations.map((day) => day.day);
    expect(days[0]).toBe('2026-11-18');
    expect(days.at(-1)).toBe('2026-11-21');
    for (const day of figures.registrations) {
      expect(day.registered, day.day).toBe(newOnes.filter((rsvp) => registrationDays(rsvp) === day.day).length);
      expect(day.cancelled, day.day).toBe(cancels.filter((rsvp) => localDay((rsvp.cancelledAt ?? rsvp.refundedAt)!) === day.day).length);
    }
    expect(figures.registrations.map((day) => [day.registered, day.cancelled, day.cumulative])).toEqual([
      [3, 0, 3],
      [1, 0, 4],
      [0, 2, 2],
      [2, 0, 4],
    ]);
    expect(figures.registrations.at(-1)!.cumulative).toBe(registered);

    // Money on the day it was paid (Cat's payment, now Eve's, on the 18th) and refunded.
    expect(figures.money).toEqual([
      { day: '2026-11-18', taken: 10500, refunded: 0, cumulativeNet: 10500 },
      { day: '2026-11-19', taken: 3500, refunded: 0, cumulativeNet: 14000 },
      { day: '2026-11-20', taken: 0, refunded: 7000, cumulativeNet: 7000 },
      { day: '2026-11-21', taken: 4500, refunded: 0, cumulativeNet: 11500 },
    ]);
    for (const day of figures.money) {
      expect(day.taken).toBe(money.filter((rsvp) => rsvp.amountPaid > 0 && localDay(rsvp.paidAt!) === day.day).reduce((sum, rsvp) => sum + rsvp.amountPaid, 0));
      expect(day.refunded).toBe(money.filter((rsvp) => rsvp.refundedAt && localDay(rsvp.refundedAt) === day.day).reduce((sum, rsvp) => sum + (rsvp.amountRefunded ?? 0), 0));
    }
    expect(figures.money.at(-1)!.cumulativeNet).toBe(figures.totals.amountTaken);

    expect(figures.ticketTypes).toEqual([
      { name: 'General', registered: 1, amountTaken: 4500 },
      { name: 'Member', registered: 3, amountTaken: 7000 },
    ]);
    expect(figures.checkIn).toBeNull();

    // The card says the same, and what the Events tab says of the money.
    const seen = (await card(eventId))!;
    expect(seen).toMatchObject({ capacity: 10, registered, checkedIn: 0, amountTaken: figures.totals.amountTaken, waitlist: null, warning: null });
    expect(seen.last7Days.slice(-4).map((day) => day.count)).toEqual([3, 1, 0, 2]);
    const stats = (await api.request.get('/api/events/stats').set(api.bearer('admin'))).body.stats[eventId];
    expect(stats.amountTaken).toBe(seen.amountTaken);
  });

  it('a hold whose time ran out no longer counts, before the sweep releases it and after', async () => {
    at('2026-11-21T19:14:00.000Z');
    expect((await eventOverview(eventId)).totals.registered).toBe(4);
    at('2026-11-21T19:15:00.000Z'); // the hold ran out at 19:15
    expect((await eventOverview(eventId)).totals.registered).toBe(3);
    at('2026-11-21T19:30:00.000Z');
    const before = await eventOverview(eventId);
    expect(before.totals.registered).toBe(3);
    expect(before.registrations.at(-1)).toEqual({ day: '2026-11-21', registered: 1, cancelled: 0, cumulative: 3 });
    await api.services.payments.releaseExpiredHolds();
    expect((await api.deps.store.get(RSVPS, ids.fay))?.data.status).toBe('released');
    const after = await eventOverview(eventId);
    expect(after.totals).toEqual(before.totals);
    expect(after.registrations).toEqual(before.registrations);
    // Now the lists agree: the Events tab's count is the overview's.
    const stats = (await api.request.get('/api/events/stats').set(api.bearer('admin'))).body.stats[eventId];
    expect(stats).toEqual({ registered: 3, checkedIn: 0, amountTaken: after.totals.amountTaken });
  });

  it('on its night: arrivals per 10 minutes and by door, checked in of expected, matching the stored check-ins', async () => {
    at('2026-12-15T01:05:00.000Z'); // 18:05 on the 14th in Denver
    await checkIn(ids.dan, eventId, 'Gate 1');
    at('2026-12-15T01:12:00.000Z');
    await checkIn(ids.eve, eventId, 'Gate 2');
    at('2026-12-15T01:14:00.000Z');
    await checkIn(ids.gus, eventId);
    at('2026-12-15T01:31:00.000Z');
    const figures = await eventOverview(eventId);
    const stored = await storedOf(eventId);
    const nowIso = api.clock.now().toISOString();
    const inside = stored.filter((rsvp) => holding(rsvp, nowIso) && rsvp.checkedIn);
    expect(figures.checkIn).toEqual({
      expected: stored.filter((rsvp) => holding(rsvp, nowIso)).length,
      checkedIn: inside.length,
      arrivals: [
        { from: '2026-12-15T01:00:00.000Z', count: 1 },
        { from: '2026-12-15T01:10:00.000Z', count: 2 },
        { from: '2026-12-15T01:20:00.000Z', count: 0 },
        { from: '2026-12-15T01:30:00.000Z', count: 0 },
      ],
      byDoor: [
        { door: 'Gate 1', count: 1 },
        { door: 'Gate 2', count: 1 },
        { door: OVERVIEW_MESSAGES.unnamedDoor, count: 1 },
      ],
    });
    expect(figures.checkIn!.arrivals.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(inside.length);
    expect(figures.totals.checkedIn).toBe(3);
    // The lines run to the event's day.
    expect(figures.registrations.at(-1)!.day).toBe('2026-12-14');
    expect(figures.registrations).toHaveLength(27);
    // On its day the event is still on the Overview tab, with its check-ins.
    expect(await card(eventId)).toMatchObject({ registered: 3, checkedIn: 3 });
  });

  it('a check-in undone and made again at another door counts once, at the door of the last one', async () => {
    await api.request.delete(`/api/checkin/${ids.dan}`).set(api.bearer('admin')).send({ reason: 'wrong person' }).expect(200);
    at('2026-12-15T01:33:00.000Z');
    await checkIn(ids.dan, eventId, 'Gate 2');
    const figures = await eventOverview(eventId);
    expect(figures.checkIn!.checkedIn).toBe(3);
    expect(figures.checkIn!.byDoor).toEqual([
      { door: 'Gate 2', count: 2 },
      { door: OVERVIEW_MESSAGES.unnamedDoor, count: 1 },
    ]);
  });

  it('the day after, it leaves the Overview tab; its page stays', async () => {
    at('2026-12-15T19:00:00.000Z');
    expect(await card(eventId)).toBeUndefined();
    const figures = await eventOverview(eventId);
    expect(figures.checkIn!.arrivals.at(-1)!.from).toBe('2026-12-15T01:30:00.000Z');
  });
});

describe('the waitlist and the warnings on the cards', () => {
  it('waiting and offered people where the event has a waitlist; nearly full at 90%', async () => {
    at('2026-11-21T19:00:00.000Z');
    const event = await createTestEvent(api, { title: 'Tiny walk', date: '2026-12-10T09:00', maxAttendees: 1 });
    await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'First In', email: uniqueEmail('first') }).expect(201);
    for (const name of ['Wait One', 'Wait Two']) {
      const joined = await api.request.post(`/api/events/${event.id}/waitlist`).send({ name, email: uniqueEmail('wait'), seats: 1, together: true });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    }
    const list = (await api.request.get(`/api/events/${event.id}/waitlist`).set(api.bearer('admin'))).body.entries as { status: string }[];
    const inLine = list.filter((entry) => entry.status === 'waiting' || entry.status === 'offered').length;
    expect(inLine).toBe(2);
    expect((await eventOverview(event.id)).totals.waitlist).toBe(inLine);
    expect(await card(event.id)).toMatchObject({ registered: 1, capacity: 1, waitlist: inLine, warning: { kind: 'nearlyFull', text: OVERVIEW_MESSAGES.nearlyFull } });
  });

  it('the cards list upcoming events only (not archived, not cancelled, not past), soonest first', async () => {
    at('2026-11-21T19:00:00.000Z');
    const archived = await createTestEvent(api, { title: 'Archived one', date: '2026-12-11T09:00' });
    await api.request.patch(`/api/events/${archived.id}/archive`).set(api.bearer('admin')).expect(200);
    const cancelled = await createTestEvent(api, { title: 'Cancelled one', date: '2026-12-11T09:00' });
    await api.request.post(`/api/events/${cancelled.id}/cancel`).set(api.bearer('admin')).expect(200);
    const past = await createTestEvent(api, { title: 'Past one', date: '2026-11-20T09:00' });
    // A camp that began yesterday and ends tomorrow is still on.
    const camp = await createTestEvent(api, { title: 'Weekend camp', date: '2026-11-20T09:00', endDate: '2026-11-22T16:00' });
    const reply = await overview();
    const listed = reply.events.map((event) => event.id);
    expect(listed).toContain(camp.id);
    expect(listed).not.toContain(archived.id);
    expect(listed).not.toContain(cancelled.id);
    expect(listed).not.toContain(past.id);
    expect(reply.events.map((event) => event.date)).toEqual([...reply.events.map((event) => event.date)].sort());
    expect(reply).toMatchObject({ success: true, timeZone: ZONE, generatedAt: '2026-11-21T19:00:00.000Z' });
  });

  it('slow to fill, against the median of the others at the same days before their start', async () => {
    at('2026-11-01T19:00:00.000Z');
    // Two events on 5 and 6 December filled 5 of 10 by 1 November; one on 12 December has 0 of 10 eleven days before it.
    const early = [];
    for (const [title, date] of [['Sold well A', '2026-12-05T19:00'], ['Sold well B', '2026-12-06T19:00']] as const) {
      const event = await createTestEvent(api, { title, date, maxAttendees: 10 });
      for (let i = 0; i < 5; i++) await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: numberedName(title, i), email: uniqueEmail('guest') }).expect(201);
      early.push(event.id);
    }
    const slow = await createTestEvent(api, { title: 'Slow seller', date: '2026-12-12T19:00', maxAttendees: 10 });
    at('2026-12-01T19:00:00.000Z');
    const cards = (await overview()).events;
    expect(cards.find((event) => event.id === slow.id)!.warning).toEqual({ kind: 'slowToFill', text: OVERVIEW_MESSAGES.slowToFill });
    for (const id of early) expect(cards.find((event) => event.id === id)!.warning).toBeNull();
  });
});
