import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { CHECKIN_MESSAGES, CLOCK_SKEW_MS, OFFLINE_CHECKIN_MAX_AGE_MS } from '../../src/shared/checkin-model.js';
import { RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import QRCode from 'qrcode';
import { ticketIdFromScan } from '../../src/shared/checkin-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { numberedName } from '../support/names.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const person = { name: 'Ada Lovelace', email: 'ada@example.org' };

const createEvent = (body: Record<string, unknown> = {}) => createTestEvent(api, body);

/** Each ticket's event: a door names the event it admits for, and by default the ticket's own. */
const eventOfTicket = new Map<string, string>();

async function register(eventId: string, who: Record<string, string> = person): Promise<string> {
  const response = await api.request.post(`/api/events/${eventId}/rsvp`).send(who);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  eventOfTicket.set(response.body.rsvpId, eventId);
  return response.body.rsvpId;
}

const checkIn = (ticketId: string, body: Record<string, unknown> = {}, who: 'admin' | 'staff' = 'staff') =>
  api.request
    .post(`/api/checkin/${ticketId}`)
    .set(api.bearer(who))
    .send({ eventId: eventOfTicket.get(ticketId) ?? 'no-such-event', ...body });

const HOUR = 60 * 60_000;
/** A time `offsetMs` from the test clock's now, as a door would send it. */
const fromNow = (offsetMs: number) => new Date(api.clock.now().getTime() + offsetMs).toISOString();
/** A queued offline check-in: admitted at `checkedInAt` against a door list loaded at `listLoadedAt`. */
const offline = (checkedInAt: string, listLoadedAt = fromNow(-2 * HOUR)) => ({ checkedInAt, listLoadedAt });

/**
 * The modules a ticket page's QR path paints dark, row by row inside the quiet zone (1 dark, 0
 * light), read back from its runs `M{x} {y}h{n}v1h-{n}z`; a run inside the quiet zone fails.
 */
function darkModules(qr: { size: number; path: string }): number[] {
  const inner = qr.size - 8;
  const grid: number[] = new Array<number>(inner * inner).fill(0);
  for (const [, x, y, n] of qr.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(n); i += 1) {
      const col = Number(x) - 4 + i;
      const row = Number(y) - 4;
      expect(col >= 0 && row >= 0 && col < inner && row < inner, `module ${col},${row} outside the code`).toBe(true);
      grid[row * inner + col] = 1;
    }
  }
  return grid;
}

function expectRefusal(response: { status: number; body: unknown }, status: number, code: string, message?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ success: false, code, ...(message ? { message } : {}) });
}

describe('POST /checkin/{id}', () => {
  it('admits the ticket once, recording the signed-in staff e-mail (a body checkedInBy is ignored)', async () => {
    const event = await createEvent();
    const ticketId = await register(event.id);
    const response = await checkIn(ticketId, { checkedInBy: 'mallory@example.org', eventId: event.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const now = api.clock.now().toISOString();
    expect(response.body).toEqual({
      success: true,
      message: CHECKIN_MESSAGES.checkedIn,
      ticket: {
        id: ticketId,
        attendee: { name: 'Ada Lovelace', email: 'ada@example.org', ticketType: 'General' },
        event: { id: event.id, title: 'Stargazing', date: '2026-12-06T02:30:00.000Z', location: 'Kolob', customUrl: expect.any(String) },
        checkedIn: true,
        checkedInAt: now,
        checkedInBy: api.users.staff.email,
      },
    });
    const stored = (await api.deps.store.get(RSVPS, ticketId))!.data;
    expect(stored).toMatchObject({ checkedIn: true, checkedInAt: now, checkedInBy: api.users.staff.email, checkInRecordedAt: now });

    // The ticket page now shows it checked in, with the time and who.
    const page = await api.request.get(`/api/checkin/${ticketId}?format=json`);
    expect(page.body.ticket).toMatchObject({ checkedIn: true, checkedInAt: now, checkedInBy: api.users.staff.email });

    // A second check-in is refused and changes nothing.
    api.clock.set('2026-11-21T12:01:00.000Z');
    expectRefusal(await checkIn(ticketId, {}, 'admin'), 409, 'ALREADY_CHECKED_IN', 'This attendee is already checked in');
    expect((await api.deps.store.get(RSVPS, ticketId))!.data).toEqual(stored);
    api.clock.set('2026-11-21T12:00:00.000Z');
  });

  it("records a queued offline check-in's own time: after its list was loaded, at most 24 h old, not in the future", async () => {
    const event = await createEvent();
    const recordedAt = api.clock.now().toISOString();
    const sent = fromNow(-HOUR);
    const ticketId = await register(event.id, { name: 'Queued Guest', email: 'queued@example.org' });
    const response = await checkIn(ticketId, offline(sent));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.ticket.checkedInAt).toBe(sent);
    expect((await api.deps.store.get(RSVPS, ticketId))!.data).toMatchObject({ checkedIn: true, checkedInAt: sent, checkInRecordedAt: recordedAt });
  });

  it('refuses an offline check-in whose time cannot be believed (400, at checkedInAt), recording nothing', async () => {
    const event = await createEvent();
    const cases = [
      // The finding: a check-in backdated 47 h (its "list" claimed loaded before it).
      [offline(fromNow(-47 * HOUR), fromNow(-48 * HOUR)), 'CHECKIN_TIME_TOO_OLD', CHECKIN_MESSAGES.timeTooOld],
      [offline(fromNow(-OFFLINE_CHECKIN_MAX_AGE_MS - 60_000), fromNow(-30 * HOUR)), 'CHECKIN_TIME_TOO_OLD', CHECKIN_MESSAGES.timeTooOld],
      [offline(fromNow(HOUR)), 'CHECKIN_TIME_IN_FUTURE', CHECKIN_MESSAGES.timeInFuture],
      [offline(fromNow(CLOCK_SKEW_MS + 60_000)), 'CHECKIN_TIME_IN_FUTURE', CHECKIN_MESSAGES.timeInFuture],
      [offline(fromNow(-3 * HOUR), fromNow(-HOUR)), 'CHECKIN_TIME_BEFORE_LIST', CHECKIN_MESSAGES.timeBeforeList],
    ] as const;
    for (const [index, [body, code, message]] of cases.entries()) {
      const ticketId = await register(event.id, { name: numberedName('Guest', index), email: `guest${index}@example.org` });
      const before = (await api.deps.store.get(RSVPS, ticketId))!.data;
      const response = await checkIn(ticketId, body);
      expectRefusal(response, 400, code, message);
      expect(response.body.errors, code).toEqual({ checkedInAt: message });
      expect((await api.deps.store.get(RSVPS, ticketId))!.data, code).toEqual(before);
    }
    const last = await register(event.id, { name: 'Last Guest', email: 'last@example.org' });
    expectRefusal(await checkIn(last, { checkedInAt: 'yesterday', listLoadedAt: fromNow(-HOUR) }), 400, 'INVALID_INPUT');
    // A time of its own needs the moment the list was loaded.
    const unanchored = await checkIn(last, { checkedInAt: fromNow(-HOUR) });
    expectRefusal(unanchored, 400, 'INVALID_INPUT', CHECKIN_MESSAGES.listLoadedAtRequired);
    expect(unanchored.body.errors).toEqual({ listLoadedAt: CHECKIN_MESSAGES.listLoadedAtRequired });
    expect((await api.deps.store.get(RSVPS, last))!.data.checkedIn).toBe(false);
  });

  it("a check-in names its event: without one 400 'Please select an event'; another event's ticket is refused by name", async () => {
    const event = await createEvent({ title: 'Owl Prowl' });
    const other = await createEvent({ title: 'Bat Walk' });
    const ticketId = await register(event.id);
    for (const body of [{}, { eventId: '' }, { eventId: '   ' }, { eventId: 42 }]) {
      const response = await api.request.post(`/api/checkin/${ticketId}`).set(api.bearer('staff')).send(body);
      expectRefusal(response, 400, 'INVALID_INPUT', CHECKIN_MESSAGES.selectEvent);
      expect(response.body.errors).toEqual({ eventId: CHECKIN_MESSAGES.selectEvent });
    }
    // The finding: a ticket of another event, at a door admitting for this one.
    expectRefusal(await checkIn(ticketId, { eventId: other.id }), 409, 'WRONG_EVENT', 'This ticket is for another event: Owl Prowl');
    expectRefusal(await checkIn(ticketId, { eventId: 'no-such-event' }), 409, 'WRONG_EVENT', 'This ticket is for another event: Owl Prowl');
    expect((await api.deps.store.get(RSVPS, ticketId))!.data).toMatchObject({ checkedIn: false, checkedInAt: null, checkedInBy: null });
    expect((await checkIn(ticketId, { eventId: event.id })).status).toBe(200);
  });

  it('admits only for an event the door may choose: archived, deactivated and 2020 events are refused with the reason', async () => {
    const archived = await createEvent({ title: 'Archived night' });
    const deactivated = await createEvent({ title: 'Deactivated night' });
    const old = await createEvent({ title: 'Night of 2020' });
    const tickets = { archived: await register(archived.id), deactivated: await register(deactivated.id), old: await register(old.id) };
    await api.request.patch(`/api/events/${archived.id}/archive`).set(api.bearer('admin')).expect(200);
    await api.request.put(`/api/events/${deactivated.id}`).set(api.bearer('admin')).send({ isActive: false }).expect(200);
    await api.request.put(`/api/events/${old.id}`).set(api.bearer('admin')).send({ date: '2020-06-01T19:00' }).expect(200);

    expectRefusal(await checkIn(tickets.archived), 409, 'CHECKIN_EVENT_ARCHIVED', CHECKIN_MESSAGES.eventArchived);
    expectRefusal(await checkIn(tickets.deactivated), 409, 'CHECKIN_EVENT_INACTIVE', CHECKIN_MESSAGES.eventInactive);
    expectRefusal(await checkIn(tickets.old), 409, 'CHECKIN_CLOSED', CHECKIN_MESSAGES.checkInClosed);
    // An offline check-in synced now, claimed to be from 2020's night, is refused too.
    expectRefusal(await checkIn(tickets.old, offline(fromNow(-HOUR))), 409, 'CHECKIN_CLOSED', CHECKIN_MESSAGES.checkInClosed);
    for (const ticketId of Object.values(tickets)) {
      expect((await api.deps.store.get(RSVPS, ticketId))!.data).toMatchObject({ checkedIn: false, checkedInAt: null, checkedInBy: null });
    }

    // Restored and activated again: the door admits.
    await api.request.patch(`/api/events/${archived.id}/unarchive`).set(api.bearer('admin')).expect(200);
    await api.request.put(`/api/events/${archived.id}`).set(api.bearer('admin')).send({ isActive: true }).expect(200);
    expect((await checkIn(tickets.archived)).status).toBe(200);
  });

  it('a volunteer at the door tonight gets through: an event later today, and one that started 3 h ago', async () => {
    // The test clock is 2026-11-21T12:00Z, 05:00 in Denver.
    const tonight = await createEvent({ title: 'Tonight', date: '2026-11-21T19:00' });
    const ticketTonight = await register(tonight.id);
    const started = await createEvent({ title: 'Dawn chorus', date: '2026-11-21T07:00' });
    const ticketStarted = await register(started.id);
    api.clock.set('2026-11-21T17:00:00.000Z');
    try {
      // 10:00 in Denver: the dawn chorus started 3 h ago.
      const response = await checkIn(ticketStarted);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.ticket.checkedInAt).toBe('2026-11-21T17:00:00.000Z');
      expect((await checkIn(ticketTonight)).status).toBe(200);
    } finally {
      api.clock.set('2026-11-21T12:00:00.000Z');
    }
  });

  it('refuses what cannot be admitted with 409 and a plain reason, changing nothing', async () => {
    const event = await createEvent();
    const other = await createEvent({ title: 'Other night' });

    const cancelled = await register(event.id);
    await api.request.delete(`/api/rsvps/${cancelled}`).set(api.bearer('admin')).expect(200);
    expectRefusal(await checkIn(cancelled), 409, 'TICKET_CANCELLED', CHECKIN_MESSAGES.cancelled);

    const released = await register(event.id);
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, released, { status: 'released' }));
    expectRefusal(await checkIn(released), 409, 'TICKET_CANCELLED', CHECKIN_MESSAGES.cancelled);

    const wrongEvent = await register(event.id);
    expectRefusal(await checkIn(wrongEvent, { eventId: other.id }), 409, 'WRONG_EVENT', `${CHECKIN_MESSAGES.wrongEvent}: Stargazing`);

    for (const [id, status] of [[cancelled, 'cancelled'], [released, 'released'], [wrongEvent, 'confirmed']]) {
      expect((await api.deps.store.get(RSVPS, id))!.data).toMatchObject({ status, checkedIn: false, checkedInAt: null, checkedInBy: null });
    }
  });

  it('refuses a paid RSVP whose payment has not succeeded: 409 PAYMENT_INCOMPLETE', async () => {
    const paid = await createEvent({ requiresPayment: true, ticketTypes: ['General'], ticketPrices: { General: 20 } });
    const pending = await register(paid.id);
    expect((await api.deps.store.get(RSVPS, pending))!.data).toMatchObject({ status: 'pending_payment' });
    expectRefusal(await checkIn(pending), 409, 'PAYMENT_INCOMPLETE', CHECKIN_MESSAGES.paymentIncomplete);

    // Confirmed by the provider: admitted.
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, pending, { status: 'confirmed', paymentStatus: 'paid', amountPaid: 2000 }));
    expect((await checkIn(pending)).status).toBe(200);
  });

  it('404 for an unknown ticket, 401 without a token, 403 for a signed-in user without a role', async () => {
    expectRefusal(await checkIn('no-such-ticket'), 404, 'TICKET_NOT_FOUND', RSVP_MESSAGES.ticketNotFound);
    const ticketId = await register((await createEvent()).id);
    expectRefusal(await api.request.post(`/api/checkin/${ticketId}`).send({}), 401, 'AUTH_REQUIRED');
    expectRefusal(await api.request.post(`/api/checkin/${ticketId}`).set({ Authorization: 'Bearer not-a-token' }).send({}), 401, 'AUTH_REQUIRED');
    expectRefusal(await api.request.post(`/api/checkin/${ticketId}`).set(api.bearer('outsider')).send({}), 403, 'FORBIDDEN');
    expect((await api.deps.store.get(RSVPS, ticketId))!.data.checkedIn).toBe(false);
  });

  it('ten simultaneous check-ins of one ticket: exactly one is admitted, nine refused; the winner’s time is stored', async () => {
    const ticketId = await register((await createEvent()).id);
    const now = api.clock.now().getTime();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => checkIn(ticketId, offline(new Date(now - (i + 1) * 60_000).toISOString()))),
    );
    const admitted = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 409);
    expect(admitted).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const response of refused) expect(response.body.code).toBe('ALREADY_CHECKED_IN');
    const stored = (await api.deps.store.get(RSVPS, ticketId))!.data;
    expect(stored.checkedInAt).toBe(admitted[0].body.ticket.checkedInAt);
    expect(stored.checkedInBy).toBe(api.users.staff.email);
  });
});

describe('GET /checkin/{id}?format=json (the ticket page)', () => {
  const ticketPage = (ticketId: string) => api.request.get(`/api/checkin/${ticketId}?format=json`);

  it("a valid ticket carries the e-mail's QR code (its check-in URL, quiet zone of 4) as an SVG path; a cancelled one none (issue 25 item 1)", async () => {
    const event = await createEvent();
    const ticketId = await register(event.id);
    const before = (await ticketPage(ticketId)).body.ticket;
    // What the e-mail's PNG encodes, as the same library computes it: the page draws these modules.
    const { modules } = QRCode.create(`https://events.example.org/checkin/${ticketId}`, { errorCorrectionLevel: 'M' });
    expect(before.qr.size).toBe(modules.size + 8);
    expect(darkModules(before.qr)).toEqual(
      Array.from({ length: modules.size * modules.size }, (_, i) => (modules.get(Math.floor(i / modules.size), i % modules.size) ? 1 : 0)),
    );
    // The door scanner reads the ticket id from that content.
    expect(ticketIdFromScan(`https://events.example.org/checkin/${ticketId}`)).toBe(ticketId);

    await api.request.delete(`/api/rsvps/${ticketId}`).set(api.bearer('admin')).expect(200);
    const after = (await ticketPage(ticketId)).body.ticket;
    expect(after).not.toHaveProperty('qr');
    const { qr: _qr, ...rest } = before;
    expect(after).toEqual({ ...rest, cancelled: { refunded: false, at: api.clock.now().toISOString() } });
  });

  it('a cancelled ticket shows as cancelled, with the time its cancellation was stored, and nothing more', async () => {
    const event = await createEvent();
    const ticketId = await register(event.id);
    expect((await ticketPage(ticketId)).body.ticket).not.toHaveProperty('cancelled');

    const before = (await api.deps.store.get(RSVPS, ticketId))!.data;
    await api.request.delete(`/api/rsvps/${ticketId}`).set(api.bearer('admin')).expect(200);
    const now = api.clock.now().toISOString();
    // The cancellation records its time and changes nothing else it did not mean to.
    const { status, holdExpiresAt, cancelledAt, ...rest } = (await api.deps.store.get(RSVPS, ticketId))!.data;
    expect({ status, holdExpiresAt, cancelledAt }).toEqual({ status: 'cancelled', holdExpiresAt: null, cancelledAt: now });
    const { status: _s, holdExpiresAt: _h, ...restBefore } = before;
    expect(rest).toEqual(restBefore);

    const page = await ticketPage(ticketId);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    // The same allowlisted view as a valid ticket's, plus the cancellation: no status, amounts or address.
    expect(page.body).toEqual({
      success: true,
      ticket: {
        id: ticketId,
        attendee: { name: 'Ada Lovelace', email: 'ada@example.org', ticketType: 'General' },
        event: { id: event.id, title: 'Stargazing', date: '2026-12-06T02:30:00.000Z', location: 'Kolob', customUrl: expect.any(String) },
        checkedIn: false,
        checkedInAt: null,
        checkedInBy: null,
        cancelled: { refunded: false, at: now },
      },
    });
  });

  it('a refunded ticket shows as refunded with the refund time; one cancelled before times were kept has none', async () => {
    const event = await createEvent();
    const refunded = await register(event.id);
    const refundedAt = '2026-11-20T09:30:00.000Z';
    await api.deps.store.runTransaction(async (tx) =>
      tx.update(RSVPS, refunded, { status: 'cancelled', paymentStatus: 'refunded', amountPaid: 2000, amountRefunded: 2000, refundedAt }),
    );
    expect((await ticketPage(refunded)).body.ticket.cancelled).toEqual({ refunded: true, at: refundedAt });
    expect((await ticketPage(refunded)).body.ticket).not.toHaveProperty('amountRefunded');

    const old = await register(event.id);
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, old, { status: 'cancelled' }));
    expect((await ticketPage(old)).body.ticket.cancelled).toEqual({ refunded: false, at: null });
  });

  it('a hold that never became a ticket is still not found, cancelled or not', async () => {
    const paid = await createEvent({ requiresPayment: true, ticketTypes: ['General'], ticketPrices: { General: 20 } });
    const hold = await register(paid.id);
    expectRefusal(await ticketPage(hold), 404, 'TICKET_NOT_FOUND', RSVP_MESSAGES.ticketNotFound);
    await api.request.delete(`/api/rsvps/${hold}`).set(api.bearer('admin')).expect(200);
    expectRefusal(await ticketPage(hold), 404, 'TICKET_NOT_FOUND', RSVP_MESSAGES.ticketNotFound);
    const released = await register(paid.id);
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, released, { status: 'released' }));
    expectRefusal(await ticketPage(released), 404, 'TICKET_NOT_FOUND', RSVP_MESSAGES.ticketNotFound);
  });

  it("another event's ticket, valid or cancelled, names its event, so a door can say whose it is (issue 24 item 7)", async () => {
    const tonight = await createEvent({ title: 'Bat Walk' });
    const valid = await register(tonight.id);
    const cancelled = await register(tonight.id, { name: 'Bo', email: 'bo@example.org' });
    await api.request.delete(`/api/rsvps/${cancelled}`).set(api.bearer('admin')).expect(200);
    for (const id of [valid, cancelled]) expect((await ticketPage(id)).body.ticket.event).toMatchObject({ id: tonight.id, title: 'Bat Walk' });
  });
});

describe('DELETE /checkin/{id} (undo)', () => {
  it('admins undo a check-in (recorded), staff may not; the ticket can then be admitted again', async () => {
    const ticketId = await register((await createEvent()).id);
    expectRefusal(await api.request.delete(`/api/checkin/${ticketId}`).set(api.bearer('admin')), 409, 'NOT_CHECKED_IN', CHECKIN_MESSAGES.notCheckedIn);
    await checkIn(ticketId).expect(200);

    expectRefusal(await api.request.delete(`/api/checkin/${ticketId}`).set(api.bearer('staff')), 403, 'FORBIDDEN');
    expectRefusal(await api.request.delete(`/api/checkin/${ticketId}`), 401, 'AUTH_REQUIRED');
    expect((await api.deps.store.get(RSVPS, ticketId))!.data.checkedIn).toBe(true);

    api.clock.set('2026-11-21T12:03:00.000Z');
    const undone = await api.request.delete(`/api/checkin/${ticketId}`).set(api.bearer('admin'));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ success: true, message: CHECKIN_MESSAGES.undone, ticket: { id: ticketId, checkedIn: false, checkedInAt: null, checkedInBy: null } });
    expect((await api.deps.store.get(RSVPS, ticketId))!.data).toMatchObject({
      checkedIn: false,
      checkedInAt: null,
      checkedInBy: null,
      checkInUndoneBy: api.users.admin.email,
      checkInUndoneAt: '2026-11-21T12:03:00.000Z',
    });
    expectRefusal(await api.request.delete('/api/checkin/no-such-ticket').set(api.bearer('admin')), 404, 'TICKET_NOT_FOUND');

    api.clock.set('2026-11-21T12:04:00.000Z');
    const again = await checkIn(ticketId, {}, 'admin');
    expect(again.body.ticket).toMatchObject({ checkedIn: true, checkedInAt: '2026-11-21T12:04:00.000Z', checkedInBy: api.users.admin.email });

    // A second undo keeps the first in the history: every admission and its undo stay on record.
    api.clock.set('2026-11-21T12:05:00.000Z');
    await api.request.delete(`/api/checkin/${ticketId}`).set(api.bearer('admin')).expect(200);
    const history = (await api.deps.store.get(RSVPS, ticketId))!.data.undoneCheckIns;
    expect(history).toHaveLength(2);
    expect(history![0]).toMatchObject({ checkedInBy: api.users.staff.email, undoneBy: api.users.admin.email, undoneAt: '2026-11-21T12:03:00.000Z' });
    expect(history![1]).toEqual({
      checkedInAt: '2026-11-21T12:04:00.000Z',
      checkedInBy: api.users.admin.email,
      undoneAt: '2026-11-21T12:05:00.000Z',
      undoneBy: api.users.admin.email,
    });
    api.clock.set('2026-11-21T12:00:00.000Z');
  });
});

describe('GET /events/{id}/checkins and /door-list', () => {
  it('lists the checked-in attendees (allowlisted) in arrival order', async () => {
    const event = await createEvent();
    const first = await register(event.id, { name: 'Grace Hopper', email: 'grace@example.org', address: '2 Canyon Rd' });
    const second = await register(event.id);
    await register(event.id, { name: 'Not Arrived', email: 'late@example.org' });
    await checkIn(second, offline('2026-11-21T11:50:00.000Z')).expect(200);
    await checkIn(first, offline('2026-11-21T11:55:00.000Z')).expect(200);
    const response = await api.request.get(`/api/events/${event.id}/checkins`).set(api.bearer('staff'));
    expect(response.body).toEqual({
      success: true,
      checkedInAttendees: [
        { id: second, name: 'Ada Lovelace', email: 'ada@example.org', ticketType: 'General', checkedInAt: '2026-11-21T11:50:00.000Z', checkedInBy: api.users.staff.email },
        { id: first, name: 'Grace Hopper', email: 'grace@example.org', ticketType: 'General', checkedInAt: '2026-11-21T11:55:00.000Z', checkedInBy: api.users.staff.email },
      ],
    });
  });

  it('gives a door every RSVP but released holds, cancelled ones included, without addresses or amounts', async () => {
    const event = await createEvent({ title: 'Door night', customUrl: 'door-night' });
    const admitted = await register(event.id, { ...person, address: '1 Canyon Rd', city: 'Springdale' });
    const cancelled = await register(event.id, { name: 'Cancelled', email: 'c@example.org' });
    const released = await register(event.id, { name: 'Released', email: 'r@example.org' });
    await checkIn(admitted).expect(200);
    await api.request.delete(`/api/rsvps/${cancelled}`).set(api.bearer('admin')).expect(200);
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, released, { status: 'released' }));

    const response = await api.request.get(`/api/events/${event.id}/door-list`).set(api.bearer('staff'));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const now = api.clock.now().toISOString();
    // Same registration time: the order among them is the store's.
    response.body.attendees.sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name));
    expect(response.body).toEqual({
      success: true,
      event: { id: event.id, title: 'Door night', date: '2026-12-06T02:30:00.000Z', location: 'Kolob' },
      generatedAt: now,
      attendees: [
        { id: admitted, eventId: event.id, name: 'Ada Lovelace', email: 'ada@example.org', ticketType: 'General', status: 'confirmed', paymentStatus: 'free', checkedIn: true, checkedInAt: now, checkedInBy: api.users.staff.email },
        { id: cancelled, eventId: event.id, name: 'Cancelled', email: 'c@example.org', ticketType: 'General', status: 'cancelled', paymentStatus: 'free', checkedIn: false, checkedInAt: null, checkedInBy: null },
      ],
    });

    expectRefusal(await api.request.get('/api/events/no-such-event/door-list').set(api.bearer('staff')), 404, 'EVENT_NOT_FOUND');
    expectRefusal(await api.request.get(`/api/events/${event.id}/door-list`), 401, 'AUTH_REQUIRED');
    expectRefusal(await api.request.get(`/api/events/${event.id}/door-list`).set(api.bearer('outsider')), 403, 'FORBIDDEN');
    expect((await api.request.get(`/api/events/${event.id}/door-list`).set(api.bearer('admin'))).status).toBe(200);
  });
});

describe('GET /events for the check-in event select', () => {
  it('staff and admins list inactive (not archived) events with active=all; visitors still see only active ones', async () => {
    const active = await createEvent({ title: 'Active night' });
    const inactive = await createEvent({ title: 'Inactive night', isActive: false });
    const archived = await createEvent({ title: 'Archived night' });
    await api.request.patch(`/api/events/${archived.id}/archive`).set(api.bearer('admin')).expect(200);
    expect((await api.deps.store.get(EVENTS, inactive.id))!.data.isActive).toBe(false);

    const ids = (body: { events: { id: string }[] }) => body.events.map((event) => event.id);
    for (const who of ['staff', 'admin'] as const) {
      const listed = ids((await api.request.get('/api/events?active=all').set(api.bearer(who)).expect(200)).body);
      expect(listed).toEqual(expect.arrayContaining([active.id, inactive.id]));
      expect(listed).not.toContain(archived.id);
    }
    const visitor = ids((await api.request.get('/api/events?active=all&archived=all').expect(200)).body);
    expect(visitor).toContain(active.id);
    expect(visitor).not.toContain(inactive.id);
    expect(visitor).not.toContain(archived.id);
  });
});
