import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { mailchimpAudiences, serverPrefix } from '../../src/mailchimp/mailchimp.js';
import { AudienceError, subscriberHash, type AudienceMember } from '../../src/mailchimp/port.js';
import { MAILCHIMP_MESSAGES } from '../../src/shared/mailchimp-model.js';
import { useRecordedHttp } from '../support/recorded-http.js';

/*
 * The real Mailchimp adapter against recorded HTTP (nock): Mailchimp's Marketing API v3
 * replies, trimmed. No real account is ever called.
 */

const API_KEY = '0123456789abcdef0123456789abcdef-us21';
const HOST = 'https://us21.api.mailchimp.com';
const AUTH = `Basic ${Buffer.from(`user:${API_KEY}`).toString('base64')}`;

const ada: AudienceMember = { email: 'Ada@Example.org', firstName: 'Ada', lastName: 'Lovelace', statusIfNew: 'pending', tags: ['bats', 'Bat Night'] };
const bob: AudienceMember = { email: 'bob@example.org', firstName: 'Bob', lastName: '', statusIfNew: 'transactional', tags: ['bats', 'Bat Night'] };
const fake: AudienceMember = { email: 'zed@example.com', firstName: 'Zed', lastName: '', statusIfNew: 'pending', tags: ['Bat Night'] };

/** Mailchimp's problem document. */
const problem = (status: number, title: string, detail: string) => ({
  type: 'https://mailchimp.com/developer/marketing/docs/errors/',
  title,
  status,
  detail,
  instance: '7e4f0b2a-0000-4000-8000-000000000000',
});

const sleeps: number[] = [];
const adapter = (options: { retries?: number } = {}) => mailchimpAudiences({ apiKey: API_KEY, sleep: async (ms) => void sleeps.push(ms), ...options });

afterEach(() => {
  sleeps.length = 0;
});
useRecordedHttp({ everyRecordingUsed: (pending) => expect(pending, 'every recorded request was made').toEqual([]) });

describe('Mailchimp adapter (recorded HTTP)', () => {
  it('takes the server prefix from the key; a key without one is refused at start', () => {
    expect(serverPrefix(API_KEY)).toBe('us21');
    expect(serverPrefix('abcdef0123456789-US6')).toBe('us6');
    expect(serverPrefix('abcdef0123456789')).toBeNull();
    expect(() => mailchimpAudiences({ apiKey: 'not-a-key' })).toThrow(/ends with its data centre/);
  });

  it('lists audiences with their member counts, every page, with the key as basic auth', async () => {
    nock(HOST, { reqheaders: { authorization: AUTH } })
      .get('/3.0/lists')
      .query((query) => query.count === '1000' && query.offset === '0' && String(query.fields).includes('lists.stats.member_count'))
      .reply(200, {
        lists: [
          { id: 'f1e2d3c4b5', name: 'Volunteers', stats: { member_count: 1234 } },
          { id: 'a9b8c7d6e5', name: 'Donors', stats: { member_count: 56 } },
        ],
        total_items: 3,
      })
      .get('/3.0/lists')
      .query((query) => query.offset === '2')
      .reply(200, { lists: [{ id: '0a1b2c3d4e', name: 'Board', stats: { member_count: 7 } }], total_items: 3 });
    expect(await adapter().listAudiences()).toEqual([
      { id: '0a1b2c3d4e', name: 'Board', memberCount: 7 },
      { id: 'a9b8c7d6e5', name: 'Donors', memberCount: 56 },
      { id: 'f1e2d3c4b5', name: 'Volunteers', memberCount: 1234 },
    ]);
  });

  it('upserts members in batches by subscriber hash with status_if_new and name fields, then makes their tags active', async () => {
    const bodies: Record<string, unknown>[] = [];
    const tagBodies: Record<string, unknown>[] = [];
    for (const member of [ada, bob]) {
      const hash = subscriberHash(member.email);
      nock(HOST, { reqheaders: { authorization: AUTH } })
        .put(`/3.0/lists/f1e2d3c4b5/members/${hash}`, (body) => bodies.push(body) > 0)
        .query({ skip_merge_validation: 'true' })
        .reply(200, { id: hash, email_address: member.email.toLowerCase(), status: member.statusIfNew })
        .post(`/3.0/lists/f1e2d3c4b5/members/${hash}/tags`, (body) => tagBodies.push(body) > 0)
        .reply(204);
    }
    const outcomes = await adapter().upsertMembers('f1e2d3c4b5', [ada, bob]);
    expect(outcomes).toEqual([
      { email: 'Ada@Example.org', ok: true },
      { email: 'bob@example.org', ok: true },
    ]);
    // The subscriber hash is the MD5 of the lower-cased address, as Mailchimp defines it.
    expect(subscriberHash('Ada@Example.org')).toBe('5bfcf2d8e394674550332640d72db509');
    expect(subscriberHash(' ADA@example.org ')).toBe('5bfcf2d8e394674550332640d72db509');
    expect(bodies).toEqual(
      expect.arrayContaining([
        // Consent makes a new member pending: Mailchimp sends its own confirmation (double opt-in).
        { email_address: 'ada@example.org', status_if_new: 'pending', merge_fields: { FNAME: 'Ada', LNAME: 'Lovelace' } },
        { email_address: 'bob@example.org', status_if_new: 'transactional', merge_fields: { FNAME: 'Bob', LNAME: '' } },
      ]),
    );
    // status_if_new only: an existing member's status (an unsubscribe) is never overwritten.
    for (const body of bodies) expect(body).not.toHaveProperty('status');
    expect(tagBodies).toEqual([
      { tags: [{ name: 'bats', status: 'active' }, { name: 'Bat Night', status: 'active' }], is_syncing: true },
      { tags: [{ name: 'bats', status: 'active' }, { name: 'Bat Night', status: 'active' }], is_syncing: true },
    ]);
  });

  it('an existing unsubscribed member who ticks the box again stays unsubscribed: the upsert carries status_if_new only, never status', async () => {
    const hash = subscriberHash(ada.email);
    const bodies: Record<string, unknown>[] = [];
    // Mailchimp's answer for a member that exists: status_if_new is ignored, the status stays.
    nock(HOST)
      .put(`/3.0/lists/f1e2d3c4b5/members/${hash}`, (body) => bodies.push(body) > 0)
      .query({ skip_merge_validation: 'true' })
      .reply(200, { id: hash, email_address: 'ada@example.org', status: 'unsubscribed', merge_fields: { FNAME: 'Ada', LNAME: 'Lovelace' } })
      .post(`/3.0/lists/f1e2d3c4b5/members/${hash}/tags`)
      .reply(204);
    expect(await adapter().upsertMembers('f1e2d3c4b5', [ada])).toEqual([{ email: 'Ada@Example.org', ok: true }]);
    expect(bodies).toEqual([{ email_address: 'ada@example.org', status_if_new: 'pending', merge_fields: { FNAME: 'Ada', LNAME: 'Lovelace' } }]);
    expect(bodies[0]).not.toHaveProperty('status');
  });

  it('reports a member Mailchimp rejects with its reason, and syncs the others', async () => {
    nock(HOST)
      .put(`/3.0/lists/f1e2d3c4b5/members/${subscriberHash(fake.email)}`)
      .query(true)
      .reply(400, problem(400, 'Invalid Resource', 'zed@example.com looks fake or invalid, please enter a real email address.'))
      .put(`/3.0/lists/f1e2d3c4b5/members/${subscriberHash(bob.email)}`)
      .query(true)
      .reply(200, { status: 'transactional' })
      .post(`/3.0/lists/f1e2d3c4b5/members/${subscriberHash(bob.email)}/tags`)
      .reply(204);
    expect(await adapter().upsertMembers('f1e2d3c4b5', [fake, bob])).toEqual([
      { email: 'zed@example.com', ok: false, reason: 'zed@example.com looks fake or invalid, please enter a real email address.' },
      { email: 'bob@example.org', ok: true },
    ]);
  });

  it('a refused key (401) fails the whole call with the product message, not retried', async () => {
    nock(HOST).get('/3.0/lists').query(true).reply(401, problem(401, 'API Key Invalid', 'Your API key may be invalid, or you\u2019ve attempted to access the wrong datacenter.'));
    const error = await adapter().listAudiences().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AudienceError);
    expect(error).toMatchObject({ code: 'MAILCHIMP_FAILED', message: MAILCHIMP_MESSAGES.keyRefused, kind: 'provider-failed' });
    expect(sleeps).toEqual([]);
    nock(HOST).put(`/3.0/lists/f1e2d3c4b5/members/${subscriberHash(bob.email)}`).query(true).reply(401, problem(401, 'API Key Invalid', 'Invalid key'));
    await expect(adapter().upsertMembers('f1e2d3c4b5', [bob])).rejects.toMatchObject({ code: 'MAILCHIMP_FAILED', message: MAILCHIMP_MESSAGES.keyRefused });
  });

  it('too many requests (429): waits as Retry-After asks and tries again', async () => {
    const hash = subscriberHash(bob.email);
    nock(HOST)
      .put(`/3.0/lists/f1e2d3c4b5/members/${hash}`)
      .query(true)
      .reply(429, problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.'), { 'Retry-After': '2' })
      .put(`/3.0/lists/f1e2d3c4b5/members/${hash}`)
      .query(true)
      .reply(429, problem(429, 'Too Many Requests', 'Slow down.'))
      .put(`/3.0/lists/f1e2d3c4b5/members/${hash}`)
      .query(true)
      .reply(200, { status: 'transactional' })
      .post(`/3.0/lists/f1e2d3c4b5/members/${hash}/tags`)
      .reply(204);
    expect(await adapter().upsertMembers('f1e2d3c4b5', [bob])).toEqual([{ email: 'bob@example.org', ok: true }]);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('429 past the retries fails the call as unavailable (the job retries later); an unknown audience is 404', async () => {
    nock(HOST).get('/3.0/lists').query(true).times(2).reply(429, problem(429, 'Too Many Requests', 'Slow down.'));
    await expect(adapter({ retries: 1 }).listAudiences()).rejects.toMatchObject({ code: 'MAILCHIMP_FAILED', message: MAILCHIMP_MESSAGES.unavailable, retry: true });
    nock(HOST)
      .put(`/3.0/lists/nope/members/${subscriberHash(bob.email)}`)
      .query(true)
      .reply(404, problem(404, 'Resource Not Found', 'The requested resource could not be found.'));
    await expect(adapter().upsertMembers('nope', [bob])).rejects.toMatchObject({ code: 'MAILCHIMP_AUDIENCE_NOT_FOUND', kind: 'not-found', retry: false });
  });
});
