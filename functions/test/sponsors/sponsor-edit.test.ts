import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPONSOR_MESSAGES } from '../../src/shared/sponsors-model.js';
import { SPONSORS } from '../../src/sponsors/service.js';
import { createTestApi, type TestApi } from '../support/api.js';

/*
 * Issue 26 item 6: a sponsor has an optional website (http/https only) and is edited in place with
 * PUT /sponsors/{id}: the fields sent change, the others (and its place in the strip) do not.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const doc of await api.deps.store.query(SPONSORS)) await api.deps.store.delete(SPONSORS, doc.id);
  await api.deps.store.set(SPONSORS, 'a', { name: 'Alpha Outfitters', logo: '/uploads/a.webp', order: 0, createdAt: '2026-01-01T00:00:00.000Z' });
  await api.deps.store.set(SPONSORS, 'b', { name: 'Basin Bakery', logo: '/uploads/b.webp', website: 'https://basin.example', order: 1, createdAt: '2026-01-02T00:00:00.000Z' });
  await api.deps.store.set(SPONSORS, 'c', { name: 'Cedar Coffee', logo: '/uploads/c.webp', order: 2, createdAt: '2026-01-03T00:00:00.000Z' });
});

const edit = (id: string, body: Record<string, unknown>, who: 'admin' | 'staff' | null = 'admin') => {
  const request = api.request.put(`/api/sponsors/${id}`);
  return (who ? request.set(api.bearer(who)) : request).send(body);
};
const storedOf = async (id: string) => (await api.deps.store.get(SPONSORS, id))!.data;
const publicList = async () => (await api.request.get('/api/sponsors')).body.sponsors as { id: string; name: string; website: string }[];

describe('PUT /sponsors/{id}', () => {
  it('changes only the website when only it is sent; name, logo, place and creation stay', async () => {
    const before = await storedOf('a');
    const response = await edit('a', { website: ' https://alpha.example/outdoors ' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: SPONSOR_MESSAGES.updated, sponsor: { id: 'a', name: 'Alpha Outfitters', website: 'https://alpha.example/outdoors' } });
    expect(await storedOf('a')).toEqual({ ...before, website: 'https://alpha.example/outdoors' });
    expect((await publicList()).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });

  it('changes only the name when only it is sent (the stored website stays); an empty website removes it', async () => {
    const before = await storedOf('b');
    expect((await edit('b', { name: 'Basin Bread Co.' })).status).toBe(200);
    expect(await storedOf('b')).toEqual({ ...before, name: 'Basin Bread Co.' });
    expect((await edit('b', { website: '' })).status).toBe(200);
    expect((await publicList()).find((s) => s.id === 'b')).toMatchObject({ name: 'Basin Bread Co.', website: '' });
  });

  it('a new logo is uploaded and replaces the old one; name and website stay', async () => {
    const png = await sharp({ create: { width: 300, height: 160, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 1 } } }).png().toBuffer();
    const before = await storedOf('b');
    const response = await edit('b', { imageData: png.toString('base64'), fileName: 'new.png', mimeType: 'image/png' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const after = await storedOf('b');
    expect(after.logo).not.toBe(before.logo);
    expect(after.logo).toMatch(/\.webp$/);
    expect({ ...after, logo: before.logo }).toEqual(before);
  });

  it.each([
    ['a javascript: address', { website: 'javascript:alert(1)' }, 'website', SPONSOR_MESSAGES.websiteInvalid],
    ['a data: address', { website: 'data:text/html,hi' }, 'website', SPONSOR_MESSAGES.websiteInvalid],
    ['an address without a scheme', { website: 'example.org' }, 'website', SPONSOR_MESSAGES.websiteInvalid],
    ['an empty name', { name: '   ' }, 'name', SPONSOR_MESSAGES.nameRequired],
  ])('refuses %s with 400 and its message, changing nothing', async (_label, body, field, message) => {
    const before = await storedOf('a');
    const response = await edit('a', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'INVALID_INPUT', message, errors: { [field]: message } });
    expect(await storedOf('a')).toEqual(before);
  });

  it('answers 404 for an unknown sponsor and creates nothing; only admins may edit', async () => {
    const missing = await edit('nope', { name: 'Ghost' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'SPONSOR_NOT_FOUND', message: SPONSOR_MESSAGES.notFound });
    expect(await api.deps.store.get(SPONSORS, 'nope')).toBeNull();
    expect((await edit('a', { name: 'Staff Edit' }, 'staff')).status).toBe(403);
    expect((await edit('a', { name: 'Anon Edit' }, null)).status).toBe(401);
    expect((await storedOf('a')).name).toBe('Alpha Outfitters');
  });
});

describe('POST /sponsors with a website', () => {
  it('refuses a javascript: website with its message and stores nothing', async () => {
    const png = await sharp({ create: { width: 300, height: 160, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 1 } } }).png().toBuffer();
    const response = await api.request
      .post('/api/sponsors')
      .set(api.bearer('admin'))
      .send({ name: 'Bad Link', imageData: png.toString('base64'), website: 'javascript:alert(1)' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(SPONSOR_MESSAGES.websiteInvalid);
    expect(await api.deps.store.query(SPONSORS)).toHaveLength(3);
    const ok = await api.request.post('/api/sponsors').set(api.bearer('admin')).send({ name: 'Good Link', imageData: png.toString('base64'), website: 'http://good.example' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await publicList()).at(-1)).toMatchObject({ name: 'Good Link', website: 'http://good.example' });
  });
});
