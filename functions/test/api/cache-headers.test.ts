import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../src/http/cache.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

/*
 * Issue 13 item 2: the public reads carry a short public cache header the hosting CDN can use
 * (browsers revalidate, the CDN keeps 30 s); anything authenticated or failed is never kept.
 */

let api: TestApi;
let eventId: string;
beforeAll(async () => {
  api = await createTestApi();
  eventId = (await createTestEvent(api, { customUrl: 'star-night' })).id;
});
afterAll(() => api.close());

const publicReads = () => ['/api/theme', '/api/events', '/api/events?limit=12', `/api/events/${eventId}`, '/api/events/star-night', '/api/sponsors', '/theme', '/events'];

describe('Cache-Control on the public reads', () => {
  it('says public, max-age=0, s-maxage=30 to a visitor', async () => {
    expect(PUBLIC_CACHE_CONTROL).toBe('public, max-age=0, s-maxage=30');
    for (const path of publicReads()) {
      const response = await api.request.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe(PUBLIC_CACHE_CONTROL);
    }
  });

  it('says private, no-store to any request with an Authorization header, signed in or not', async () => {
    for (const path of publicReads()) {
      for (const headers of [api.bearer('admin'), api.bearer('outsider'), { Authorization: 'Bearer not-a-token' }]) {
        const response = await api.request.get(path).set(headers);
        expect(response.headers['cache-control'], `${path} ${headers.Authorization.slice(0, 12)}`).toBe(PRIVATE_CACHE_CONTROL);
      }
    }
  });

  it('says private, no-store on an error (an unknown event, a bad query) and on replies that name no policy', async () => {
    for (const path of ['/api/events/no-such-event', '/api/events/admin', '/api/events?limit=0', '/api/events?active=maybe', '/api/no-such-route', '/api/payments/config']) {
      const response = await api.request.get(path);
      expect(response.headers['cache-control'], path).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it('a save is seen by the next read straight from the API (the 30 s are the CDN only)', async () => {
    const before = await api.request.get('/api/theme');
    const saved = await api.request.put('/api/theme').set(api.bearer('admin')).send({ ...before.body.theme, siteName: 'Fresh Name' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect((await api.request.get('/api/theme')).body.theme.siteName).toBe('Fresh Name');
  });
});

/*
 * Issue 23 item 11: a missing /assets file was answered 404 with the assets' year-long immutable
 * header. Hosting sends a path under /assets/ that is no file of the build to this function
 * (firebase.json's rewrites; static files win over rewrites), and only the build's own files get
 * the immutable header (scripts/lib/hosting-config.mjs), so this reply's header is the one kept.
 */
describe('Cache-Control on a missing /assets file', () => {
  it.each(['/assets/missing-abc123.js', '/assets/index-Dm5icakH.css', '/assets/nested/missing.js'])('%s: 404, kept by no browser, proxy or CDN', async (path) => {
    for (const method of ['get', 'head'] as const) {
      const response = await api.request[method](path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers['cache-control'], `${method} ${path}`).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers['cache-control']).toContain('no-store');
    }
  });
});
