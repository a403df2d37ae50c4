import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG } from '../../src/audit/repository.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { VOLUNTEER_ADMIN_MESSAGES as A, VOLUNTEER_CSV_COLUMNS, type VolunteerCoverageReply } from '../../src/shared/volunteers-admin-model.js';
import { VOLUNTEER_MESSAGES } from '../../src/shared/volunteers-model.js';
import { VOLUNTEER_PEOPLE, VOLUNTEER_ROLES, VOLUNTEER_SHIFTS, VOLUNTEER_SIGNUPS, volunteerPersonId } from '../../src/volunteers/repository.js';
import { createTestApi, createTestEvent, uniqueEmail, type TestApi } from '../support/api.js';
import { mailsTo } from '../support/self-service.js';

/*
 * Issue 29 items 3 and 6: the admins' Volunteers tab. Roles and shifts made, edited (partial edits
 * keep the rest), reordered and archived; every bad input refused with its message, nothing stored;
 * the coverage grid; moving a person (admin) and swapping (the volunteer) under one rule, including
 * races against sign-ups; an admin's cancel and its e-mail; a message to a shift; the CSV.
 * On SQLite and (functions@firestore) on the Firestore emulator.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const DAY = '2026-12-05';
/** A time on the test day, UTC ('15:00' = 8:00 AM in Denver). */
const at = (time: string, day = DAY) => `${day}T${time}:00.000Z`;
const admin = () => api.bearer('admin');
const staff = () => api.bearer('staff');

async function newRole(eventId: string | null, body: Record<string, unknown> = {}) {
  const response = await api.request.post('/api/volunteer/admin/roles').set(admin()).send({ title: 'Planting crew', description: 'Dig and plant', eventId, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.role as { id: string; order: number };
}

async function newShift(roleId: string, body: Record<string, unknown> = {}) {
  const response = await api.request
    .post('/api/volunteer/admin/shifts')
    .set(admin())
    .send({ roleId, start: at('15:00'), end: at('18:00'), place: 'Grafton trailhead', capacity: 5, minimum: 2, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.shift.id as string;
}

const signUp = (shiftId: string, body: Record<string, unknown>, on: TestApi = api) => on.request.post(`/api/volunteer/shifts/${shiftId}/signups`).send(body);
const person = (name = 'Ada Lovelace') => ({ name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()) });

async function signupOf(email: string) {
  const found = await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['email', '==', email]] });
  expect(found).toHaveLength(1);
  return found[0]!;
}

async function coverage(event: string, who = admin()): Promise<VolunteerCoverageReply> {
  const response = await api.request.get(`/api/volunteer/admin/coverage?event=${event}`).set(who);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const filled = async (shiftId: string) => (await api.deps.store.get(VOLUNTEER_SHIFTS, shiftId))!.data.filled;
const move = (signupId: string, shiftId: string, on: TestApi = api) => on.request.post(`/api/volunteer/admin/signups/${signupId}/move`).set(on.bearer('admin')).send({ shiftId });

/** The sign-up page link e-mailed to `to` (the newest). */
async function signupLink(to: string) {
  for (const mail of await mailsTo(api, to)) {
    const match = /https:\/\/events\.example\.org\/volunteer\/signup\/([^/#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return { signupId: decodeURIComponent(match[1]!), key: match[2]!, mail };
  }
  throw new Error(`no volunteer link to ${to}`);
}

describe('roles (issue 29 item 3)', () => {
  it('creates roles last in their group, edits only the fields sent, reorders with up/down and archives; audit entries for each', async () => {
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day' });
    const planting = await newRole(event.id, { freeTicket: true });
    const water = await newRole(event.id, { title: 'Water station' });
    const aid = await newRole(event.id, { title: 'First aid' });
    expect([planting.order, water.order, aid.order]).toEqual([0, 1, 2]);
    expect((await api.deps.store.get(VOLUNTEER_ROLES, planting.id))!.data).toMatchObject({ title: 'Planting crew', description: 'Dig and plant', eventId: event.id, freeTicket: true, archived: false });

    // A partial edit: the title alone changes; the description, the event and freeTicket stay.
    const edited = await api.request.patch(`/api/volunteer/admin/roles/${planting.id}`).set(admin()).send({ title: 'Planting team' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ message: A.roleSaved, role: { title: 'Planting team', description: 'Dig and plant', freeTicket: true, eventId: event.id } });
    expect((await api.deps.store.get(VOLUNTEER_ROLES, planting.id))!.data).toMatchObject({ title: 'Planting team', description: 'Dig and plant', freeTicket: true, order: 0, archived: false });
    await api.request.patch(`/api/volunteer/admin/roles/${planting.id}`).set(admin()).send({ freeTicket: false }).expect(200);
    expect((await api.deps.store.get(VOLUNTEER_ROLES, planting.id))!.data).toMatchObject({ title: 'Planting team', freeTicket: false });

    await api.request.post(`/api/volunteer/admin/roles/${aid.id}/reorder`).set(admin()).send({ direction: 'up' }).expect(200);
    expect((await coverage(event.id)).roles.map((r) => r.title)).toEqual(['Planting team', 'First aid', 'Water station']);
    // Up from the top: nothing moves.
    await api.request.post(`/api/volunteer/admin/roles/${planting.id}/reorder`).set(admin()).send({ direction: 'up' }).expect(200);
    expect((await coverage(event.id)).roles.map((r) => r.title)).toEqual(['Planting team', 'First aid', 'Water station']);
    const bad = await api.request.post(`/api/volunteer/admin/roles/${planting.id}/reorder`).set(admin()).send({ direction: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ direction: A.directionInvalid });

    const archived = await api.request.patch(`/api/volunteer/admin/roles/${water.id}`).set(admin()).send({ archived: true });
    expect(archived.body).toMatchObject({ message: A.roleArchivedDone, role: { archived: true, title: 'Water station' } });

    const audit = await api.deps.store.query(AUDIT_LOG, { where: [['eventId', '==', event.id]] });
    const actions = audit.map((entry) => entry.data.action);
    expect(actions.filter((a) => a === 'volunteerRole.created')).toHaveLength(3);
    expect(actions).toContain('volunteerRole.reordered');
    const titleChange = audit.find((entry) => entry.data.action === 'volunteerRole.updated' && entry.data.changes.some((c) => c.field === 'title'))!;
    expect(titleChange.data.changes).toEqual([{ field: 'title', before: 'Planting crew', after: 'Planting team' }]);
    expect(titleChange.data.actor).toMatchObject({ kind: 'staff', email: api.users.admin.email });
  });

  it('refuses bad input with its message, nothing stored; unknown role or event', async () => {
    const before = (await api.deps.store.query(VOLUNTEER_ROLES)).length;
    const blank = await api.request.post('/api/volunteer/admin/roles').set(admin()).send({ title: '  ', eventId: null });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toMatchObject({ title: A.titleRequired });
    const unknownEvent = await api.request.post('/api/volunteer/admin/roles').set(admin()).send({ title: 'Crew', eventId: 'no-such-event' });
    expect(unknownEvent.status).toBe(404);
    expect(unknownEvent.body).toMatchObject({ code: 'EVENT_NOT_FOUND', message: A.eventNotFound });
    expect((await api.deps.store.query(VOLUNTEER_ROLES)).length).toBe(before);
    const unknownRole = await api.request.patch('/api/volunteer/admin/roles/nope').set(admin()).send({ title: 'X' });
    expect(unknownRole.status).toBe(404);
    expect(unknownRole.body).toMatchObject({ code: 'VOLUNTEER_ROLE_NOT_FOUND', message: A.roleNotFound });
  });

  it('staff read the coverage but change nothing; visitors neither', async () => {
    const event = await createTestEvent(api);
    await newRole(event.id);
    expect((await coverage(event.id, staff())).roles).toHaveLength(1);
    const refused = await api.request.post('/api/volunteer/admin/roles').set(staff()).send({ title: 'Crew', eventId: event.id });
    expect(refused.status).toBe(403);
    expect((await api.request.get(`/api/volunteer/admin/coverage?event=${event.id}`)).status).toBe(401);
    expect((await api.request.get(`/api/volunteer/admin/signups.csv?event=${event.id}`).set(staff())).status).toBe(403);
    // Staff do not open an archived event's volunteers (as in the RSVPs tab); admins do.
    await api.request.patch(`/api/events/${event.id}/archive`).set(admin()).send({}).expect(200);
    expect((await api.request.get(`/api/volunteer/admin/coverage?event=${event.id}`).set(staff())).status).toBe(404);
    expect((await coverage(event.id)).roles).toHaveLength(1);
    const unknownEvent = await api.request.get('/api/volunteer/admin/coverage?event=no-such-event').set(admin());
    expect(unknownEvent.status).toBe(404);
    expect(unknownEvent.body).toMatchObject({ code: 'EVENT_NOT_FOUND' });
    const noEvent = await api.request.get('/api/volunteer/admin/coverage').set(admin());
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.errors).toMatchObject({ event: A.eventQueryInvalid });
  });
});

describe('shifts (issue 29 items 3 and 6)', () => {
  it('creates a shift (wall-clock times read in the organisation zone), edits only the fields sent, archives an empty one', async () => {
    const role = await newRole(null, { title: 'Trail crew' });
    const created = await api.request
      .post('/api/volunteer/admin/shifts')
      .set(admin())
      .send({ roleId: role.id, start: '2026-12-05T08:00', end: '2026-12-05T11:00', place: 'Grafton trailhead', capacity: '4', minimum: 2 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.shift.id;
    expect(created.body.shift).toMatchObject({ start: at('15:00'), end: at('18:00'), capacity: 4, minimum: 2, filled: 0, status: 'red', archived: false });

    const edited = await api.request.patch(`/api/volunteer/admin/shifts/${id}`).set(admin()).send({ place: 'Kolob gate' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await api.deps.store.get(VOLUNTEER_SHIFTS, id))!.data).toMatchObject({ place: 'Kolob gate', start: at('15:00'), end: at('18:00'), capacity: 4, minimum: 2, roleId: role.id, eventId: null, filled: 0 });
    // Only the end moves: the start stays; the audit names the change.
    await api.request.patch(`/api/volunteer/admin/shifts/${id}`).set(admin()).send({ end: '2026-12-05T12:00' }).expect(200);
    expect((await api.deps.store.get(VOLUNTEER_SHIFTS, id))!.data).toMatchObject({ start: at('15:00'), end: at('19:00'), place: 'Kolob gate' });
    const audit = await api.deps.store.query(AUDIT_LOG, { where: [['targetId', '==', id]] });
    expect(audit.map((e) => e.data.action).sort()).toEqual(['volunteerShift.created', 'volunteerShift.updated', 'volunteerShift.updated']);

    const archived = await api.request.patch(`/api/volunteer/admin/shifts/${id}`).set(admin()).send({ archived: true });
    expect(archived.body).toMatchObject({ message: A.shiftArchivedDone, shift: { archived: true } });
    // Off the public page and closed to sign-ups.
    const page = await api.request.get('/api/volunteer');
    expect(JSON.stringify(page.body)).not.toContain(id);
    expect((await signUp(id, person())).body).toMatchObject({ code: 'VOLUNTEER_SHIFT_NOT_FOUND' });
  });

  it('end before start, minimum above capacity, capacity below sign-ups, unknown role or shift: a clear message each, nothing stored', async () => {
    const role = await newRole(null, { title: 'Shapes' });
    const send = (body: Record<string, unknown>) =>
      api.request.post('/api/volunteer/admin/shifts').set(admin()).send({ roleId: role.id, start: at('15:00'), end: at('18:00'), place: '', capacity: 3, minimum: 1, ...body });

    const backwards = await send({ start: '2026-12-05T11:00', end: '2026-12-05T08:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toMatchObject({ end: A.endBeforeStart });
    // Instants with offsets are checked by the server itself.
    const backwardsIso = await send({ start: at('18:00'), end: at('15:00') });
    expect(backwardsIso.status).toBe(400);
    expect(backwardsIso.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_INVALID', message: A.endBeforeStart });
    const minimum = await send({ capacity: 2, minimum: 3 });
    expect(minimum.status).toBe(400);
    expect(minimum.body.errors).toMatchObject({ minimum: A.minimumAboveCapacity });
    const capacity = await send({ capacity: 0 });
    expect(capacity.body.errors).toMatchObject({ capacity: A.capacityInvalid });
    const unknown = await send({ roleId: 'no-such-role' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'VOLUNTEER_ROLE_NOT_FOUND', message: A.roleNotFound });
    expect(await api.deps.store.query(VOLUNTEER_SHIFTS, { where: [['roleId', '==', role.id]] })).toHaveLength(0);

    const id = await newShift(role.id, { capacity: 3, minimum: 1 });
    await signUp(id, person('First One')).expect(201);
    await signUp(id, person('Second One')).expect(201);
    const below = await api.request.patch(`/api/volunteer/admin/shifts/${id}`).set(admin()).send({ capacity: 1, place: 'Elsewhere' });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ code: 'VOLUNTEER_CAPACITY_BELOW_SIGNUPS', message: A.capacityBelowSignups(2) });
    // The edit's minimum checked against the stored capacity (and the reverse).
    const overMin = await api.request.patch(`/api/volunteer/admin/shifts/${id}`).set(admin()).send({ minimum: 4 });
    expect(overMin.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_INVALID', message: A.minimumAboveCapacity });
    const earlyEnd = await api.request.patch(`/api/volunteer/admin/shifts/${id}`).set(admin()).send({ end: at('14:00') });
    expect(earlyEnd.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_INVALID', message: A.endBeforeStart });
    const archive = await api.request.patch(`/api/volunteer/admin/shifts/${id}`).set(admin()).send({ archived: true });
    expect(archive.status).toBe(409);
    expect(archive.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_HAS_SIGNUPS', message: A.archiveWithSignups(2) });
    expect((await api.deps.store.get(VOLUNTEER_SHIFTS, id))!.data).toMatchObject({ capacity: 3, minimum: 1, place: 'Grafton trailhead', end: at('18:00'), filled: 2 });
    expect((await api.deps.store.get(VOLUNTEER_SHIFTS, id))!.data.archived).toBe(false);
    // Down to exactly the sign-ups is fine.
    await api.request.patch(`/api/volunteer/admin/shifts/${id}`).set(admin()).send({ capacity: 2 }).expect(200);

    const unknownShift = await api.request.patch('/api/volunteer/admin/shifts/nope').set(admin()).send({ place: 'X' });
    expect(unknownShift.status).toBe(404);
    expect(unknownShift.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_NOT_FOUND', message: A.shiftNotFound });
  });

  it('new times of a shift follow its people: the overlap rule reads them', async () => {
    const role = await newRole(null, { title: 'Times' });
    const morning = await newShift(role.id, { start: at('15:00', '2026-12-20'), end: at('18:00', '2026-12-20') });
    const afternoon = await newShift(role.id, { start: at('19:00', '2026-12-20'), end: at('22:00', '2026-12-20') });
    const ada = person();
    await signUp(morning, ada).expect(201);
    await api.request.patch(`/api/volunteer/admin/shifts/${morning}`).set(admin()).send({ end: at('20:00', '2026-12-20') }).expect(200);
    const record = await api.deps.store.get(VOLUNTEER_PEOPLE, volunteerPersonId(ada.email));
    expect(record!.data.shifts).toMatchObject([{ shiftId: morning, end: at('20:00', '2026-12-20') }]);
    expect((await signUp(afternoon, ada)).body).toMatchObject({ code: 'VOLUNTEER_SHIFT_OVERLAP' });
  });
});

describe('coverage (issue 29 item 3)', () => {
  it('shows each role\'s shifts with filled/minimum/capacity, red below the minimum, amber not full, green full, and the sign-ups with contact details', async () => {
    const event = await createTestEvent(api, { title: 'Coverage Day' });
    const role = await newRole(event.id);
    const shift = await newShift(role.id, { capacity: 3, minimum: 2 });
    expect((await coverage(event.id)).roles[0]!.shifts[0]).toMatchObject({ id: shift, filled: 0, minimum: 2, capacity: 3, status: 'red', signups: [] });
    const ada = person();
    await signUp(shift, { ...ada, phone: '+1 435 555 0100', note: 'Has gloves' }).expect(201);
    expect((await coverage(event.id)).roles[0]!.shifts[0]!.status).toBe('red');
    await signUp(shift, person('Bob Marsh')).expect(201);
    expect((await coverage(event.id)).roles[0]!.shifts[0]!.status).toBe('amber');
    await signUp(shift, person('Cy Twombly')).expect(201);
    const full = (await coverage(event.id)).roles[0]!.shifts[0]!;
    expect(full).toMatchObject({ filled: 3, status: 'green' });
    expect(full.signups.map((s) => s.name)).toEqual(['Ada Lovelace', 'Bob Marsh', 'Cy Twombly']);
    expect(full.signups[0]).toMatchObject({ email: ada.email, phone: '+1 435 555 0100', note: 'Has gloves', status: 'active' });
    // The standalone roles have their own coverage.
    const standalone = await newRole(null, { title: 'Monthly crew' });
    expect((await coverage('standalone')).roles.some((r) => r.id === standalone.id)).toBe(true);
    expect((await coverage('standalone')).roles.some((r) => r.id === role.id)).toBe(false);
  });
});

describe('moving a person (issue 29 item 3)', () => {
  it('moves a sign-up: both counts, the person record, an e-mail of the new shift with a working link; audit', async () => {
    const event = await createTestEvent(api, { title: 'Move Day' });
    const role = await newRole(event.id, { title: 'Water station' });
    const from = await newShift(role.id);
    const to = await newShift(role.id, { start: at('19:00'), end: at('22:00'), place: 'Lava Point' });
    const ada = person();
    await signUp(from, ada).expect(201);
    await mailsTo(api, ada.email);
    const signup = await signupOf(ada.email);
    const moved = await move(signup.id, to);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ message: A.moved });
    expect([await filled(from), await filled(to)]).toEqual([0, 1]);
    expect((await api.deps.store.get(VOLUNTEER_SIGNUPS, signup.id))!.data).toMatchObject({ shiftId: to, status: 'active', name: 'Ada Lovelace', email: ada.email });
    expect((await api.deps.store.get(VOLUNTEER_PEOPLE, volunteerPersonId(ada.email)))!.data.shifts).toEqual([{ signupId: signup.id, shiftId: to, start: at('19:00'), end: at('22:00') }]);
    const mails = await mailsTo(api, ada.email);
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.text.includes('Lava Point'))).toHaveLength(1);
    const { key } = await signupLink(ada.email);
    const view = await api.request.post(`/api/volunteer/signups/${signup.id}/view`).send({ key });
    expect(view.body.signup.shift).toMatchObject({ place: 'Lava Point' });
    const audit = await api.deps.store.query(AUDIT_LOG, { where: [['targetId', '==', signup.id]] });
    expect(audit.map((e) => e.data)).toMatchObject([{ action: 'volunteer.moved', changes: [{ field: 'shiftId', before: from, after: to }] }]);
  });

  it('refuses a full target, an overlap, the same shift, an unknown shift or sign-up: nothing changes', async () => {
    const role = await newRole(null, { title: 'Refusals' });
    const from = await newShift(role.id, { start: at('15:00', '2026-12-21'), end: at('18:00', '2026-12-21') });
    const full = await newShift(role.id, { start: at('19:00', '2026-12-21'), end: at('22:00', '2026-12-21'), capacity: 1, minimum: 1 });
    const other = await newShift(role.id, { start: at('15:00', '2026-12-22'), end: at('18:00', '2026-12-22') });
    const overlapping = await newShift(role.id, { start: at('16:00', '2026-12-22'), end: at('19:00', '2026-12-22') });
    const ada = person();
    await signUp(from, ada).expect(201);
    await signUp(other, ada).expect(201);
    await signUp(full, person('Full Filler')).expect(201);
    const signup = (await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', from]] }))[0]!;

    expect((await move(signup.id, full)).body).toMatchObject({ code: 'VOLUNTEER_SHIFT_FULL', message: A.targetFull });
    expect((await move(signup.id, overlapping)).body).toMatchObject({ code: 'VOLUNTEER_SHIFT_OVERLAP', message: A.moveOverlap });
    expect((await move(signup.id, from)).body).toMatchObject({ code: 'VOLUNTEER_SAME_SHIFT', message: A.sameShift });
    const unknown = await move(signup.id, 'no-such-shift');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_NOT_FOUND', message: A.shiftNotFound });
    const noSignup = await move('no-such-signup', other);
    expect(noSignup.status).toBe(404);
    expect(noSignup.body).toMatchObject({ code: 'VOLUNTEER_SIGNUP_NOT_FOUND', message: A.signupNotFound });
    expect([await filled(from), await filled(full), await filled(overlapping)]).toEqual([1, 1, 0]);
    expect((await api.deps.store.get(VOLUNTEER_SIGNUPS, signup.id))!.data.shiftId).toBe(from);
    expect((await move(signup.id, other)).body).toMatchObject({ code: 'VOLUNTEER_SHIFT_OVERLAP' });
    expect((await api.request.post(`/api/volunteer/admin/signups/${signup.id}/move`).set(staff()).send({ shiftId: overlapping })).status).toBe(403);
  });

  it('a rush: 25 moves and 25 sign-ups from two API instances into a 5-place shift end with exactly 5', async () => {
    const role = await newRole(null, { title: 'Rush' });
    const target = await newShift(role.id, { start: at('15:00', '2026-12-23'), end: at('18:00', '2026-12-23'), capacity: 5, minimum: 1 });
    const source = await newShift(role.id, { start: at('15:00', '2026-12-24'), end: at('18:00', '2026-12-24'), capacity: 30, minimum: 1 });
    const second = await createTestApi({ sharedStoreOf: api });
    try {
      const movers = Array.from({ length: 25 }, (_, i) => ({ name: `Mover ${String.fromCharCode(65 + (i % 26))}`, email: uniqueEmail(`mover${i}`) }));
      for (const mover of movers) await signUp(source, mover).expect(201);
      const ids = (await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', source]] })).map((s) => s.id);
      expect(ids).toHaveLength(25);
      const joiners = Array.from({ length: 25 }, (_, i) => ({ name: `Joiner ${String.fromCharCode(65 + (i % 26))}`, email: uniqueEmail(`joiner${i}`) }));
      const replies = await Promise.all([
        ...ids.map((id, i) => move(id, target, i % 2 ? second : api)),
        ...joiners.map((joiner, i) => signUp(target, joiner, i % 2 ? api : second)),
      ]);
      const ok = replies.filter((reply) => reply.status === 200 || reply.status === 201);
      expect(ok).toHaveLength(5);
      for (const reply of replies.filter((r) => r.status >= 300)) expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ code: 'VOLUNTEER_SHIFT_FULL' });
      const onTarget = (await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', target]] })).filter((s) => s.data.status === 'active');
      expect(onTarget).toHaveLength(5);
      expect(await filled(target)).toBe(5);
      const movedIn = onTarget.filter((s) => ids.includes(s.id)).length;
      expect(await filled(source)).toBe(25 - movedIn);
    } finally {
      await second.services.mail.whenIdle();
      await second.close();
    }
  });

  it('a move racing a sign-up for the last place never oversells', async () => {
    const role = await newRole(null, { title: 'Last place' });
    const target = await newShift(role.id, { start: at('15:00', '2026-12-25'), end: at('18:00', '2026-12-25'), capacity: 1, minimum: 1 });
    const source = await newShift(role.id, { start: at('15:00', '2026-12-26'), end: at('18:00', '2026-12-26') });
    const mover = person('Mo Ver');
    await signUp(source, mover).expect(201);
    const signup = await signupOf(mover.email);
    const second = await createTestApi({ sharedStoreOf: api });
    try {
      const [moved, joined] = await Promise.all([move(signup.id, target), signUp(target, person('Jo Iner'), second)]);
      expect([moved.status, joined.status].filter((s) => s < 300)).toHaveLength(1);
      expect(await filled(target)).toBe(1);
      expect(await filled(source)).toBe(moved.status === 200 ? 0 : 1);
      expect((await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', target]] })).filter((s) => s.data.status === 'active')).toHaveLength(1);
    } finally {
      await second.services.mail.whenIdle();
      await second.close();
    }
  });
});

describe('the volunteer swaps shifts (issue 29 item 2)', () => {
  it('lists the role\'s other shifts with a place, swaps with the key under the same rule, e-mails the new shift', async () => {
    const role = await newRole(null, { title: 'Swap crew' });
    const otherRole = await newRole(null, { title: 'Other crew' });
    const first = await newShift(role.id, { start: at('15:00', '2026-12-27'), end: at('18:00', '2026-12-27') });
    const second = await newShift(role.id, { start: at('15:00', '2026-12-28'), end: at('18:00', '2026-12-28'), place: 'Kolob gate' });
    const fullShift = await newShift(role.id, { start: at('15:00', '2026-12-29'), end: at('18:00', '2026-12-29'), capacity: 1, minimum: 1 });
    const foreign = await newShift(otherRole.id, { start: at('15:00', '2026-12-30'), end: at('18:00', '2026-12-30') });
    await signUp(fullShift, person('Full Filler')).expect(201);
    const ada = person();
    await signUp(first, ada).expect(201);
    const { signupId, key } = await signupLink(ada.email);

    const options = await api.request.post(`/api/volunteer/signups/${signupId}/swap-options`).send({ key });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.body.shifts.map((s: { id: string }) => s.id)).toEqual([second]);
    expect((await api.request.post(`/api/volunteer/signups/${signupId}/swap-options`).send({ key: 'x'.repeat(43) })).body).toMatchObject({ code: 'LINK_INVALID' });

    const wrongKey = await api.request.post(`/api/volunteer/signups/${signupId}/swap`).send({ key: 'x'.repeat(43), shiftId: second });
    expect(wrongKey.status).toBe(404);
    expect(wrongKey.body).toMatchObject({ code: 'LINK_INVALID', message: VOLUNTEER_MESSAGES.linkInvalid });
    const otherRoleSwap = await api.request.post(`/api/volunteer/signups/${signupId}/swap`).send({ key, shiftId: foreign });
    expect(otherRoleSwap.body).toMatchObject({ code: 'VOLUNTEER_OTHER_ROLE', message: A.otherRole });
    expect((await api.request.post(`/api/volunteer/signups/${signupId}/swap`).send({ key, shiftId: fullShift })).body).toMatchObject({ code: 'VOLUNTEER_SHIFT_FULL' });
    expect([await filled(first), await filled(second), await filled(foreign)]).toEqual([1, 0, 0]);

    const swapped = await api.request.post(`/api/volunteer/signups/${signupId}/swap`).send({ key, shiftId: second });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body).toMatchObject({ message: A.swapped });
    expect([await filled(first), await filled(second)]).toEqual([0, 1]);
    const mails = await mailsTo(api, ada.email);
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.text.includes('Kolob gate'))).toHaveLength(1);
    // The old link still opens the sign-up, now on the new shift.
    expect((await api.request.post(`/api/volunteer/signups/${signupId}/view`).send({ key })).body.signup.shift).toMatchObject({ place: 'Kolob gate' });
    const audit = await api.deps.store.query(AUDIT_LOG, { where: [['targetId', '==', signupId]] });
    expect(audit.map((e) => e.data)).toMatchObject([{ action: 'volunteer.moved', actor: { kind: 'attendee' } }]);
  });
});

describe('an admin cancels a sign-up (issue 29 item 3)', () => {
  it('frees the place, tells the person with the "Volunteer shift cancelled" e-mail, records the reason; a second cancel is refused', async () => {
    const event = await createTestEvent(api, { title: 'Cancel Day' });
    const role = await newRole(event.id, { title: 'First aid' });
    const shift = await newShift(role.id, { capacity: 2, minimum: 1 });
    const ada = person();
    await signUp(shift, ada).expect(201);
    const signup = await signupOf(ada.email);
    // The confirmation is delivered first: composed after the cancel, it would be skipped (the sign-up is no longer active).
    expect(await mailsTo(api, ada.email)).toHaveLength(1);
    const cancelled = await api.request.delete(`/api/volunteer/admin/signups/${signup.id}`).set(admin()).send({ reason: 'Shift merged' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ message: A.cancelledByAdmin });
    expect(await filled(shift)).toBe(0);
    expect((await api.deps.store.get(VOLUNTEER_SIGNUPS, signup.id))!.data).toMatchObject({ status: 'cancelled', name: 'Ada Lovelace', email: ada.email, shiftId: shift });
    expect((await api.deps.store.get(VOLUNTEER_PEOPLE, volunteerPersonId(ada.email)))!.data.shifts).toEqual([]);
    const told = (await mailsTo(api, ada.email)).filter((m) => m.subject.startsWith('Volunteer shift cancelled'));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Volunteer shift cancelled: First aid on Saturday, December 5, 2026');
    expect(told[0]!.text).toContain('Cancel Day');
    expect(told[0]!.text).toContain('https://events.example.org/volunteer');
    const again = await api.request.delete(`/api/volunteer/admin/signups/${signup.id}`).set(admin());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'VOLUNTEER_SIGNUP_CANCELLED', message: A.signupCancelled });
    expect(await filled(shift)).toBe(0);
    expect((await mailsTo(api, ada.email))).toHaveLength(2);
    const audit = await api.deps.store.query(AUDIT_LOG, { where: [['targetId', '==', signup.id]] });
    expect(audit.map((e) => e.data)).toMatchObject([{ action: 'volunteer.cancelled', reason: 'Shift merged' }]);
    expect((await api.request.delete('/api/volunteer/admin/signups/nope').set(admin())).body).toMatchObject({ code: 'VOLUNTEER_SIGNUP_NOT_FOUND' });
  });
});

describe('e-mail everyone on a shift (issue 29 item 3)', () => {
  it('one mail job per person, the text as written, idempotent on the request id, shown as sent', async () => {
    const event = await createTestEvent(api, { title: 'Message Day' });
    const role = await newRole(event.id);
    const shift = await newShift(role.id);
    const people = [person('Ada Lovelace'), person('Bob Marsh')];
    for (const p of people) await signUp(shift, p).expect(201);
    const body = { subject: 'Bring water', message: 'Hi all,\n\nBring <2 litres> of water & a hat.', requestId: 'req-12345678' };
    const sent = await api.request.post(`/api/volunteer/admin/shifts/${shift}/messages`).set(admin()).send(body);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ message: A.messageSent(2), sent: { subject: 'Bring water', recipients: 2, sentBy: api.users.admin.email } });
    // The same request again (a double click, a retry): nothing more is queued.
    await api.request.post(`/api/volunteer/admin/shifts/${shift}/messages`).set(admin()).send(body).expect(201);
    const jobs = (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.kind === 'volunteerMessage' && people.some((p) => p.email === job.data.to));
    expect(jobs).toHaveLength(2);
    for (const p of people) {
      const mail = (await mailsTo(api, p.email)).find((m) => m.subject === 'Bring water')!;
      expect(mail.text).toBe('Hi all,\n\nBring <2 litres> of water & a hat.');
      expect(mail.html).toContain('Bring &lt;2 litres&gt; of water &amp; a hat.');
    }
    const shown = (await coverage(event.id)).roles[0]!.shifts[0]!.messages;
    expect(shown).toMatchObject([{ subject: 'Bring water', recipients: 2 }]);

    const empty = await api.request.post(`/api/volunteer/admin/shifts/${shift}/messages`).set(admin()).send({ subject: '', message: '', requestId: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ subject: A.subjectRequired, message: A.messageRequired, requestId: A.requestIdInvalid });
    const nobody = await newShift(role.id, { start: at('19:00'), end: at('21:00') });
    expect((await api.request.post(`/api/volunteer/admin/shifts/${nobody}/messages`).set(admin()).send({ ...body, requestId: 'req-nobody-1' })).body).toMatchObject({
      code: 'VOLUNTEER_NOBODY_ON_SHIFT',
      message: A.noOneToMessage,
    });
    expect((await api.request.post('/api/volunteer/admin/shifts/nope/messages').set(admin()).send({ ...body, requestId: 'req-unknown-1' })).status).toBe(404);
  });
});

describe('the CSV export (issue 29 item 3)', () => {
  it('lists an event\'s sign-ups with contact details, neutralised against spreadsheet formulas', async () => {
    const event = await createTestEvent(api, { title: 'Export Day', customUrl: `export-day-${Date.now()}` });
    const role = await newRole(event.id, { title: 'Planting crew' });
    const shift = await newShift(role.id);
    await signUp(shift, { name: 'Ada Lovelace', email: uniqueEmail('ada'), phone: '555 0100', note: '=HYPERLINK("http://evil")' }).expect(201);
    const response = await api.request.get(`/api/volunteer/admin/signups.csv?event=${event.id}`).set(admin());
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('-volunteers.csv');
    const text = response.text.replace(/^\uFEFF/, '');
    const [header, row] = text.split('\r\n');
    expect(header).toBe(VOLUNTEER_CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(row).toContain('"Export Day","Planting crew","2026-12-05 08:00","2026-12-05 11:00","Grafton trailhead","Ada Lovelace"');
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const all = await api.request.get('/api/volunteer/admin/signups.csv').set(admin());
    expect(all.status).toBe(200);
    expect(all.text).toContain('Export Day');
  });
});
