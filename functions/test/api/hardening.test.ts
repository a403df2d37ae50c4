import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/admins/roles.js';
import { DEPLOYED_CLIENT_ADDRESS } from '../../src/http/client-address.js';
import { RATE_COUNTERS } from '../../src/http/rate-limit.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { PERSON_NAME_MESSAGES } from '../../src/shared/person-name-model.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { createTestApi, createTestEvent, signInAs, uniqueEmail, type TestApi } from '../support/api.js';

// Issue 12: the public-write limit is keyed on what the trusted proxy saw and
// shared across instances; a signed-in visitor reads what visitors read; a role
// bound to an account is that account's alone.

describe('the public-write limit', () => {
  let first: TestApi;
  let second: TestApi;
  beforeAll(async () => {
    first = await createTestApi({ publicWritesPerMinute: 3, clientAddress: DEPLOYED_CLIENT_ADDRESS });
    // A second instance of the API on the same store, as a second process or function instance would be.
    second = await createTestApi({ publicWritesPerMinute: 3, clientAddress: DEPLOYED_CLIENT_ADDRESS, sharedStoreOf: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const contact = (api: TestApi, forwardedFor: string) => api.request.post('/api/contact').set('X-Forwarded-For', forwardedFor).send({});

  it('is not dodged by forging the forwarding header', async () => {
    first.clock.set('2026-11-21T12:00:00.000Z');
    second.clock.set('2026-11-21T12:00:00.000Z');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await contact(first, `10.9.9.${i}, 203.0.113.7, 66.249.66.1`)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const refused = await contact(first, 'another-forgery, 203.0.113.7, 66.249.66.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await contact(first, '198.51.100.20, 66.249.66.1')).status).toBe(400);
  });

  it('is one count across instances, and a new minute starts afresh', async () => {
    first.clock.set('2026-11-21T12:05:00.000Z');
    second.clock.set('2026-11-21T12:05:00.000Z');
    const client = '192.0.2.44, 66.249.66.1';
    const statuses = [
      (await contact(first, client)).status,
      (await contact(second, client)).status,
      (await contact(first, client)).status,
      (await contact(second, client)).status,
    ];
    expect(statuses).toEqual([400, 400, 400, 429]);
    first.clock.set('2026-11-21T12:06:00.000Z');
    second.clock.set('2026-11-21T12:06:00.000Z');
    expect((await contact(second, client)).status).toBe(400);
  });

  it('keeps no client address in the store', async () => {
    const counters = await first.deps.store.query(RATE_COUNTERS);
    expect(counters.length).toBeGreaterThan(0);
    expect(JSON.stringify(counters)).not.toMatch(/192\.0\.2\.44|203\.0\.113\.7/);
  });
});

describe('signed-in visitors and bound roles', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('a signed-in account without a role reads public events as a visitor, not refused', async () => {
    const event = await createTestEvent(api, { title: 'Visitor view' });
    const anonymous = await api.request.get(`/api/events/${event.id}`);
    const signedIn = await api.request.get(`/api/events/${event.id}`).set(api.bearer('outsider'));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual(anonymous.body);
    const list = await api.request.get('/api/events').set(api.bearer('outsider'));
    expect(list.status).toBe(200);
    expect(list.body).toEqual((await api.request.get('/api/events')).body);
  });

  it('the contact form refuses a name carrying a web address, and queues nothing', async () => {
    const before = (await api.deps.store.query(MAIL_JOBS)).length;
    const response = await api.request
      .post('/api/contact')
      .send({ name: 'Claim your prize at www.evil.example', email: uniqueEmail('victim'), message: 'Hello' });
    expect(response.status).toBe(400);
    expect(response.body.errors.name).toBe(PERSON_NAME_MESSAGES.webAddress);
    expect((await api.deps.store.query(MAIL_JOBS)).length).toBe(before);
  });

  it('a forged token on a public read still answers 401', async () => {
    const response = await api.request.get('/api/events').set('Authorization', 'Bearer forged.token.value');
    expect(response.status).toBe(401);
  });

  it('a role bound to one account is not honoured for another account with the same e-mail', async () => {
    const email = uniqueEmail('rebound');
    const { token, uid } = await signInAs(email);
    await grantRole(api.deps.store, { email, role: 'admin', addedBy: 'test', uid: 'the-original-account', now: new Date() });
    const refused = await api.request.get('/api/session').set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(403);
    await grantRole(api.deps.store, { email, role: 'admin', addedBy: 'test', uid, now: new Date() });
    expect((await api.request.get('/api/session').set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });
});
