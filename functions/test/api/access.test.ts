import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { grantRole, ADMINS } from '../../src/admins/roles.js';
import { createTestApi, signInAs, uniqueEmail, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** Every protected call of this issue, with the least role that may make it. */
const PROTECTED: { method: 'get' | 'post' | 'put' | 'patch'; path: string; role: 'admin' | 'staff' }[] = [
  { method: 'put', path: '/theme', role: 'admin' },
  { method: 'post', path: '/events', role: 'admin' },
  { method: 'put', path: '/events/some-id', role: 'admin' },
  { method: 'patch', path: '/events/some-id/archive', role: 'admin' },
  { method: 'patch', path: '/events/some-id/unarchive', role: 'admin' },
  { method: 'patch', path: '/events/some-id/toggle-tickets', role: 'admin' },
  { method: 'get', path: '/session', role: 'staff' },
  { method: 'post', path: '/rsvps/some-id/refund', role: 'admin' },
  { method: 'get', path: '/events/some-id/rsvps.csv', role: 'admin' },
  { method: 'get', path: '/events/stats', role: 'admin' },
  { method: 'post', path: '/upload', role: 'admin' },
  // Issue 30: the organiser's overview.
  { method: 'get', path: '/overview', role: 'admin' },
  { method: 'get', path: '/events/some-id/overview', role: 'admin' },
];

describe.each(PROTECTED)('$method $path', ({ method, path, role }) => {
  for (const prefix of ['', '/api']) {
    it(`${prefix || '(function URL)'}: 401 without a token or with a bad one`, async () => {
      for (const headers of [{}, { Authorization: 'Bearer forged.token.value' }, { Authorization: 'Basic abc' }]) {
        const response = await api.request[method](`${prefix}${path}`).set(headers).send({});
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ success: false, code: 'AUTH_REQUIRED', message: MESSAGES.authRequired });
      }
    });
  }

  it('403 for a signed-in account without the role', async () => {
    const response = await api.request[method](`/api${path}`).set(api.bearer('outsider')).send({});
    expect(response.status).toBe(403);
    expect(response.body.success).toBe(false);
  });

  if (role === 'admin') {
    it('403 for staff', async () => {
      const response = await api.request[method](`/api${path}`).set(api.bearer('staff')).send({});
      expect(response.status).toBe(403);
    });
  }
});

describe('roles', () => {
  it('GET /session tells the role', async () => {
    const admin = await api.request.get('/api/session').set(api.bearer('admin'));
    expect(admin.body).toEqual({ success: true, email: api.users.admin.email, role: 'admin' });
    const staff = await api.request.get('/api/session').set(api.bearer('staff'));
    expect(staff.body.role).toBe('staff');
  });

  it('an unverified e-mail does not pass on an e-mail-keyed role unless bound to that account', async () => {
    const email = uniqueEmail('unverified');
    const { token, uid } = await signInAs(email, { emailVerified: false });
    await grantRole(api.deps.store, { email, role: 'admin', addedBy: 'test', now: new Date() });
    const refused = await api.request.get('/api/session').set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.emailNotVerified);
    await grantRole(api.deps.store, { email, role: 'admin', addedBy: 'test', uid, now: new Date() });
    const bound = await api.request.get('/api/session').set('Authorization', `Bearer ${token}`);
    expect(bound.status).toBe(200);
  });

  it('a removed admin is refused', async () => {
    const email = uniqueEmail('removed');
    const { token } = await signInAs(email);
    await api.deps.store.set(ADMINS, email, { email, role: 'admin', status: 'Removed', addedDate: '', addedBy: 'test' });
    expect((await api.request.get('/api/session').set('Authorization', `Bearer ${token}`)).status).toBe(403);
  });
});

describe('HTTP edges', () => {
  it('unknown routes answer 404 JSON', async () => {
    const response = await api.request.get('/api/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
  });

  it('malformed JSON is a 400, not a crash', async () => {
    const response = await api.request.post('/api/events').set(api.bearer('admin')).set('Content-Type', 'application/json').send('{"title":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, code: 'BODY_NOT_JSON', message: 'Request body is not valid JSON' });
  });

  it('an oversized body is a 413', async () => {
    const response = await api.request
      .put('/api/theme')
      .set(api.bearer('admin'))
      .send({ customCSS: 'x'.repeat(200_000) });
    expect(response.status).toBe(413);
  });
});
