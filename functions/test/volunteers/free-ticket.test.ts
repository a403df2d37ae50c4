import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { SEAT_EVENTS, seatsTaken } from '../../src/seats/repository.js';
import { VOLUNTEER_MESSAGES } from '../../src/shared/volunteers-model.js';
import { VOLUNTEER_ROLES, VOLUNTEER_SHIFTS, VOLUNTEER_SIGNUPS } from '../../src/volunteers/repository.js';
import { releaseVolunteerTicket } from '../../src/volunteers/free-ticket.js';
import { addVolunteerRole, addVolunteerShift, type NewVolunteerShift } from '../../src/volunteers/setup.js';
import { createTestApi, createTestEvent, uniqueEmail, type TestApi } from '../support/api.js';
import { mailsTo } from '../support/self-service.js';

/*
 * Issue 29 item 4: a role whose volunteers get a free ticket to the event. Signing up also registers
 * the person (one free RSVP, the event's default type, subject to its capacity, in the same
 * transaction as the shift's place); cancelling the shift cancels that ticket only. On SQLite and
 * (functions@firestore) on the Firestore emulator.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const at = (time: string, day = '2026-12-05') => `${day}T${time}:00.000Z`;

async function freeRole(eventId: string, on: TestApi = api) {
  return addVolunteerRole(on.deps.store, { title: 'Planting crew', description: 'Plant willows', eventId, order: 0, freeTicket: true }, on.clock.now());
}

async function shift(roleId: string, extra: Partial<NewVolunteerShift> = {}) {
  return addVolunteerShift(api.deps.store, { roleId, start: at('15:00'), end: at('18:00'), place: 'Grafton trailhead', capacity: 5, minimum: 1, ...extra }, api.clock.now());
}

const signUp = (shiftId: string, body: Record<string, unknown>, on: TestApi = api) => on.request.post(`/api/volunteer/shifts/${shiftId}/signups`).send(body);
const register = (eventId: string, body: Record<string, unknown>) => api.request.post(`/api/events/${eventId}/rsvp`).send(body);

async function taken(eventId: string) {
  const event = (await api.deps.store.get(SEAT_EVENTS, eventId))!;
  return (await seatsTaken(api.deps.store, [event])).get(eventId);
}

async function rsvpsOf(eventId: string) {
  return api.deps.store.query(RSVPS, { where: [['eventId', '==', eventId]] });
}

async function signupOf(email: string) {
  const [signup] = (await api.deps.store.query(VOLUNTEER_SIGNUPS)).filter((s) => s.data.email === email);
  return signup;
}

/** The sign-up page's link e-mailed to `to`. */
async function signupLink(to: string) {
  for (const mail of await mailsTo(api, to)) {
    const match = /https:\/\/events\.example\.org\/volunteer\/signup\/([^/#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return { signupId: decodeURIComponent(match[1]!), key: match[2]! };
  }
  throw new Error(`no volunteer link to ${to}`);
}

const cancel = async (email: string) => {
  const { signupId, key } = await signupLink(email);
  const reply = await api.request.post(`/api/volunteer/signups/${signupId}/cancel`).send({ key });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

describe('a role with a free ticket (issue 29 item 4)', () => {
  it('a sign-up also registers the person: one free confirmed ticket of the default type, both e-mails; cancelling the shift cancels it and frees the seat', async () => {
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day', maxAttendees: 10, requiresPayment: true, ticketTypes: ['Adult', 'Child'], ticketPrices: { Adult: 20, Child: 10 } });
    const shiftId = await shift(await freeRole(event.id));
    const email = uniqueEmail('vol');
    await signUp(shiftId, { name: 'Ada Lovelace', email }).expect(201);

    const [rsvp, ...more] = await rsvpsOf(event.id);
    expect(more).toHaveLength(0);
    // The public page says the role comes with a ticket.
    const groups = (await api.request.get('/api/volunteer')).body.groups as { event: { id: string } | null; roles: { freeTicket?: boolean }[] }[];
    expect(groups.find((group) => group.event?.id === event.id)!.roles[0]!.freeTicket).toBe(true);
    expect(rsvp!.data).toMatchObject({ name: 'Ada Lovelace', email, ticketType: 'Adult', status: 'confirmed', paymentStatus: 'free', amountDue: 0, holdExpiresAt: null });
    expect((await signupOf(email))!.data.ticketRsvpId).toBe(rsvp!.id);
    expect(await taken(event.id)).toBe(1);
    const subjects = (await mailsTo(api, email)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects.some((subject) => subject.startsWith('You are volunteering'))).toBe(true);
    expect(subjects.some((subject) => subject.includes('Riverside Restoration Day') && !subject.startsWith('You are volunteering'))).toBe(true);

    await cancel(email);
    expect((await api.deps.store.get(RSVPS, rsvp!.id))!.data).toMatchObject({ status: 'cancelled', name: 'Ada Lovelace', email, ticketType: 'Adult' });
    expect(await taken(event.id)).toBe(0);
    expect((await api.deps.store.get(VOLUNTEER_SHIFTS, shiftId))!.data.filled).toBe(0);
    const jobs = (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.to === email && job.data.kind === 'ticketCancelled');
    expect(jobs).toHaveLength(1);
    // Cancelling again frees nothing more.
    await cancel(email);
    expect(await taken(event.id)).toBe(0);
    expect((await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.to === email && job.data.kind === 'ticketCancelled')).toHaveLength(1);
  });

  it('releaseVolunteerTicket (for an admin cancel path): cancels the ticket the sign-up made, once, naming the admin', async () => {
    const event = await createTestEvent(api, { title: 'Admin cancel', maxAttendees: 10 });
    const shiftId = await shift(await freeRole(event.id));
    const email = uniqueEmail('adm');
    await signUp(shiftId, { name: 'Ada Lovelace', email }).expect(201);
    const signup = (await signupOf(email))!;
    const admin = { kind: 'staff' as const, uid: 'u1', email: 'admin@example.org', role: 'admin' };
    const first = await api.deps.store.runTransaction((tx) => releaseVolunteerTicket(tx, signup, api.clock.now(), admin));
    expect(first.released).toBe(true);
    expect((await api.deps.store.get(RSVPS, signup.data.ticketRsvpId!))!.data.status).toBe('cancelled');
    expect(await taken(event.id)).toBe(0);
    const again = await api.deps.store.runTransaction((tx) => releaseVolunteerTicket(tx, signup, api.clock.now(), admin));
    expect(again.released).toBe(false);
    expect(await taken(event.id)).toBe(0);
  });

  it("the admins' cancel (DELETE /volunteer/admin/signups/{id}) cancels the sign-up's free ticket too; an admin's move keeps it", async () => {
    const event = await createTestEvent(api, { title: 'Admin tab', maxAttendees: 10 });
    const roleId = await freeRole(event.id);
    const first = await shift(roleId);
    const second = await shift(roleId, { start: at('18:00'), end: at('21:00') });
    const email = uniqueEmail('tab');
    await signUp(first, { name: 'Ada Lovelace', email }).expect(201);
    const signup = (await signupOf(email))!;
    await api.request.post(`/api/volunteer/admin/signups/${signup.id}/move`).set(api.bearer('admin')).send({ shiftId: second }).expect(200);
    expect((await api.deps.store.get(RSVPS, signup.data.ticketRsvpId!))!.data.status).toBe('confirmed');
    const cancelled = await api.request.delete(`/api/volunteer/admin/signups/${signup.id}`).set(api.bearer('admin')).send({});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await api.deps.store.get(RSVPS, signup.data.ticketRsvpId!))!.data.status).toBe('cancelled');
    expect(await taken(event.id)).toBe(0);
  });

  it('a role without the flag registers nobody', async () => {
    const event = await createTestEvent(api, { title: 'No ticket day', maxAttendees: 10 });
    const roleId = await addVolunteerRole(api.deps.store, { title: 'Water', description: '', eventId: event.id, order: 0 }, api.clock.now());
    expect((await api.deps.store.get(VOLUNTEER_ROLES, roleId))!.data.freeTicket).toBe(false);
    const email = uniqueEmail('plain');
    await signUp(await shift(roleId), { name: 'Ada Lovelace', email }).expect(201);
    expect(await rsvpsOf(event.id)).toHaveLength(0);
    expect((await signupOf(email))!.data.ticketRsvpId ?? null).toBeNull();
  });

  it('a person already registered keeps their one RSVP (no second seat), and cancelling the shift leaves it', async () => {
    // One seat, theirs: the event is full, and the sign-up still goes through (no second seat asked for).
    const event = await createTestEvent(api, { title: 'Already there', maxAttendees: 1 });
    const shiftId = await shift(await freeRole(event.id));
    const email = uniqueEmail('reg');
    await register(event.id, { name: 'Ada Lovelace', email }).expect(201);
    expect(await taken(event.id)).toBe(1);
    // The same mailbox, written otherwise: still the same person's registration.
    await signUp(shiftId, { name: 'Ada Lovelace', email: email.toUpperCase() }).expect(201);
    expect(await rsvpsOf(event.id)).toHaveLength(1);
    expect(await taken(event.id)).toBe(1);
    expect((await signupOf(email.toUpperCase()))!.data.ticketRsvpId ?? null).toBeNull();

    await cancel(email.toUpperCase());
    const [own] = await rsvpsOf(event.id);
    expect(own!.data.status).toBe('confirmed');
    expect(await taken(event.id)).toBe(1);
  });

  it('two shifts of one person share the ticket: it stays while one of them does', async () => {
    const event = await createTestEvent(api, { title: 'Two shifts', maxAttendees: 10 });
    const roleId = await freeRole(event.id);
    const morning = await shift(roleId);
    const afternoon = await shift(roleId, { start: at('18:00'), end: at('21:00') });
    const email = uniqueEmail('two');
    await signUp(morning, { name: 'Ada Lovelace', email }).expect(201);
    await signUp(afternoon, { name: 'Ada Lovelace', email }).expect(201);
    const [ticket, ...more] = await rsvpsOf(event.id);
    expect(more).toHaveLength(0);
    const signups = (await api.deps.store.query(VOLUNTEER_SIGNUPS)).filter((s) => s.data.email === email);
    expect(signups.map((s) => s.data.ticketRsvpId)).toEqual([ticket!.id, ticket!.id]);

    const links = [];
    for (const mail of await mailsTo(api, email)) {
      const match = /\/volunteer\/signup\/([^/#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text);
      if (match) links.push({ signupId: decodeURIComponent(match[1]!), key: match[2]! });
    }
    expect(links).toHaveLength(2);
    await api.request.post(`/api/volunteer/signups/${links[0]!.signupId}/cancel`).send({ key: links[0]!.key }).expect(200);
    expect((await api.deps.store.get(RSVPS, ticket!.id))!.data.status).toBe('confirmed');
    await api.request.post(`/api/volunteer/signups/${links[1]!.signupId}/cancel`).send({ key: links[1]!.key }).expect(200);
    expect((await api.deps.store.get(RSVPS, ticket!.id))!.data.status).toBe('cancelled');
    expect(await taken(event.id)).toBe(0);
  });

  it('a full event refuses the sign-up with a clear message, nothing stored', async () => {
    const event = await createTestEvent(api, { title: 'Full day', maxAttendees: 1 });
    await register(event.id, { name: 'Bob Marsh', email: uniqueEmail('bob') }).expect(201);
    const shiftId = await shift(await freeRole(event.id));
    const email = uniqueEmail('late');
    const reply = await signUp(shiftId, { name: 'Ada Lovelace', email });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 'VOLUNTEER_EVENT_FULL', message: VOLUNTEER_MESSAGES.eventFull });
    expect(await signupOf(email)).toBeUndefined();
    expect((await api.deps.store.get(VOLUNTEER_SHIFTS, shiftId))!.data.filled).toBe(0);
    expect(await rsvpsOf(event.id)).toHaveLength(1);
    expect((await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.to === email)).toHaveLength(0);
  });

  it('30 concurrent sign-ups from two API instances, the event with 3 seats left: 3 taken, neither the event nor the shift oversold', async () => {
    const event = await createTestEvent(api, { title: 'Rush day', maxAttendees: 5 });
    await register(event.id, { name: 'Bob Marsh', email: uniqueEmail('bob') }).expect(201);
    await register(event.id, { name: 'Cy Marsh', email: uniqueEmail('cy') }).expect(201);
    const roleId = await freeRole(event.id);
    // Two shifts of 10 places: the event's 3 seats are the limit, whichever shift the rush goes to.
    const shifts = [await shift(roleId, { capacity: 10 }), await shift(roleId, { capacity: 10 })];
    const second = await createTestApi({ sharedStoreOf: api });
    try {
      const emails = Array.from({ length: 30 }, (_, i) => uniqueEmail(`rush${i}`));
      const replies = await Promise.all(
        emails.map((email, i) => signUp(shifts[i % 2]!, { name: `Rusher ${String.fromCharCode(65 + (i % 26))}`, email }, i % 3 ? second : api)),
      );
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3);
      for (const reply of replies.filter((r) => r.status !== 201)) expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ code: 'VOLUNTEER_EVENT_FULL' });
      expect(await taken(event.id)).toBe(5);
      const active = (await rsvpsOf(event.id)).filter((rsvp) => rsvp.data.status === 'confirmed');
      expect(active).toHaveLength(5);
      const filled = await Promise.all(shifts.map(async (id) => (await api.deps.store.get(VOLUNTEER_SHIFTS, id))!.data.filled));
      expect(filled[0]! + filled[1]!).toBe(3);
      const signups = (await api.deps.store.query(VOLUNTEER_SIGNUPS)).filter((s) => shifts.includes(s.data.shiftId));
      expect(signups).toHaveLength(3);
      expect(new Set(signups.map((s) => s.data.ticketRsvpId)).size).toBe(3);
    } finally {
      await second.services.mail.whenIdle();
      await second.close();
    }
  });
});
