import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPONSOR_MESSAGES } from '../../src/shared/sponsors-model.js';
import { UPLOAD_LIMIT_BYTES } from '../../src/shared/constants.js';
import { UPLOAD_MESSAGES } from '../../src/shared/uploads-model.js';
import { SPONSORS, type StoredSponsor } from '../../src/sponsors/service.js';
import { createTestApi, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** Each case starts from no sponsors. */
beforeEach(async () => {
  for (const doc of await api.deps.store.query(SPONSORS)) await api.deps.store.delete(SPONSORS, doc.id);
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 110, b: 70, alpha: 1 } } })
    .png()
    .toBuffer();

const body = (bytes: Buffer, extra: Record<string, unknown> = {}) => ({
  name: 'Canyon Coffee',
  imageData: bytes.toString('base64'),
  fileName: 'logo.png',
  mimeType: 'image/png',
  ...extra,
});

const add = (payload: Record<string, unknown>, who: 'admin' | 'staff' | null = 'admin') => {
  const request = api.request.post('/api/sponsors');
  return (who ? request.set(api.bearer(who)) : request).send(payload);
};

const stored = async () => {
  const docs = await api.deps.store.query(SPONSORS);
  return new Map(docs.map((doc) => [doc.id, doc.data]));
};

const publicNames = async () => ((await api.request.get('/api/sponsors')).body.sponsors as { name: string }[]).map((s) => s.name);

async function seed(id: string, data: StoredSponsor) {
  await api.deps.store.set(SPONSORS, id, data);
}

function expectRefused(response: { status: number; body: unknown }, status: number, code: string, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ success: false, code, message });
}

describe('POST /sponsors', () => {
  it('adds a sponsor: the logo re-encoded to WebP at the size that fits the strip, stored with name, logo, order and createdAt', async () => {
    const response = await add(body(await png(1200, 400), { name: '  Canyon Coffee  ' }));

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { sponsor } = response.body;
    expect(response.body).toMatchObject({ success: true, message: SPONSOR_MESSAGES.added });
    expect(sponsor).toEqual({ id: expect.any(String), name: 'Canyon Coffee', logo: expect.stringMatching(/^\/api\/files\/uploads\/.+\.webp$/), website: '', createdAt: api.clock.now().toISOString() });
    expect((await stored()).get(sponsor.id)).toEqual({ name: 'Canyon Coffee', logo: sponsor.logo, order: 0, createdAt: api.clock.now().toISOString() });

    // 1200x400 is shown 150x50 in the strip: the 480 px copy covers twice that, the 960 and 1200 px copies are not used.
    const file = await api.request.get(sponsor.logo);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(await sharp(file.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 480, height: 160 });

    expect((await api.request.get('/api/sponsors')).body.sponsors).toEqual([sponsor]);
  });

  it('a logo made at 150x80 keeps its size; a new sponsor goes at the end of the strip', async () => {
    await seed('seeded', { name: 'Seeded', logo: '/seed/sponsor-1.svg', createdAt: '2026-01-01T00:00:00.000Z' });
    const first = await add(body(await png(150, 80), { name: 'Small Logo' }));
    const second = await add(body(await png(300, 160), { name: 'Later' }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await sharp((await api.request.get(first.body.sponsor.logo)).body as Buffer).metadata()).toMatchObject({ width: 150, height: 80 });
    expect(await publicNames()).toEqual(['Seeded', 'Small Logo', 'Later']);
    // The seeded sponsor got its place; nothing else of it changed.
    expect((await stored()).get('seeded')).toEqual({ name: 'Seeded', logo: '/seed/sponsor-1.svg', createdAt: '2026-01-01T00:00:00.000Z', order: 0 });
  });

  it('sponsors added at the same moment each get a place of their own, in the strip once each', async () => {
    const logo = await png(150, 80);
    const replies = await Promise.all(['One', 'Two', 'Three', 'Four'].map((name) => add(body(logo, { name }))));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const orders = [...(await stored()).values()].map((data) => data.order).sort();
    expect(orders).toEqual([0, 1, 2, 3]);
    expect((await publicNames()).sort()).toEqual(['Four', 'One', 'Three', 'Two']);
  });

  it.each([
    ['no name', { name: undefined }, ['name']],
    ['a blank name', { name: '   ' }, ['name']],
    ['no logo', { imageData: undefined }, ['imageData']],
    ['an empty logo', { imageData: '' }, ['imageData']],
    ['neither', { name: '', imageData: '' }, ['name', 'imageData']],
  ])('refuses %s with the spec’s message and stores nothing', async (_label, patch, fields) => {
    const response = await add({ ...body(await png(150, 80)), ...patch });
    expectRefused(response, 400, 'INVALID_INPUT', SPONSOR_MESSAGES.nameAndLogoRequired);
    expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
    expect((await stored()).size).toBe(0);
  });

  it('refuses a name over 200 characters', async () => {
    const response = await add(body(await png(150, 80), { name: 'x'.repeat(201) }));
    expectRefused(response, 400, 'INVALID_INPUT', SPONSOR_MESSAGES.nameTooLong);
    expect((await stored()).size).toBe(0);
  });

  it.each([
    ['an HTML page named .png', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['an SVG with script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['bytes that are not base64', null],
  ])('refuses %s: the upload service’s reason after “Error uploading sponsor logo”, nothing stored', async (_label, bytes) => {
    const response = await add(bytes ? body(bytes) : body(Buffer.alloc(0), { imageData: 'not base64 at all!' }));
    expectRefused(response, 400, 'INVALID_IMAGE', `${SPONSOR_MESSAGES.logoUploadFailed}: ${UPLOAD_MESSAGES.invalidImage}`);
    expect(response.body.errors).toEqual({ imageData: response.body.message });
    expect((await stored()).size).toBe(0);
  });

  it('refuses a 6MB logo with 413 (not 500) and the spec’s message, nothing stored', async () => {
    const big = Buffer.concat([await png(150, 80), randomBytes(6 * 1024 * 1024)]);
    const response = await add(body(big));
    expectRefused(response, 413, 'FILE_TOO_LARGE', `${SPONSOR_MESSAGES.logoUploadFailed}: ${UPLOAD_MESSAGES.fileTooLarge}`);
    expect((await stored()).size).toBe(0);
  });

  it('refuses a logo just over 5MB whose body is within the route’s limit, with 413 too', async () => {
    const over = Buffer.concat([await png(150, 80), randomBytes(UPLOAD_LIMIT_BYTES)]);
    const response = await add(body(over));
    expectRefused(response, 413, 'FILE_TOO_LARGE', `${SPONSOR_MESSAGES.logoUploadFailed}: ${UPLOAD_MESSAGES.fileTooLarge}`);
    expect((await stored()).size).toBe(0);
  });
});

describe('DELETE /sponsors/{id}', () => {
  it('removes that sponsor only; the public list no longer has it', async () => {
    await seed('a', { name: 'Alpha', logo: '/a.webp', order: 0, createdAt: '2026-01-01T00:00:00.000Z' });
    await seed('b', { name: 'Beta', logo: '/b.webp', order: 1, createdAt: '2026-01-02T00:00:00.000Z' });

    const response = await api.request.delete('/api/sponsors/a').set(api.bearer('admin'));

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ success: true, message: SPONSOR_MESSAGES.deleted });
    expect(await publicNames()).toEqual(['Beta']);
    expect((await stored()).get('b')).toEqual({ name: 'Beta', logo: '/b.webp', order: 1, createdAt: '2026-01-02T00:00:00.000Z' });
  });

  it('answers 404 for an unknown id, and for one already deleted', async () => {
    await seed('a', { name: 'Alpha', logo: '/a.webp', createdAt: '2026-01-01T00:00:00.000Z' });
    expectRefused(await api.request.delete('/api/sponsors/nope').set(api.bearer('admin')), 404, 'SPONSOR_NOT_FOUND', SPONSOR_MESSAGES.notFound);
    await api.request.delete('/api/sponsors/a').set(api.bearer('admin')).expect(200);
    expectRefused(await api.request.delete('/api/sponsors/a').set(api.bearer('admin')), 404, 'SPONSOR_NOT_FOUND', SPONSOR_MESSAGES.notFound);
  });
});

describe('PUT /sponsors/order', () => {
  beforeEach(async () => {
    await seed('a', { name: 'Alpha', logo: '/a.webp', createdAt: '2026-01-01T00:00:00.000Z' });
    await seed('b', { name: 'Beta', logo: '/b.webp', createdAt: '2026-01-02T00:00:00.000Z' });
    await seed('c', { name: 'Gamma', logoUrl: '/c.png', createdAt: '2026-01-03T00:00:00.000Z' });
  });

  const reorder = (ids: unknown, who: 'admin' | 'staff' | null = 'admin') => {
    const request = api.request.put('/api/sponsors/order');
    return (who ? request.set(api.bearer(who)) : request).send({ ids });
  };

  it('stores the new order; the public list follows it, and keeps following it after an addition', async () => {
    expect(await publicNames()).toEqual(['Alpha', 'Beta', 'Gamma']);

    const response = await reorder(['c', 'a', 'b']);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: SPONSOR_MESSAGES.reordered });
    expect(response.body.sponsors.map((s: { id: string }) => s.id)).toEqual(['c', 'a', 'b']);
    expect(await publicNames()).toEqual(['Gamma', 'Alpha', 'Beta']);
    const docs = await stored();
    expect(docs.get('c')).toEqual({ name: 'Gamma', logoUrl: '/c.png', createdAt: '2026-01-03T00:00:00.000Z', order: 0 });
    expect([docs.get('a')?.order, docs.get('b')?.order]).toEqual([1, 2]);

    await add(body(await png(150, 80), { name: 'Delta' })).expect(201);
    expect(await publicNames()).toEqual(['Gamma', 'Alpha', 'Beta', 'Delta']);
  });

  it.each([
    ['a sponsor missing', ['c', 'a'], 409, 'SPONSOR_ORDER_MISMATCH', SPONSOR_MESSAGES.orderMismatch],
    ['an unknown sponsor', ['c', 'a', 'zzz'], 409, 'SPONSOR_ORDER_MISMATCH', SPONSOR_MESSAGES.orderMismatch],
    ['one too many', ['c', 'a', 'b', 'zzz'], 409, 'SPONSOR_ORDER_MISMATCH', SPONSOR_MESSAGES.orderMismatch],
    ['a sponsor twice', ['c', 'a', 'a'], 400, 'INVALID_INPUT', SPONSOR_MESSAGES.orderDuplicate],
    ['no list', undefined, 400, 'INVALID_INPUT', SPONSOR_MESSAGES.orderRequired],
    ['not a list', 'c,a,b', 400, 'INVALID_INPUT', SPONSOR_MESSAGES.orderRequired],
    ['a list of numbers', [1, 2, 3], 400, 'INVALID_INPUT', SPONSOR_MESSAGES.orderRequired],
  ])('refuses %s and keeps the order', async (_label, ids, status, code, message) => {
    await reorder(['b', 'c', 'a']).expect(200);
    const before = await stored();

    expectRefused(await reorder(ids), status, code, message);

    expect(await publicNames()).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(await stored()).toEqual(before);
  });
});

describe('GET /sponsors', () => {
  it('gives every sponsor a logo, read from logoUrl where logo is absent (SPEC §3), and only the listed fields', async () => {
    await seed('old', { name: 'Old Friend', logoUrl: 'https://example.org/old.png', createdAt: '2025-01-01T00:00:00.000Z', extra: 'private' } as StoredSponsor);
    const response = await api.request.get('/api/sponsors');
    expect(response.body).toEqual({ success: true, sponsors: [{ id: 'old', name: 'Old Friend', logo: 'https://example.org/old.png', website: '', createdAt: '2025-01-01T00:00:00.000Z' }] });
  });

  it('is kept by the CDN 30 s at most and revalidated by browsers: the landing page shows a new sponsor within 30 s', async () => {
    const response = await api.request.get('/api/sponsors');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  });
});

describe('who may change sponsors', () => {
  beforeEach(async () => {
    await seed('a', { name: 'Alpha', logo: '/a.webp', order: 0, createdAt: '2026-01-01T00:00:00.000Z' });
    await seed('b', { name: 'Beta', logo: '/b.webp', order: 1, createdAt: '2026-01-02T00:00:00.000Z' });
  });

  it.each([
    ['anonymous', null, 401, 'AUTH_REQUIRED'],
    ['staff', 'staff', 403, 'FORBIDDEN'],
  ] as const)('%s is refused every write, and nothing changes', async (_label, who, status, code) => {
    const before = await stored();
    const logo = body(await png(150, 80));
    const attempts = [
      add(logo, who),
      (who ? api.request.put('/api/sponsors/order').set(api.bearer(who)) : api.request.put('/api/sponsors/order')).send({ ids: ['b', 'a'] }),
      who ? api.request.delete('/api/sponsors/a').set(api.bearer(who)) : api.request.delete('/api/sponsors/a'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body).toMatchObject({ success: false, code });
    }
    expect(await stored()).toEqual(before);
  });
});
