import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { DEFAULT_MAX_REGISTRATIONS_PER_EMAIL, PUBLIC_EVENT_FIELDS } from '../../src/shared/events-model.js';
import { createTestApi, type TestApi } from '../support/api.js';

/*
 * Issue 12 item 7: visitors get an allowlist projection of an event, the fields the
 * public pages read; admins (and staff) keep every field. Issue 12 item 1: the
 * per-e-mail limit is an event field with a default, validated, and kept by updates.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const secretive = {
  title: 'Donor Evening',
  date: '2026-12-20T18:00',
  location: 'Zion Lodge',
  customUrl: 'donor-evening',
  mailchimpAudienceId: 'aud-secret-42',
  mailchimpTags: ['major-donors', 'vip-list'],
  tags: ['gala'],
  maxRegistrationsPerEmail: 3,
};

// maxRegistrationsPerEmail is public since issue 26 item 1: the form offers up to that many tickets (its refusal says the number anyway).
const PRIVATE_FIELDS = ['mailchimpAudienceId', 'mailchimpTags', 'createdAt', 'updatedAt', 'eventStatus', 'rsvpOnlyMode', 'eventType'];

describe('public event replies', () => {
  let id: string;
  beforeAll(async () => {
    const created = await api.request.post('/api/events').set(api.bearer('admin')).send(secretive);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.event.id;
  });

  it('GET /events/{idOrSlug} gives visitors exactly the listed fields: no Mailchimp settings, no timestamps', async () => {
    for (const key of [id, 'donor-evening']) {
      const reply = await api.request.get(`/api/events/${key}`);
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body.event).sort()).toEqual([...PUBLIC_EVENT_FIELDS, 'mailingList'].sort());
      expect(JSON.stringify(reply.body)).not.toMatch(/aud-secret-42|major-donors|vip-list|mailchimp/i);
      expect(reply.body.event).toMatchObject({ id, title: 'Donor Evening', customUrl: 'donor-evening', tags: ['gala'], attendeeCount: 0 });
    }
  });

  it('GET /events lists the same projection for visitors, and for a signed-in user without a role', async () => {
    for (const headers of [{}, api.bearer('outsider')]) {
      const reply = await api.request.get('/api/events').set(headers);
      const listed = reply.body.events.find((event: { id: string }) => event.id === id);
      expect(listed).toBeDefined();
      for (const field of PRIVATE_FIELDS) expect(listed, field).not.toHaveProperty(field);
      expect(JSON.stringify(reply.body)).not.toMatch(/aud-secret-42|major-donors/);
    }
  });

  it('GET /events/tags names the public tags only, never the Mailchimp tags', async () => {
    const reply = await api.request.get('/api/events/tags');
    expect(reply.body.tags).toContain('gala');
    expect(reply.body.tags).not.toContain('major-donors');
  });

  it('admins still see every field, in the list and the event', async () => {
    const one = await api.request.get(`/api/events/${id}`).set(api.bearer('admin'));
    expect(one.body.event).toMatchObject({ mailchimpAudienceId: 'aud-secret-42', mailchimpTags: ['major-donors', 'vip-list'], maxRegistrationsPerEmail: 3 });
    expect(one.body.event.createdAt).toEqual(expect.any(String));
    const list = await api.request.get('/api/events').set(api.bearer('admin'));
    expect(list.body.events.find((event: { id: string }) => event.id === id)).toMatchObject({ mailchimpAudienceId: 'aud-secret-42' });
  });
});

describe('maxRegistrationsPerEmail', () => {
  it('defaults to 4 on create; an event stored before the field existed reads as 4', async () => {
    const created = await api.request.post('/api/events').set(api.bearer('admin')).send({ title: 'Plain', date: '2026-12-21T18:00', location: 'L' });
    expect(created.body.event.maxRegistrationsPerEmail).toBe(DEFAULT_MAX_REGISTRATIONS_PER_EMAIL);
    const id = created.body.event.id;
    await api.deps.store.runTransaction(async (tx) => {
      const doc = (await tx.get(EVENTS, id))!;
      const { maxRegistrationsPerEmail: _dropped, ...older } = doc.data;
      tx.set(EVENTS, id, older);
    });
    expect((await api.request.get(`/api/events/${id}`).set(api.bearer('admin'))).body.event.maxRegistrationsPerEmail).toBe(4);
  });

  it.each([0, 51, 2.5, 'lots', null])('refuses %j with 400 on its field and stores nothing', async (value) => {
    const before = await api.deps.store.query(EVENTS);
    const response = await api.request
      .post('/api/events')
      .set(api.bearer('admin'))
      .send({ title: 'Bad limit', date: '2026-12-21T18:00', location: 'L', maxRegistrationsPerEmail: value });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'INVALID_INPUT',
      errors: { maxRegistrationsPerEmail: 'Registrations per e-mail address must be a whole number from 1 to 50' },
    });
    expect(await api.deps.store.query(EVENTS)).toHaveLength(before.length);
  });

  it('an update of another field keeps it; a bad update is refused and changes nothing', async () => {
    const created = await api.request.post('/api/events').set(api.bearer('admin')).send({ ...secretive, customUrl: 'keep-limit' });
    const id = created.body.event.id;
    await api.request.put(`/api/events/${id}`).set(api.bearer('admin')).send({ title: 'Renamed' }).expect(200);
    const stored = (await api.deps.store.get(EVENTS, id))!.data;
    expect(stored.maxRegistrationsPerEmail).toBe(3);
    const refused = await api.request.put(`/api/events/${id}`).set(api.bearer('admin')).send({ maxRegistrationsPerEmail: 0 });
    expect(refused.status).toBe(400);
    expect((await api.deps.store.get(EVENTS, id))!.data).toEqual(stored);
  });
});
