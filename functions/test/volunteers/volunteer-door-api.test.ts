import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG } from '../../src/audit/repository.js';
import { CHECKIN_MESSAGES } from '../../src/shared/checkin-model.js';
import { VOLUNTEER_DOOR_MESSAGES, doorScanOf, volunteerPassUrl, type DoorVolunteer } from '../../src/shared/volunteer-door-model.js';
import { VOLUNTEER_SIGNUPS } from '../../src/volunteers/repository.js';
import { addVolunteerRole, addVolunteerShift } from '../../src/volunteers/setup.js';
import { createTestApi, createTestEvent, uniqueEmail, type TestApi } from '../support/api.js';
import { mailsTo } from '../support/self-service.js';

/*
 * Issue 29 item 5: volunteers at the door. The confirmation e-mail and the sign-up page carry a pass
 * (a QR code of its own kind); the door checks the volunteer in once, for the event it admits for,
 * on the sign-up (never as an attendee), audited. On SQLite and (functions@firestore) on Firestore.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const SITE = 'https://events.example.org';

async function shiftOf(eventId: string | null, title = 'Planting crew', on: TestApi = api) {
  const roleId = await addVolunteerRole(on.deps.store, { title, description: `${title} description`, eventId, order: 0 }, on.clock.now());
  return addVolunteerShift(
    on.deps.store,
    { roleId, start: '2026-12-05T15:00:00.000Z', end: '2026-12-05T18:00:00.000Z', place: 'Grafton trailhead', capacity: 5, minimum: 1 },
    on.clock.now(),
  );
}

/** Signs `name` up for the shift; answers the sign-up id, the page key and the confirmation e-mail. */
async function volunteer(shiftId: string, name = 'Ada Lovelace') {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const response = await api.request.post(`/api/volunteer/shifts/${shiftId}/signups`).send({ name, email });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  for (const mail of await mailsTo(api, email)) {
    const match = /https:\/\/events\.example\.org\/volunteer\/signup\/([^/#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return { signupId: decodeURIComponent(match[1]!), key: match[2]!, mail, email };
  }
  throw new Error(`no volunteer link to ${email}`);
}

const checkIn = (signupId: string, body: Record<string, unknown>, who: 'admin' | 'staff' = 'staff', on: TestApi = api) =>
  on.request.post(`/api/volunteer/checkin/${encodeURIComponent(signupId)}`).set(on.bearer(who)).send(body);

function expectRefusal(response: { status: number; body: unknown }, status: number, code: string, message?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ success: false, code, ...(message ? { message } : {}) });
}

async function stored(signupId: string) {
  return (await api.deps.store.get(VOLUNTEER_SIGNUPS, signupId))!.data;
}

async function doorVolunteers(eventId: string): Promise<DoorVolunteer[]> {
  const response = await api.request.get(`/api/events/${eventId}/door-volunteers`).set(api.bearer('staff'));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.volunteers;
}

/** The modules a QR path paints dark (runs `M{x} {y}h{n}v1h-{n}z` inside a quiet zone of 4). */
function darkModules(qr: { size: number; path: string }): number[] {
  const inner = qr.size - 8;
  const grid: number[] = new Array<number>(inner * inner).fill(0);
  for (const [, x, y, n] of qr.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(n); i += 1) grid[(Number(y) - 4) * inner + Number(x) - 4 + i] = 1;
  }
  return grid;
}

describe('the volunteer pass (issue 29 item 5)', () => {
  it('the e-mail carries the pass as an inline QR code with its code; the page (with its key) draws the same code', async () => {
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day' });
    const { signupId, key, mail } = await volunteer(await shiftOf(event.id));
    expect(mail.html).toContain('cid:volunteer-qr');
    expect(mail.text).toContain(signupId);
    // The mailbox's JSON lists attachments by their size, not their bytes.
    expect((mail as typeof mail & { attachments: unknown }).attachments).toMatchObject([
      { contentId: 'volunteer-qr', contentType: 'image/png' },
      // Then the shift's calendar file (issue 29 item 2, calendar/shift-calendar.ts).
      { filename: 'volunteer-planting-crew.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ]);

    const pass = await api.request.post(`/api/volunteer/signups/${signupId}/pass`).send({ key });
    expect(pass.status, JSON.stringify(pass.body)).toBe(200);
    expect(pass.body.code).toBe(signupId);
    const url = volunteerPassUrl(SITE, signupId);
    expect(url).toBe(`${SITE}/volunteer/pass/${signupId}`);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    expect(pass.body.qr.size).toBe(modules.size + 8);
    expect(darkModules(pass.body.qr)).toEqual(Array.from({ length: modules.size * modules.size }, (_, i) => (modules.get(Math.floor(i / modules.size), i % modules.size) ? 1 : 0)));
    // Its own payload: the door tells it from a ticket's.
    expect(doorScanOf(url)).toEqual({ kind: 'volunteer', id: signupId });
    expect(doorScanOf(`${SITE}/checkin/${signupId}`)).toEqual({ kind: 'ticket', id: signupId });
  });

  it('no pass without the key, nor for a cancelled sign-up', async () => {
    const { signupId, key } = await volunteer(await shiftOf(null, 'Trail crew'));
    expectRefusal(await api.request.post(`/api/volunteer/signups/${signupId}/pass`).send({ key: 'x'.repeat(43) }), 404, 'LINK_INVALID');
    expectRefusal(await api.request.post(`/api/volunteer/signups/no-such/pass`).send({ key }), 404, 'LINK_INVALID');
    await api.request.post(`/api/volunteer/signups/${signupId}/cancel`).send({ key }).expect(200);
    expectRefusal(await api.request.post(`/api/volunteer/signups/${signupId}/pass`).send({ key }), 409, 'VOLUNTEER_SIGNUP_CANCELLED', VOLUNTEER_DOOR_MESSAGES.cancelled);
  });
});

describe('POST /volunteer/checkin/{signupId} (issue 29 item 5)', () => {
  it('checks the volunteer in once, on the sign-up, audited; the event’s attendee figures do not move; a second scan says already', async () => {
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day' });
    const { signupId } = await volunteer(await shiftOf(event.id));
    const before = await stored(signupId);
    const eventBefore = (await api.request.get(`/api/events/${event.id}`).set(api.bearer('admin'))).body.event;

    const response = await checkIn(signupId, { eventId: event.id, door: ' Gate 2 ', checkedInBy: 'mallory@example.org' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const now = api.clock.now().toISOString();
    expect(response.body).toEqual({
      success: true,
      message: VOLUNTEER_DOOR_MESSAGES.checkedIn,
      volunteer: {
        id: signupId,
        eventId: event.id,
        name: 'Ada Lovelace',
        role: 'Planting crew',
        shift: { start: '2026-12-05T15:00:00.000Z', end: '2026-12-05T18:00:00.000Z', place: 'Grafton trailhead' },
        status: 'active',
        checkedIn: true,
        checkedInAt: now,
        checkedInBy: api.users.staff.email,
        door: 'Gate 2',
      },
    });
    // Stored on the sign-up; every other field as it was.
    const after = await stored(signupId);
    expect(after).toEqual({ ...before, checkedInAt: now, checkedInBy: api.users.staff.email, checkInDoor: 'Gate 2' });

    // Audited like a ticket's check-in.
    const entries = (await api.deps.store.query(AUDIT_LOG, { where: [['targetId', '==', signupId]] })).map((entry) => entry.data);
    expect(entries).toMatchObject([
      { action: 'volunteer.checkedIn', actor: { kind: 'staff', email: api.users.staff.email }, target: { type: 'volunteerSignup', id: signupId, eventId: event.id, label: 'Ada Lovelace' }, checkIn: { door: 'Gate 2', scannedAt: null, syncedAt: now } },
    ]);

    // Not an attendee: no registration, no check-in among the event's.
    const eventAfter = (await api.request.get(`/api/events/${event.id}`).set(api.bearer('admin'))).body.event;
    expect(eventAfter.attendeeCount).toBe(eventBefore.attendeeCount);
    expect((await api.request.get(`/api/events/${event.id}/checkins`).set(api.bearer('staff'))).body.checkedInAttendees).toEqual([]);
    expect((await api.request.get(`/api/events/${event.id}/door-list`).set(api.bearer('staff'))).body.attendees).toEqual([]);

    // A second scan, later, at another door: refused, nothing changed; the list says when.
    api.clock.set('2026-11-21T12:05:00.000Z');
    try {
      expectRefusal(await checkIn(signupId, { eventId: event.id, door: 'Gate 3' }, 'admin'), 409, 'VOLUNTEER_ALREADY_CHECKED_IN', VOLUNTEER_DOOR_MESSAGES.alreadyCheckedIn);
    } finally {
      api.clock.set('2026-11-21T12:00:00.000Z');
    }
    expect(await stored(signupId)).toEqual(after);
    expect(await doorVolunteers(event.id)).toMatchObject([{ id: signupId, checkedIn: true, checkedInAt: now, checkedInBy: api.users.staff.email, door: 'Gate 2' }]);
    expect(await api.deps.store.query(AUDIT_LOG, { where: [['targetId', '==', signupId]] })).toHaveLength(1);
  });

  it("refuses another event's volunteer by name, a standalone role's, a cancelled sign-up and an unknown pass, recording nothing", async () => {
    const tonight = await createTestEvent(api, { title: 'Stargazing' });
    const other = await createTestEvent(api, { title: 'Riverside Restoration Day' });
    const elsewhere = await volunteer(await shiftOf(other.id, 'Water station'), 'Grace Hopper');
    const standalone = await volunteer(await shiftOf(null, 'Monthly trail crew'), 'Mary Somerville');
    const gone = await volunteer(await shiftOf(tonight.id, 'First aid'), 'Emmy Noether');
    await api.request.post(`/api/volunteer/signups/${gone.signupId}/cancel`).send({ key: gone.key }).expect(200);

    expectRefusal(await checkIn(elsewhere.signupId, { eventId: tonight.id }), 409, 'VOLUNTEER_WRONG_EVENT', `${VOLUNTEER_DOOR_MESSAGES.wrongEvent}: Riverside Restoration Day`);
    expectRefusal(
      await checkIn(standalone.signupId, { eventId: tonight.id }),
      409,
      'VOLUNTEER_WRONG_EVENT',
      'This volunteer signed up for Monthly trail crew, a role that is not part of an event, so they cannot be checked in here',
    );
    expectRefusal(await checkIn(gone.signupId, { eventId: tonight.id }), 409, 'VOLUNTEER_SIGNUP_CANCELLED', VOLUNTEER_DOOR_MESSAGES.cancelled);
    expectRefusal(await checkIn('no-such-signup', { eventId: tonight.id }), 404, 'VOLUNTEER_PASS_NOT_FOUND', VOLUNTEER_DOOR_MESSAGES.passNotFound);
    for (const { signupId } of [elsewhere, standalone, gone]) {
      expect((await stored(signupId)).checkedInAt).toBeUndefined();
      expect(await api.deps.store.query(AUDIT_LOG, { where: [['targetId', '==', signupId]] })).toEqual([]);
    }
  });

  it('bad input and no access: 400 without an event, 401 without a token, 403 for a user without a role; an archived event refuses', async () => {
    const event = await createTestEvent(api);
    const { signupId } = await volunteer(await shiftOf(event.id));
    const noEvent = await checkIn(signupId, {});
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.errors).toMatchObject({ eventId: CHECKIN_MESSAGES.selectEvent });
    const longDoor = await checkIn(signupId, { eventId: event.id, door: 'x'.repeat(61) });
    expect(longDoor.status).toBe(400);
    expect(longDoor.body.errors).toMatchObject({ door: CHECKIN_MESSAGES.doorTooLong });
    expectRefusal(await api.request.post(`/api/volunteer/checkin/${signupId}`).set({ Authorization: 'Bearer not-a-token' }).send({ eventId: event.id }), 401, 'AUTH_REQUIRED');
    expectRefusal(await api.request.post(`/api/volunteer/checkin/${signupId}`).set(api.bearer('outsider')).send({ eventId: event.id }), 403, 'FORBIDDEN');
    expectRefusal(await api.request.get(`/api/events/${event.id}/door-volunteers`).set(api.bearer('outsider')), 403, 'FORBIDDEN');
    await api.request.patch(`/api/events/${event.id}/archive`).set(api.bearer('admin')).expect(200);
    expectRefusal(await checkIn(signupId, { eventId: event.id }), 409, 'CHECKIN_EVENT_ARCHIVED', CHECKIN_MESSAGES.eventArchived);
    expect((await stored(signupId)).checkedInAt).toBeUndefined();
  });

  it('two doors (two API instances) scanning the same pass at once: one check-in, the other told already', async () => {
    const event = await createTestEvent(api);
    const { signupId } = await volunteer(await shiftOf(event.id));
    const second = await createTestApi({ sharedStoreOf: api });
    try {
      const replies = await Promise.all([
        checkIn(signupId, { eventId: event.id, door: 'Gate 1' }, 'staff', api),
        checkIn(signupId, { eventId: event.id, door: 'Gate 2' }, 'staff', second),
        checkIn(signupId, { eventId: event.id, door: 'Gate 3' }, 'admin', api),
        checkIn(signupId, { eventId: event.id, door: 'Gate 4' }, 'admin', second),
      ]);
      const admitted = replies.filter((reply) => reply.status === 200);
      expect(admitted).toHaveLength(1);
      for (const reply of replies.filter((r) => r.status !== 200)) expectRefusal(reply, 409, 'VOLUNTEER_ALREADY_CHECKED_IN');
      expect((await stored(signupId)).checkInDoor).toBe(admitted[0]!.body.volunteer.door);
      expect(await api.deps.store.query(AUDIT_LOG, { where: [['targetId', '==', signupId]] })).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('GET /events/{id}/door-volunteers', () => {
  it("lists the event's volunteers apart from its attendees: role, shift, checked in or not, cancelled marked; nothing private", async () => {
    const event = await createTestEvent(api);
    await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'An Attendee', email: uniqueEmail('attendee') }).expect(201);
    const shiftId = await shiftOf(event.id, 'Water station');
    const zed = await volunteer(shiftId, 'Zed Zephyr');
    const amy = await volunteer(shiftId, 'Amy Adams');
    const gone = await volunteer(shiftId, 'Cal Cancelled');
    await api.request.post(`/api/volunteer/signups/${gone.signupId}/cancel`).send({ key: gone.key }).expect(200);
    await checkIn(zed.signupId, { eventId: event.id }).expect(200);

    const list = await doorVolunteers(event.id);
    expect(list.map((v) => [v.name, v.role, v.status, v.checkedIn])).toEqual([
      ['Amy Adams', 'Water station', 'active', false],
      ['Cal Cancelled', 'Water station', 'cancelled', false],
      ['Zed Zephyr', 'Water station', 'active', true],
    ]);
    expect(list[0]!.shift).toEqual({ start: '2026-12-05T15:00:00.000Z', end: '2026-12-05T18:00:00.000Z', place: 'Grafton trailhead' });
    const text = JSON.stringify(list);
    expect(text).not.toContain(amy.email);
    expect(text).not.toContain('An Attendee');
    expectRefusal(await api.request.get('/api/events/no-such-event/door-volunteers').set(api.bearer('staff')), 404, 'EVENT_NOT_FOUND');
  });
});
