import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RSVPS } from '../../src/rsvps/repository.js';
import { MAILCHIMP_JOBS } from '../../src/outbox/mailchimp-jobs.js';
import { OFFLINE_AUDIENCE_MEMBERS, type OfflineMemberStatus } from '../../src/mailchimp/offline.js';
import { subscriberHash } from '../../src/mailchimp/port.js';
import { MAILCHIMP_MESSAGES } from '../../src/shared/mailchimp-model.js';
import { OFFLINE_TEST_CARDS } from '../../src/shared/payments-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

/*
 * Mailchimp through the whole API (issue 11), on the offline demo audiences: the audience
 * list, the dashboard's sync (consent, tags, failures, repeat), the automatic sync of a new
 * registration and of a cancellation, and the answers without a configured key.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Member = { email: string; status: string; firstName: string; lastName: string; tags: string[]; updatedAt: string };

async function membersOf(audienceId: string): Promise<Member[]> {
  const page = await api.request.get('/api/audiences?format=json');
  expect(page.status).toBe(200);
  const audience = page.body.audiences.find((item: { id: string }) => item.id === audienceId);
  return audience.members;
}

async function register(eventId: string, body: Record<string, unknown>) {
  const response = await api.request.post(`/api/events/${eventId}/rsvp`).send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.rsvpId as string;
}

describe('GET /mailchimp/audiences', () => {
  it('admins get the audiences (id, name, memberCount); others are refused', async () => {
    expect((await api.request.get('/api/mailchimp/audiences')).status).toBe(401);
    expect((await api.request.get('/api/mailchimp/audiences').set(api.bearer('staff'))).status).toBe(403);
    const reply = await api.request.get('/api/mailchimp/audiences').set(api.bearer('admin'));
    expect(reply.status).toBe(200);
    expect(reply.body.audiences).toEqual([
      { id: 'demo-newsletter', name: 'Canyon Newsletter (demo)', memberCount: 0 },
      { id: 'demo-volunteers', name: 'Zion Volunteers (demo)', memberCount: 0 },
    ]);
  });
});

describe('POST /events/{id}/sync-mailchimp', () => {
  it('upserts every confirmed attendee with consent, names and tags; a rejected member is reported; repeating changes nothing', async () => {
    const event = await createTestEvent(api, { title: 'Bat Night', mailchimpAudienceId: 'demo-newsletter', mailchimpTags: 'bats, night' });
    await register(event.id, { name: 'Ada  Lovelace King', email: 'Ada@Example.org', keepInformed: true });
    await register(event.id, { name: 'Bob', email: 'bob@example.org' });
    await register(event.id, { name: 'Zed Fake', email: 'zed@nowhere.invalid', keepInformed: true });
    const cancelled = await register(event.id, { name: 'Cara Gone', email: 'cara@example.org', keepInformed: true });
    expect((await api.request.delete(`/api/rsvps/${cancelled}`).set(api.bearer('admin'))).status).toBe(200);
    await api.services.mailchimp.whenIdle();

    const sync = () => api.request.post(`/api/events/${event.id}/sync-mailchimp`).set(api.bearer('admin')).send({ audienceId: 'demo-volunteers' });
    const first = await sync();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: '2 synced, 1 failed',
      results: { success: 2, failed: [{ email: 'zed@nowhere.invalid', reason: 'zed@nowhere.invalid looks fake or invalid, please enter a real email address.' }] },
    });
    const members = await membersOf('demo-volunteers');
    expect(members.map((m) => [m.email, m.status, m.firstName, m.lastName, m.tags]).sort()).toEqual([
      ['ada@example.org', 'pending', 'Ada', 'Lovelace King', ['bats', 'night', 'Bat Night']],
      ['bob@example.org', 'transactional', 'Bob', '', ['bats', 'night', 'Bat Night']],
    ]);
    const audiences = await api.request.get('/api/mailchimp/audiences').set(api.bearer('admin'));
    // member_count counts subscribed members only: a pending one has not confirmed yet.
    expect(audiences.body.audiences.find((a: { id: string }) => a.id === 'demo-volunteers').memberCount).toBe(0);

    // Later, the same sync again: the same answer, and not one stored member changed.
    api.clock.set('2026-11-21T13:00:00.000Z');
    const again = await sync();
    expect(again.body).toEqual(first.body);
    expect(await membersOf('demo-volunteers')).toEqual(members);
    api.clock.set('2026-11-21T12:00:00.000Z');
  });

  it('refuses a missing audience (400), an unknown audience or event (404), and non-admins', async () => {
    const event = await createTestEvent(api, { title: 'Refusals' });
    const post = (id: string, body: unknown, who: 'admin' | 'staff' = 'admin') =>
      api.request.post(`/api/events/${id}/sync-mailchimp`).set(api.bearer(who)).send(body as object);
    const missing = await post(event.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'INVALID_INPUT', message: MAILCHIMP_MESSAGES.audienceRequired, errors: { audienceId: MAILCHIMP_MESSAGES.audienceRequired } });
    expect((await post(event.id, { audienceId: '   ' })).status).toBe(400);
    expect((await post(event.id, { audienceId: 42 })).status).toBe(400);
    const unknownAudience = await post(event.id, { audienceId: 'no-such-list' });
    expect(unknownAudience.status).toBe(404);
    expect(unknownAudience.body).toMatchObject({ code: 'MAILCHIMP_AUDIENCE_NOT_FOUND', message: MAILCHIMP_MESSAGES.audienceNotFound });
    const unknownEvent = await post('no-such-event', { audienceId: 'demo-volunteers' });
    expect(unknownEvent.status).toBe(404);
    expect(unknownEvent.body.code).toBe('EVENT_NOT_FOUND');
    expect((await post(event.id, { audienceId: 'demo-volunteers' }, 'staff')).status).toBe(403);
    expect((await api.request.post(`/api/events/${event.id}/sync-mailchimp`).send({ audienceId: 'demo-volunteers' })).status).toBe(401);
  });
});

describe('consent and the automatic sync', () => {
  it('a new registration of an event with an audience is synced on its own, with its consent', async () => {
    const event = await createTestEvent(api, { title: 'Condor Watch', mailchimpAudienceId: 'demo-volunteers', mailchimpTags: ['condors'] });
    const ticked = await register(event.id, { name: 'Tess Tick', email: 'tess@example.org', keepInformed: true });
    const unticked = await register(event.id, { name: 'Uma Untick', email: 'uma@example.org' });
    await api.services.mailchimp.whenIdle();
    expect((await api.deps.store.get(RSVPS, ticked))?.data.keepInformed).toBe(true);
    expect((await api.deps.store.get(RSVPS, unticked))?.data.keepInformed).toBe(false);
    const members = await membersOf('demo-volunteers');
    expect(members.find((m) => m.email === 'tess@example.org')).toMatchObject({ status: 'pending', tags: ['condors', 'Condor Watch'] });
    expect(members.find((m) => m.email === 'uma@example.org')).toMatchObject({ status: 'transactional', tags: ['condors', 'Condor Watch'] });
    const jobs = await api.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', ticked]] });
    expect(jobs.map((job) => [job.data.change, job.data.status, job.data.audienceId])).toEqual([['registered', 'synced', 'demo-volunteers']]);
  });

  it('a cancelled RSVP is tagged cancelled, never deleted', async () => {
    const event = await createTestEvent(api, { title: 'Frog Count', mailchimpAudienceId: 'demo-volunteers' });
    const rsvpId = await register(event.id, { name: 'Fay Frog', email: 'fay@example.org', keepInformed: true });
    await api.services.mailchimp.whenIdle();
    expect((await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin'))).status).toBe(200);
    await api.services.mailchimp.whenIdle();
    const member = (await membersOf('demo-volunteers')).find((m) => m.email === 'fay@example.org');
    expect(member).toMatchObject({ status: 'pending', tags: ['Frog Count', 'cancelled'] });
  });

  it('consent is only recorded where the box is offered; a non-boolean is refused', async () => {
    const plain = await createTestEvent(api, { title: 'No List' });
    const rsvpId = await register(plain.id, { name: 'Nia None', email: 'nia@example.org', keepInformed: true });
    expect((await api.deps.store.get(RSVPS, rsvpId))?.data.keepInformed).toBe(false);
    expect(await api.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', rsvpId]] })).toEqual([]);
    const refused = await api.request.post(`/api/events/${plain.id}/rsvp`).send({ name: 'Odd', email: 'odd@example.org', keepInformed: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ keepInformed: 'keepInformed must be true or false' });
  });

  it('visitors learn only whether the event offers the box, never its audience', async () => {
    const listed = await createTestEvent(api, { title: 'Listed', mailchimpAudienceId: 'demo-volunteers' });
    const unlisted = await createTestEvent(api, { title: 'Unlisted' });
    const a = await api.request.get(`/api/events/${listed.id}`);
    const b = await api.request.get(`/api/events/${unlisted.id}`);
    expect(a.body.event.mailingList).toBe(true);
    expect(b.body.event.mailingList).toBe(false);
    expect(JSON.stringify(a.body)).not.toContain('demo-volunteers');
  });
});

describe('double opt-in (issue 23 item 4)', () => {
  /** A member already in the demo audience, as Mailchimp would hold them. */
  async function existingMember(audienceId: string, email: string, status: OfflineMemberStatus) {
    const hash = subscriberHash(email);
    const at = '2026-01-02T03:04:05.000Z';
    const member = { audienceId, email, hash, status, firstName: 'Old', lastName: 'Name', tags: ['earlier'], createdAt: at, updatedAt: at };
    await api.deps.store.set(OFFLINE_AUDIENCE_MEMBERS, `${audienceId}_${hash}`, member);
    return member;
  }

  it("a stranger ticking the box for someone else's address makes them pending, never subscribed; the sync of the event does the same", async () => {
    const event = await createTestEvent(api, { title: 'Lizard Walk', mailchimpAudienceId: 'demo-newsletter' });
    await register(event.id, { name: 'Not Victor', email: 'victor@example.org', keepInformed: true });
    await api.services.mailchimp.whenIdle();
    expect((await membersOf('demo-newsletter')).find((m) => m.email === 'victor@example.org')).toMatchObject({ status: 'pending' });
    const sync = await api.request.post(`/api/events/${event.id}/sync-mailchimp`).set(api.bearer('admin')).send({ audienceId: 'demo-volunteers' });
    expect(sync.status).toBe(200);
    expect((await membersOf('demo-volunteers')).find((m) => m.email === 'victor@example.org')).toMatchObject({ status: 'pending' });
    const audiences = (await api.request.get('/api/mailchimp/audiences').set(api.bearer('admin'))).body.audiences as { id: string; memberCount: number }[];
    expect(audiences.every((audience) => audience.memberCount === 0), JSON.stringify(audiences)).toBe(true);
  });

  it.each(['unsubscribed', 'cleaned', 'transactional', 'subscribed', 'pending'] as const)(
    'an existing %s member who ticks the box keeps that status, by the automatic sync and by the dashboard sync; only tags are added',
    async (status) => {
      const email = `kept-${status}@example.org`;
      const before = await existingMember('demo-newsletter', email, status);
      const event = await createTestEvent(api, { title: `Keep ${status}`, mailchimpAudienceId: 'demo-newsletter' });
      await register(event.id, { name: 'Kim Keep', email, keepInformed: true });
      await api.services.mailchimp.whenIdle();
      const sync = await api.request.post(`/api/events/${event.id}/sync-mailchimp`).set(api.bearer('admin')).send({ audienceId: 'demo-newsletter' });
      expect(sync.body.results).toEqual({ success: 1, failed: [] });
      const after = (await api.deps.store.get(OFFLINE_AUDIENCE_MEMBERS, `demo-newsletter_${before.hash}`))?.data;
      expect(after).toEqual({ ...before, firstName: 'Kim', lastName: 'Keep', tags: ['earlier', `Keep ${status}`], updatedAt: after?.updatedAt });
      expect(after?.status).toBe(status);
    },
  );
});

describe('without a Mailchimp key (production)', () => {
  let bare: TestApi;
  beforeAll(async () => {
    bare = await createTestApi({ audiences: () => undefined });
  });
  afterAll(() => bare.close());

  it('answers 503 with how to configure it, never a 500; registrations go on and their jobs are skipped', async () => {
    const list = await bare.request.get('/api/mailchimp/audiences').set(bare.bearer('admin'));
    expect(list.status).toBe(503);
    expect(list.body).toMatchObject({ success: false, code: 'MAILCHIMP_NOT_CONFIGURED', message: MAILCHIMP_MESSAGES.notConfigured });
    expect(list.body.message).toContain('MAILCHIMP_API_KEY');
    const event = await createTestEvent(bare, { title: 'Keyless', mailchimpAudienceId: 'abc123' });
    const sync = await bare.request.post(`/api/events/${event.id}/sync-mailchimp`).set(bare.bearer('admin')).send({ audienceId: 'abc123' });
    expect(sync.status).toBe(503);
    expect(sync.body.code).toBe('MAILCHIMP_NOT_CONFIGURED');
    const registered = await bare.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Kay', email: 'kay@example.org', keepInformed: true });
    expect(registered.status).toBe(201);
    await bare.services.mailchimp.whenIdle();
    const [job] = await bare.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', registered.body.rsvpId]] });
    expect(job.data).toMatchObject({ status: 'skipped', lastError: MAILCHIMP_MESSAGES.notConfigured });
    expect((await bare.request.get('/api/audiences')).status).toBe(404);
    expect(await bare.deps.store.query(OFFLINE_AUDIENCE_MEMBERS)).toEqual([]);
  });
});

describe('a paid registration', () => {
  it('is synced once paid (its job is written in the payment transaction), with the consent given on the form', async () => {
    const event = await createTestEvent(api, {
      title: 'Condor Dinner',
      mailchimpAudienceId: 'demo-newsletter',
      requiresPayment: true,
      ticketTypes: ['General', 'Member'],
      ticketPrices: { General: 45, Member: 35 },
    });
    const hold = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Paula Payer', email: 'paula@example.org', ticketType: 'Member', keepInformed: true });
    expect(hold.body.requiresPayment).toBe(true);
    // An unpaid hold is not an attendee yet: nothing is queued for it.
    expect(await api.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', hold.body.rsvpId]] })).toEqual([]);
    // The registration form's payment step pays for that very hold (its RSVP id).
    const intent = await api.request
      .post('/api/create-payment-intent')
      .send({ eventId: event.id, amount: 3500, ticketType: 'Member', name: 'Paula Payer', email: 'paula@example.org', rsvpId: hold.body.rsvpId });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body.rsvpId).toBe(hold.body.rsvpId);
    await api.request
      .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.body.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
      .expect(200);
    const jobs = await api.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', hold.body.rsvpId]] });
    expect(jobs.map((job) => job.data.change)).toEqual(['paid']);
    // The payment's commit kicked the worker, which may hold the job right now (a sweep then skips a held job).
    await api.services.mailchimp.whenIdle();
    await api.services.mailchimp.syncDue();
    expect((await membersOf('demo-newsletter')).find((m) => m.email === 'paula@example.org')).toMatchObject({ status: 'pending', tags: ['Condor Dinner'] });
  });

  it('is synced right after the payment commits, not left for the sweep', async () => {
    const { payForTicket } = await import('../support/payments.js');
    const event = await createTestEvent(api, { title: 'Owl Prowl', mailchimpAudienceId: 'demo-volunteers', requiresPayment: true, ticketTypes: ['General', 'Member'], ticketPrices: { General: 45, Member: 35 } });
    const paid = await payForTicket(api, event.id, { name: 'Quick Payer', email: 'quick@example.org' });
    // No syncDue here: the payment kicked the worker after its commit.
    await api.services.mailchimp.whenIdle();
    const [job] = await api.deps.store.query(MAILCHIMP_JOBS, { where: [['rsvpId', '==', paid.rsvpId]] });
    expect(job?.data).toMatchObject({ change: 'paid', status: 'synced' });
    expect((await membersOf('demo-volunteers')).find((m) => m.email === 'quick@example.org')).toMatchObject({ status: 'transactional', tags: ['Owl Prowl'] });
  });
});
