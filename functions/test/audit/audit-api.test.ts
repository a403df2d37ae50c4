import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, AUDIT_REASON_MAX, type AuditEntry } from '../../src/shared/audit-model.js';
import { CHECKIN_MESSAGES } from '../../src/shared/checkin-model.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { openPayment, payForTicket, createPaidEvent } from '../support/payments.js';
import { manageLinkIn } from '../support/self-service.js';

/*
 * The audit log (issue 28 items 4 and 5) through the API on the test's store: each action that
 * changes seats, money, access or content leaves one entry with the right actor, in the action's
 * transaction; a refused action leaves none; admins read it filtered and paged, as CSV, and per RSVP.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const staffOf = (who: 'admin' | 'staff') => ({ kind: 'staff', uid: api.users[who].uid, email: api.users[who].email, role: who });

async function entries(query: Record<string, string> = {}): Promise<AuditEntry[]> {
  const response = await api.request.get('/api/audit').query({ limit: '200', ...query }).set(api.bearer('admin'));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.entries;
}

async function history(rsvpId: string, who: 'admin' | 'staff' = 'admin'): Promise<AuditEntry[]> {
  const response = await api.request.get(`/api/rsvps/${rsvpId}/history`).set(api.bearer(who));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.entries;
}

async function register(eventId: string, who = { name: 'Ada Lovelace', email: 'ada@example.org' }): Promise<string> {
  const response = await api.request.post(`/api/events/${eventId}/rsvp`).send(who);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.rsvpId;
}

describe('what the log records', () => {
  it('a free registration: Registered, by the attendee, naming the RSVP, its event and its holder', async () => {
    const event = await createTestEvent(api);
    const rsvpId = await register(event.id);
    const [entry] = await history(rsvpId);
    expect(entry).toEqual({
      id: expect.any(String),
      at: api.clock.now().toISOString(),
      actor: { kind: 'attendee' },
      action: 'rsvp.registered',
      target: { type: 'rsvp', id: rsvpId, eventId: event.id, label: 'Ada Lovelace' },
      changes: [],
      reason: null,
      checkIn: null,
    });
  });

  it("an admin's cancel with a reason: the admin (uid, e-mail, role) and the reason; no body is no reason", async () => {
    const event = await createTestEvent(api);
    const first = await register(event.id);
    const second = await register(event.id, { name: 'Grace Hopper', email: 'grace@example.org' });
    await api.request.delete(`/api/rsvps/${first}`).set(api.bearer('admin')).send({ reason: '  Asked by phone  ' }).expect(200);
    await api.request.delete(`/api/rsvps/${second}`).set(api.bearer('admin')).expect(200);
    const cancelled = (await history(first)).at(-1)!;
    expect(cancelled).toMatchObject({ action: 'rsvp.cancelled', actor: staffOf('admin'), reason: 'Asked by phone' });
    expect((await history(second)).at(-1)).toMatchObject({ action: 'rsvp.cancelled', actor: staffOf('admin'), reason: null });
  });

  it('a refused action records nothing: a reason too long (nothing cancelled), a cancel of a cancelled RSVP, staff cancelling', async () => {
    const event = await createTestEvent(api);
    const rsvpId = await register(event.id);
    const tooLong = await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin')).send({ reason: 'x'.repeat(AUDIT_REASON_MAX + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, code: 'INVALID_INPUT', errors: { reason: AUDIT_MESSAGES.reasonTooLong } });
    expect((await api.deps.store.get(RSVPS, rsvpId))?.data.status).toBe('confirmed');
    await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('staff')).send({ reason: 'no' }).expect(403);
    await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin')).expect(200);
    await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin')).send({ reason: 'again' }).expect(404);
    expect((await history(rsvpId)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['rsvp.registered', null],
      ['rsvp.cancelled', null],
    ]);
  });

  it("the attendee's own cancel: Cancelled by the attendee", async () => {
    const event = await createTestEvent(api);
    const email = 'self@example.org';
    await register(event.id, { name: 'Self Cancel', email });
    const { rsvpId, key } = await manageLinkIn(api, email);
    await api.request.post(`/api/rsvps/${rsvpId}/cancel`).send({ key }).expect(200);
    expect((await history(rsvpId)).map((entry) => [entry.action, entry.actor.kind])).toEqual([
      ['rsvp.registered', 'attendee'],
      ['rsvp.cancelled', 'attendee'],
    ]);
  });

  it('a check-in by staff with the door and both times, and an undo by an admin with a reason, in order on the timeline', async () => {
    const event = await createTestEvent(api);
    const rsvpId = await register(event.id);
    const scannedAt = new Date(api.clock.now().getTime() - 5 * 60_000).toISOString();
    const listLoadedAt = new Date(api.clock.now().getTime() - 60 * 60_000).toISOString();
    await api.request
      .post(`/api/checkin/${rsvpId}`)
      .set(api.bearer('staff'))
      .send({ eventId: event.id, door: 'Gate 2', checkedInAt: scannedAt, listLoadedAt })
      .expect(200);
    await api.request.delete(`/api/checkin/${rsvpId}`).set(api.bearer('admin')).send({ reason: 'wrong person' }).expect(200);
    const timeline = await history(rsvpId);
    expect(timeline.map((entry) => entry.action)).toEqual(['rsvp.registered', 'checkin.checkedIn', 'checkin.undone']);
    expect(timeline[1]).toMatchObject({ actor: staffOf('staff'), checkIn: { door: 'Gate 2', scannedAt, syncedAt: api.clock.now().toISOString() } });
    expect(timeline[2]).toMatchObject({ actor: staffOf('admin'), reason: 'wrong person' });
    // Staff read only the check-in entries of the timeline; a signed-in user without a role nothing.
    expect((await history(rsvpId, 'staff')).map((entry) => entry.action)).toEqual(['checkin.checkedIn', 'checkin.undone']);
    await api.request.get(`/api/rsvps/${rsvpId}/history`).set(api.bearer('outsider')).expect(403);
    await api.request.get(`/api/rsvps/no-such-rsvp/history`).set(api.bearer('admin')).expect(404);
  });

  it('a refused check-in (wrong event, door name too long) records nothing', async () => {
    const event = await createTestEvent(api);
    const other = await createTestEvent(api, { title: 'Other' });
    const rsvpId = await register(event.id);
    await api.request.post(`/api/checkin/${rsvpId}`).set(api.bearer('staff')).send({ eventId: other.id }).expect(409);
    const long = await api.request.post(`/api/checkin/${rsvpId}`).set(api.bearer('staff')).send({ eventId: event.id, door: 'x'.repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ door: CHECKIN_MESSAGES.doorTooLong });
    expect((await history(rsvpId)).map((entry) => entry.action)).toEqual(['rsvp.registered']);
  });

  it('an event created, then edited: only the fields the edit changed, before and after; an edit that changed nothing or was refused is not recorded', async () => {
    const event = await createTestEvent(api, { title: 'Before title', maxAttendees: 10 });
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ title: 'After title', maxAttendees: 12 }).expect(200);
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ title: 'After title' }).expect(200);
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ title: '' }).expect(400);
    await api.request.patch(`/api/events/${event.id}/archive`).set(api.bearer('admin')).expect(200);
    const log = await entries({ eventId: event.id });
    expect(log.map((entry) => entry.action)).toEqual(['event.archived', 'event.updated', 'event.created']);
    expect(log[2]).toMatchObject({ actor: staffOf('admin'), target: { type: 'event', id: event.id, eventId: event.id, label: 'Before title' } });
    expect(log[1].changes).toEqual([
      { field: 'maxAttendees', before: 10, after: 12 },
      { field: 'title', before: 'Before title', after: 'After title' },
    ]);
  });

  it('a paid ticket: Paid by the payment provider; an admin refund with its reason', async () => {
    const event = await createPaidEvent(api);
    const { rsvpId } = await payForTicket(api, event.id, { name: 'Paying Person', email: 'payer@example.org' });
    await api.request.post(`/api/rsvps/${rsvpId}/refund`).set(api.bearer('admin')).send({ reason: 'Duplicate booking' }).expect(200);
    const timeline = await history(rsvpId);
    expect(timeline.map((entry) => [entry.action, entry.actor.kind, entry.reason])).toEqual([
      ['rsvp.paid', 'payment provider', null],
      ['rsvp.refunded', 'staff', 'Duplicate booking'],
    ]);
    // A second refund is refused: nothing more recorded.
    await api.request.post(`/api/rsvps/${rsvpId}/refund`).set(api.bearer('admin')).expect(409);
    expect(await history(rsvpId)).toHaveLength(2);
  });

  it("the attendee's own cancel of a paid ticket: Cancelled by the attendee, then Refunded by the payment provider (its webhook)", async () => {
    const event = await createPaidEvent(api, { refundUntilHoursBefore: 48 });
    const email = 'self.refund@example.org';
    await payForTicket(api, event.id, { name: 'Self Refund', email });
    const { rsvpId, key } = await manageLinkIn(api, email);
    await api.request.post(`/api/rsvps/${rsvpId}/cancel`).send({ key }).expect(200);
    await api.services.refunds.whenIdle();
    await expect.poll(async () => (await history(rsvpId)).map((entry) => [entry.action, entry.actor.kind])).toEqual([
      ['rsvp.paid', 'payment provider'],
      ['rsvp.cancelled', 'attendee'],
      ['rsvp.refunded', 'payment provider'],
    ]);
  });

  it('an unpaid hold that lapsed: Cancelled by the system', async () => {
    const event = await createPaidEvent(api);
    api.clock.set('2026-11-21T12:00:00.000Z');
    const { rsvpId } = await openPayment(api, event.id, { name: 'Late Payer', email: 'late@example.org' });
    api.clock.set('2026-11-21T12:31:00.000Z');
    await api.services.payments.releaseExpiredHolds();
    api.clock.set('2026-11-21T12:00:00.000Z');
    expect(await history(rsvpId)).toMatchObject([{ action: 'rsvp.cancelled', actor: { kind: 'system' }, reason: 'Payment hold expired' }]);
  });

  it('theme, sponsor and role changes are recorded with what changed', async () => {
    const theme = (await api.request.get('/api/theme')).body.theme;
    await api.request.put('/api/theme').set(api.bearer('admin')).send({ ...theme, siteName: 'Audited Site' }).expect(200);
    const [themeEntry] = await entries({ action: 'theme.updated' });
    expect(themeEntry.changes).toEqual([{ field: 'siteName', before: theme.siteName, after: 'Audited Site' }]);

    const removed = await api.request.post('/api/admin/remove').set(api.bearer('admin')).send({ email: api.users.staff.email });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const [roleEntry] = await entries({ action: 'role.removed' });
    expect(roleEntry).toMatchObject({ actor: staffOf('admin'), target: { type: 'admin', id: api.users.staff.email }, changes: [{ field: 'role', before: 'staff', after: null }] });
    await api.request.post('/api/admin/invite').set(api.bearer('admin')).send({ email: api.users.staff.email, role: 'staff' }).expect(201);
    const [invited] = await entries({ action: 'invitation.sent' });
    expect(invited).toMatchObject({ target: { type: 'invitation', label: api.users.staff.email }, changes: [{ field: 'role', before: null, after: 'staff' }] });
    const { grantRole } = await import('../../src/admins/roles.js');
    await grantRole(api.deps.store, { email: api.users.staff.email, role: 'staff', addedBy: 'test', now: api.clock.now() });
  });
});

describe('what the log records (content and seats)', () => {
  it('a sponsor added, renamed and removed; an e-mail template saved and reset', async () => {
    const logo = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 30, g: 110, b: 70, alpha: 1 } } }).png().toBuffer();
    const added = await api.request
      .post('/api/sponsors')
      .set(api.bearer('admin'))
      .send({ name: 'Canyon Coffee', imageData: logo.toString('base64'), fileName: 'logo.png', mimeType: 'image/png' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.sponsor.id;
    await api.request.put(`/api/sponsors/${id}`).set(api.bearer('admin')).send({ name: 'Canyon Tea' }).expect(200);
    await api.request.delete(`/api/sponsors/${id}`).set(api.bearer('admin')).expect(200);
    await api.request.delete(`/api/sponsors/${id}`).set(api.bearer('admin')).expect(404);
    const sponsorLog = (await entries()).filter((entry) => entry.target.id === id);
    expect(sponsorLog.map((entry) => [entry.action, entry.target.label, entry.changes])).toEqual([
      ['sponsor.removed', 'Canyon Tea', []],
      ['sponsor.updated', 'Canyon Coffee', [{ field: 'name', before: 'Canyon Coffee', after: 'Canyon Tea' }]],
      ['sponsor.added', 'Canyon Coffee', []],
    ]);

    const draft = { subjectTemplate: 'Ticket for {{rsvp.name}}', htmlTemplate: '<h1>{{event.title}}</h1>\n<p>{{rsvp.name}} &middot; {{ticket.id}}</p>\n<img src="cid:ticket-qr">' };
    const defaults = (await api.request.get('/api/email-templates').set(api.bearer('admin'))).body.defaults.ticket;
    await api.request.put('/api/email-templates/ticket').set(api.bearer('admin')).send(draft).expect(200);
    await api.request.put('/api/email-templates/ticket').set(api.bearer('admin')).send(draft).expect(200);
    await api.request.delete('/api/email-templates/ticket').set(api.bearer('admin')).expect(200);
    const templateLog = await entries({ action: 'emailTemplate.updated' });
    expect(templateLog.map((entry) => [entry.target.id, entry.reason, entry.changes.map((change) => change.field)])).toEqual([
      ['ticket', 'Reset to the default', ['htmlTemplate', 'subjectTemplate']],
      ['ticket', null, ['htmlTemplate', 'subjectTemplate']],
    ]);
    expect(templateLog[1].changes[1]).toEqual({ field: 'subjectTemplate', before: defaults.subjectTemplate, after: draft.subjectTemplate });
  });

  it('a transfer on both tickets; a whole event cancelled by an admin, each ticket with it', async () => {
    const event = await createTestEvent(api);
    const email = 'giver@example.org';
    await register(event.id, { name: 'Gina Giver', email });
    const { rsvpId, key } = await manageLinkIn(api, email);
    await api.request.post(`/api/rsvps/${rsvpId}/transfer`).send({ key, name: 'Tom Taker', email: 'taker@example.org' }).expect(200);
    const [given] = (await entries({ eventId: event.id, action: 'rsvp.transferred' })).filter((entry) => entry.target.id !== rsvpId);
    expect(given).toMatchObject({ actor: { kind: 'attendee' }, target: { label: 'Tom Taker' } });
    expect(given.changes[0]).toEqual({ field: 'holder', before: `Gina Giver <${email}>`, after: 'Tom Taker <taker@example.org>' });
    expect((await history(rsvpId)).map((entry) => entry.action)).toEqual(['rsvp.registered', 'rsvp.transferred']);

    await api.request.post(`/api/events/${event.id}/cancel`).set(api.bearer('admin')).expect(200);
    expect((await history(given.target.id)).at(-1)).toMatchObject({ action: 'rsvp.cancelled', actor: staffOf('admin'), reason: 'Event cancelled' });
    expect((await entries({ eventId: event.id, action: 'event.cancelled' })).map((entry) => entry.actor)).toEqual([staffOf('admin')]);
  });
});

describe('GET /audit', () => {
  it('pages newest first with a cursor, each entry once', async () => {
    const event = await createTestEvent(api, { title: 'Paged' });
    for (let i = 1; i <= 4; i += 1) await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ title: `Paged ${i}` }).expect(200);
    const all = await entries({ eventId: event.id });
    expect(all.map((entry) => entry.changes[0]?.after ?? entry.action)).toEqual(['Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'event.created']);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await api.request
        .get('/api/audit')
        .query({ eventId: event.id, limit: '2', ...(cursor ? { cursor } : {}) })
        .set(api.bearer('admin'))
        .expect(200);
      expect(response.body.entries.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.entries.map((entry: AuditEntry) => entry.id));
      cursor = response.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.map((entry) => entry.id));
  });

  it('filters by actor (an e-mail or a kind), action and dates', async () => {
    const event = await createTestEvent(api, { title: 'Filtered' });
    api.clock.set('2026-11-25T10:00:00.000Z');
    await register(event.id, { name: 'Filter Person', email: 'filter@example.org' });
    api.clock.set('2026-11-21T12:00:00.000Z');
    const byAdmin = await entries({ eventId: event.id, actor: api.users.admin.email.toUpperCase() });
    expect(byAdmin.map((entry) => entry.action)).toEqual(['event.created']);
    expect((await entries({ eventId: event.id, actor: 'attendee' })).map((entry) => entry.action)).toEqual(['rsvp.registered']);
    expect((await entries({ eventId: event.id, actor: 'staff' })).map((entry) => entry.action)).toEqual(['event.created']);
    expect((await entries({ eventId: event.id, action: 'rsvp.registered' })).map((entry) => entry.actor.kind)).toEqual(['attendee']);
    expect((await entries({ eventId: event.id, from: '2026-11-25', to: '2026-11-25' })).map((entry) => entry.action)).toEqual(['rsvp.registered']);
    expect((await entries({ eventId: event.id, to: '2026-11-24' })).map((entry) => entry.action)).toEqual(['event.created']);
    expect(await entries({ eventId: event.id, from: '2026-11-26' })).toEqual([]);
    expect((await entries({ actor: 'attendee', action: 'rsvp.registered', from: '2026-11-25', to: '2026-11-25' })).map((entry) => entry.target.label)).toEqual([
      'Filter Person',
    ]);
  });

  it('refuses what it cannot read, and answers admins only', async () => {
    const bad = async (query: Record<string, string>, field: string, message: string) => {
      const response = await api.request.get('/api/audit').query(query).set(api.bearer('admin'));
      expect(response.status).toBe(400);
      expect(response.body.errors[field]).toBe(message);
    };
    await bad({ action: 'rsvp.deleted' }, 'action', AUDIT_MESSAGES.actionInvalid);
    await bad({ from: '25/11/2026' }, 'from', AUDIT_MESSAGES.dateInvalid);
    await bad({ from: '2026-11-26', to: '2026-11-25' }, 'from', AUDIT_MESSAGES.rangeInvalid);
    await bad({ limit: '0' }, 'limit', AUDIT_MESSAGES.limitInvalid);
    await bad({ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor', AUDIT_MESSAGES.cursorInvalid);
    await api.request.get('/api/audit').set(api.bearer('staff')).expect(403);
    await api.request.get('/api/audit').expect(401);
    await api.request.get('/api/audit.csv').set(api.bearer('staff')).expect(403);
  });

  it('has no way to change or delete an entry', async () => {
    const [entry] = await entries();
    for (const method of ['put', 'patch', 'delete', 'post'] as const) {
      for (const path of ['/api/audit', `/api/audit/${entry.id}`]) {
        const response = await api.request[method](path).set(api.bearer('admin')).send({ reason: 'tampered' });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
    expect((await entries()).find((found) => found.id === entry.id)).toEqual(entry);
  });
});

describe('GET /audit.csv', () => {
  it('exports the filtered entries with formula triggers neutralised', async () => {
    const event = await createTestEvent(api, { title: '=HYPERLINK("http://x")' });
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ location: '@Kolob' }).expect(200);
    const response = await api.request.get('/api/audit.csv').query({ eventId: event.id }).set(api.bearer('admin'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = response.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"When","Actor","Role","Action","Target","Target ID","Event ID","Changes","Reason","Door","Scanned at","Synced at"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${api.users.admin.email}","admin","Event edited","'=HYPERLINK(""http://x"")","${event.id}","${event.id}","location: Kolob -> @Kolob"`);
    expect(lines[2]).toContain('"Event created"');
  });
});

describe('the log is written only through audit/repository.ts', () => {
  it('no other module names the collection, and the repository has no update or delete', () => {
    const root = fileURLToPath(new URL('../../src/', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
      });
    const naming = files(root).filter((path) => /AUDIT_LOG|'auditLog'/.test(readFileSync(path, 'utf8')));
    expect(naming.map((path) => path.slice(root.length))).toEqual(['audit/repository.ts']);
    const repository = readFileSync(join(root, 'audit/repository.ts'), 'utf8');
    expect(repository).not.toMatch(/\.(update|delete|set)\(/);
  });
});
