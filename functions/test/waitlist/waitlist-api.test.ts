import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { WAITLIST_ENTRIES } from '../../src/waitlist/repository.js';
import { RSVP_MESSAGES, orderOverEmailLimitMessage } from '../../src/shared/rsvps-model.js';
import { EVENT_CANCELLED_TEXT } from '../../src/shared/events-model.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { WAITLIST_CSV_COLUMNS, WAITLIST_MESSAGES } from '../../src/shared/waitlist-model.js';
import { createTestApi, createTestEvent, uniqueEmail, type TestApi } from '../support/api.js';
import { mailsTo } from '../support/self-service.js';

/*
 * Issue 28, first slice: joining a full event's waitlist, the e-mail with the place in line and the
 * page link, the owner's page and leaving, and the admins' list, removal and export. On SQLite and
 * (functions@firestore) on the Firestore emulator.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** A free event with `capacity` seats, every one taken. */
async function fullEvent(capacity = 1, body: Record<string, unknown> = {}) {
  const event = await createTestEvent(api, { maxAttendees: capacity, ...body });
  for (let i = 0; i < capacity; i += 1) {
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: `Seat Holder${'x'.repeat(i)}`, email: uniqueEmail('holder') });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
  return event;
}

const join = (eventId: string, body: Record<string, unknown>, on: TestApi = api) => on.request.post(`/api/events/${eventId}/waitlist`).send(body);

/** Joins one after another a second apart (the test clock stands still otherwise; one instant's joins are ordered by id). */
async function joined(eventId: string, name: string, extra: Record<string, unknown> = {}) {
  api.clock.set(new Date(api.clock.now().getTime() + 1000).toISOString());
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase().replace(/[^a-z]/g, ''));
  const response = await join(eventId, { name, email, seats: 1, together: true, ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { email, position: response.body.position as number };
}

/** The waitlist page link e-mailed to `to`. */
async function pageLink(to: string) {
  for (const mail of await mailsTo(api, to)) {
    const match = /https:\/\/events\.example\.org\/waitlist\/([^/#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return { entryId: decodeURIComponent(match[1]!), key: match[2]!, mail };
  }
  throw new Error(`no waitlist link to ${to}`);
}

const list = async (eventId: string) => {
  const response = await api.request.get(`/api/events/${eventId}/waitlist`).set(api.bearer('admin'));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.entries as { id: string; position: number | null; name: string; email: string; seats: number; together: boolean; status: string }[];
};

describe('joining the waitlist (issue 28 item 1)', () => {
  it("the per-e-mail limit counts the address's registrations too: a registered address cannot wait for more than the limit leaves", async () => {
    const event = await createTestEvent(api, { maxAttendees: 2, maxRegistrationsPerEmail: 2 });
    const registered = uniqueEmail('registered');
    expect((await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Reg Istered', email: registered })).status).toBe(201);
    expect((await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Other Holder', email: uniqueEmail('other') })).status).toBe(201);
    // The same mailbox (case and +tag) waiting for 2 more: 3 in all, over the limit of 2; nothing stored.
    const [user, domain] = registered.split('@');
    const over = await join(event.id, { name: 'Reg Istered', email: `${user!.toUpperCase()}+again@${domain}`, seats: 2, together: true });
    expect(over.status, JSON.stringify(over.body)).toBe(409);
    expect(over.body).toMatchObject({ code: 'REGISTRATION_LIMIT_REACHED', message: orderOverEmailLimitMessage(2, 1) });
    expect(await list(event.id)).toEqual([]);
    // One more fits.
    const one = await join(event.id, { name: 'Reg Istered', email: registered, seats: 1, together: true });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect((await list(event.id)).map((entry) => entry.seats)).toEqual([1]);
  });

  it('a full event takes a join: the place in line, one entry, one e-mail with the place and the page link', async () => {
    const event = await fullEvent(1);
    const email = uniqueEmail('ada');
    api.clock.set(new Date(api.clock.now().getTime() + 1000).toISOString());
    const first = await join(event.id, { name: 'Ada Lovelace', email, seats: 2, together: false });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({ success: true, message: WAITLIST_MESSAGES.joined, position: 1, alreadyOnList: false });
    // Nothing in the reply opens the page: the link goes to the address only.
    expect(JSON.stringify(first.body)).not.toMatch(/key|entryId|"id"/);

    // The same address again (another case, a plus-tag of the same mailbox): the existing place, no second entry, no second e-mail.
    const again = await join(event.id, { name: 'Ada L', email: email.toUpperCase(), seats: 1, together: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, message: WAITLIST_MESSAGES.alreadyOnList, position: 1, alreadyOnList: true });
    const entries = await list(event.id);
    expect(entries).toEqual([expect.objectContaining({ position: 1, name: 'Ada Lovelace', email, seats: 2, together: false, status: 'waiting' })]);

    const bob = await joined(event.id, 'Bob Marsh');
    expect(bob.position).toBe(2);

    const jobs = (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.kind === 'waitlistJoined' && job.data.to.toLowerCase() === email.toLowerCase());
    expect(jobs).toHaveLength(1);
    const { mail } = await pageLink(email);
    expect(mail.subject).toBe(`You're number 1 on the waitlist: Stargazing`);
    expect(mail.text).toContain('2 seats, or fewer');
  });

  it('a name is escaped in the e-mail (markup is refused as a name), which goes to the address given only', async () => {
    const event = await fullEvent(1);
    expect((await join(event.id, { name: 'Eve <b>Bold</b>', email: uniqueEmail('eve'), seats: 1, together: true })).status).toBe(400);
    const { email } = await joined(event.id, "D'Arcy O'Brien");
    const { mail } = await pageLink(email);
    expect(mail.html).toContain('Hi D&#x27;Arcy,');
    const jobs = (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.kind === 'waitlistJoined' && job.data.waitlistEntryId);
    for (const job of jobs) expect(job.data.to).not.toBe(api.users.admin.email);
  });

  it('refuses bad input with the shared messages: empty name, bad e-mail, seats over the event’s per-e-mail limit', async () => {
    const event = await fullEvent(1, { maxRegistrationsPerEmail: 3 });
    const empty = await join(event.id, { name: '', email: uniqueEmail('x'), seats: 1, together: true });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ name: WAITLIST_MESSAGES.nameRequired });
    const bad = await join(event.id, { name: 'Cy Young', email: 'not-an-address', seats: 1, together: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ email: WAITLIST_MESSAGES.emailInvalid });
    const many = await join(event.id, { name: 'Cy Young', email: uniqueEmail('cy'), seats: 4, together: true });
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ code: 'REGISTRATION_LIMIT_REACHED', message: WAITLIST_MESSAGES.seatsOverLimit(3) });
    const zero = await join(event.id, { name: 'Cy Young', email: uniqueEmail('cy'), seats: 0, together: true });
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toMatchObject({ seats: WAITLIST_MESSAGES.seatsInvalid });
    expect(await list(event.id)).toEqual([]);
  });

  it('refuses an event that is not full, cancelled, past its registration deadline, archived or inactive', async () => {
    const open = await createTestEvent(api, { maxAttendees: 5 });
    const notFull = await join(open.id, { name: 'Dot Cotton', email: uniqueEmail('dot'), seats: 1, together: true });
    expect(notFull.status).toBe(409);
    expect(notFull.body).toMatchObject({ code: 'WAITLIST_NOT_FULL', message: WAITLIST_MESSAGES.notFull });
    const unlimited = await createTestEvent(api);
    expect((await join(unlimited.id, { name: 'Dot Cotton', email: uniqueEmail('dot'), seats: 1, together: true })).body.code).toBe('WAITLIST_NOT_FULL');

    const cancelled = await fullEvent(1);
    await api.request.post(`/api/events/${cancelled.id}/cancel`).set(api.bearer('admin')).send().expect(200);
    const afterCancel = await join(cancelled.id, { name: 'Dot Cotton', email: uniqueEmail('dot'), seats: 1, together: true });
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body).toMatchObject({ code: 'REGISTRATION_CLOSED', message: EVENT_CANCELLED_TEXT });

    const deadline = await fullEvent(1, { registrationClosesAt: '2026-12-01T12:00' });
    api.clock.set('2026-12-02T12:00:00.000Z');
    try {
      const late = await join(deadline.id, { name: 'Dot Cotton', email: uniqueEmail('dot'), seats: 1, together: true });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'REGISTRATION_CLOSED', message: RSVP_MESSAGES.registrationClosed });
    } finally {
      api.clock.set('2026-11-21T12:00:00.000Z');
    }

    for (const takeOff of ['inactive', 'archived']) {
      const gone = await fullEvent(1);
      if (takeOff === 'inactive') await api.request.put(`/api/events/${gone.id}`).set(api.bearer('admin')).send({ isActive: false }).expect(200);
      else await api.request.patch(`/api/events/${gone.id}/archive`).set(api.bearer('admin')).send().expect(200);
      const refused = await join(gone.id, { name: 'Dot Cotton', email: uniqueEmail('dot'), seats: 1, together: true });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ code: 'EVENT_NOT_FOUND', message: MESSAGES.eventNotFound });
    }
  });

  it('20 concurrent joins from two API instances get 20 distinct consecutive places, one e-mail each', async () => {
    const event = await fullEvent(1);
    await api.whenStoreIdle();
    const second = await createTestApi({ sharedStoreOf: api });
    try {
      const emails = Array.from({ length: 20 }, (_, i) => uniqueEmail(`racer${i}`));
      const replies = await Promise.all(
        emails.map((email, i) => join(event.id, { name: `Racer ${String.fromCharCode(65 + i)}`, email, seats: 1, together: true }, i % 2 ? second : api)),
      );
      for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const entries = await list(event.id);
      expect(entries.map((entry) => entry.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(entries.map((entry) => entry.email)).size).toBe(20);
      const jobs = (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.kind === 'waitlistJoined' && emails.includes(job.data.to));
      expect(jobs).toHaveLength(20);
    } finally {
      await second.services.mail.whenIdle();
      await second.close();
    }
  });

  it('the same address joining twice at once gets one entry', async () => {
    const event = await fullEvent(1);
    const email = uniqueEmail('twin');
    const replies = await Promise.all([1, 2, 3, 4].map(() => join(event.id, { name: 'Twin Peaks', email, seats: 1, together: true })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 201]);
    expect(replies.every((reply) => reply.body.position === 1)).toBe(true);
    expect(await list(event.id)).toHaveLength(1);
  });
});

describe('the waitlist page (issue 28 item 1)', () => {
  it('shows the event, the seats and the current place; leaving moves those behind up', async () => {
    const event = await fullEvent(1);
    const ada = await joined(event.id, 'Ada Lovelace');
    const bob = await joined(event.id, 'Bob Marsh', { seats: 1 });
    const adaLink = await pageLink(ada.email);
    const bobLink = await pageLink(bob.email);

    const view = await api.request.post(`/api/waitlist/${bobLink.entryId}/view`).send({ key: bobLink.key });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.entry).toMatchObject({ id: bobLink.entryId, status: 'waiting', name: 'Bob Marsh', seats: 1, position: 2, event: { id: event.id, title: 'Stargazing' } });
    expect(JSON.stringify(view.body)).not.toContain(bob.email);

    const left = await api.request.post(`/api/waitlist/${adaLink.entryId}/leave`).send({ key: adaLink.key });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toMatchObject({ message: WAITLIST_MESSAGES.left, entry: { status: 'left', position: null } });
    // Leaving again answers the same; the entry's other fields are unchanged.
    expect((await api.request.post(`/api/waitlist/${adaLink.entryId}/leave`).send({ key: adaLink.key })).status).toBe(200);
    const stored = await api.deps.store.get(WAITLIST_ENTRIES, adaLink.entryId);
    expect(stored?.data).toMatchObject({ status: 'left', name: 'Ada Lovelace', email: ada.email, seats: 1, together: true, eventId: event.id });

    const after = await api.request.post(`/api/waitlist/${bobLink.entryId}/view`).send({ key: bobLink.key });
    expect(after.body.entry.position).toBe(1);
  });

  it('a wrong key, a key of another entry or no such entry: one not-found, nothing leaked', async () => {
    const event = await fullEvent(1);
    const ada = await joined(event.id, 'Ada Lovelace');
    const bob = await joined(event.id, 'Bob Marsh');
    const adaLink = await pageLink(ada.email);
    const bobLink = await pageLink(bob.email);
    for (const [id, key] of [
      [adaLink.entryId, 'wrong-key'],
      [adaLink.entryId, bobLink.key],
      ['no-such-entry', adaLink.key],
    ]) {
      for (const action of ['view', 'leave']) {
        const response = await api.request.post(`/api/waitlist/${id}/${action}`).send({ key });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, code: 'LINK_INVALID', message: WAITLIST_MESSAGES.linkInvalid });
      }
    }
    expect((await api.deps.store.get(WAITLIST_ENTRIES, adaLink.entryId))?.data.status).toBe('waiting');
  });
});

describe('the admins’ waitlist (issue 28 item 3, without offers)', () => {
  it('lists, removes and exports; staff and visitors are refused', async () => {
    const event = await fullEvent(1);
    await joined(event.id, 'Ada Lovelace', { seats: 2, together: true });
    await joined(event.id, 'Bob Marsh', { seats: 1 });
    await joined(event.id, 'Cy Young');
    const [ada, bob, cy] = await list(event.id);
    expect([ada?.position, bob?.position, cy?.position]).toEqual([1, 2, 3]);

    const counts = await api.request.get('/api/waitlist/counts').set(api.bearer('admin'));
    expect(counts.body.counts[event.id]).toBe(3);

    const removed = await api.request.delete(`/api/waitlist/${ada!.id}`).set(api.bearer('admin'));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toEqual({ success: true, message: WAITLIST_MESSAGES.removed });
    const after = await list(event.id);
    expect(after.map((entry) => [entry.name, entry.position, entry.status])).toEqual([
      ['Ada Lovelace', null, 'removed'],
      ['Bob Marsh', 1, 'waiting'],
      ['Cy Young', 2, 'waiting'],
    ]);
    expect(after[0]).toMatchObject({ seats: 2, together: true, email: ada!.email });
    expect((await api.request.get('/api/waitlist/counts').set(api.bearer('admin'))).body.counts[event.id]).toBe(2);
    expect((await api.request.delete('/api/waitlist/no-such-entry').set(api.bearer('admin'))).body).toMatchObject({ code: 'WAITLIST_ENTRY_NOT_FOUND' });

    const csv = await api.request.get(`/api/events/${event.id}/waitlist.csv`).set(api.bearer('admin'));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(WAITLIST_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
    expect(lines[1]).toMatch(/^"","Ada Lovelace",".*","2","All together only","2026-11-21 05:00","Removed"$/);
    expect(lines[2]).toMatch(/^"1","Bob Marsh",/);

    for (const [who, status] of [['staff', 403], ['outsider', 403]] as const) {
      expect((await api.request.get(`/api/events/${event.id}/waitlist`).set(api.bearer(who))).status).toBe(status);
      expect((await api.request.get(`/api/events/${event.id}/waitlist.csv`).set(api.bearer(who))).status).toBe(status);
      expect((await api.request.delete(`/api/waitlist/${bob!.id}`).set(api.bearer(who))).status).toBe(status);
      expect((await api.request.get('/api/waitlist/counts').set(api.bearer(who))).status).toBe(status);
    }
    expect((await api.request.get(`/api/events/${event.id}/waitlist`)).status).toBe(401);
  });

  it('the public-write rate limit covers joining', async () => {
    const limited = await createTestApi({ publicWritesPerMinute: 2 });
    try {
      const event = await createTestEvent(limited, { maxAttendees: 1 });
      const statuses = [];
      // The seat's registration is the first public write of the minute.
      await limited.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Seat Holder', email: uniqueEmail('holder') }).expect(201);
      for (let i = 0; i < 3; i += 1) statuses.push((await join(event.id, { name: 'Rate Limited', email: uniqueEmail('rl'), seats: 1, together: true }, limited)).status);
      expect(statuses).toEqual([201, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
