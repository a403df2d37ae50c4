import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type StoredEvent } from '../../src/events/repository.js';
import { decodePageCursor, encodePageCursor } from '../../src/events/service.js';
import { EVENTS_PAGE, EVENTS_PAGE_MESSAGES, PUBLIC_EVENT_FIELDS } from '../../src/shared/events-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

/*
 * Issue 13 item 3: GET /events?limit=&cursor= gives the landing page one page of the upcoming
 * active events, soonest first; without them GET /events still answers every event (SPEC §7).
 */

let api: TestApi;
/** Ids of the upcoming active events, in the order the pages must give them. */
let upcoming: string[];

type Page = { events: { id: string; date: string; title: string }[]; nextCursor: string | null };

async function page(query: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await api.request.get(`/api/events?${query}`).set(headers);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.success).toBe(true);
  return response.body as Page;
}

/** Follows nextCursor from the first page to the last. */
async function allPages(limit: number): Promise<Page[]> {
  const pages = [await page(`limit=${limit}`)];
  while (pages.at(-1)!.nextCursor) pages.push(await page(`limit=${limit}&cursor=${pages.at(-1)!.nextCursor}`));
  return pages;
}

beforeAll(async () => {
  api = await createTestApi();
  // The clock says 2026-11-21 12:00 UTC. 30 upcoming events on different days, created out of order.
  const days = Array.from({ length: 30 }, (_, i) => i + 1).sort((a, b) => ((a * 7) % 11) - ((b * 7) % 11) || a - b);
  const created: { id: string; day: number }[] = [];
  for (const day of days) {
    const date = new Date(Date.UTC(2026, 10, 21 + day, 18)).toISOString().slice(0, 16);
    created.push({ id: (await createTestEvent(api, { title: `Day ${day}`, date })).id, day });
  }
  // Five more on one date: ids alone order them, and a page may end among them.
  const base = (await api.deps.store.get(EVENTS, created[0].id))!.data;
  const sameDate = new Date(Date.UTC(2026, 10, 21 + 40, 18)).toISOString();
  const tied = ['tie-c', 'tie-a', 'tie-e', 'tie-b', 'tie-d'];
  for (const id of tied) await api.deps.store.set(EVENTS, id, { ...base, title: id, date: sameDate } satisfies StoredEvent);
  // Not listed: past, inactive, archived.
  await createTestEvent(api, { title: 'Last month', date: '2026-10-20T18:00' });
  await createTestEvent(api, { title: 'Hidden', date: '2026-11-25T18:00', isActive: false });
  const archived = await createTestEvent(api, { title: 'Archived', date: '2026-11-26T18:00' });
  await api.request.patch(`/api/events/${archived.id}/archive`).set(api.bearer('admin')).expect(200);
  upcoming = [...created.sort((a, b) => a.day - b.day).map((event) => event.id), ...[...tied].sort()];
});
afterAll(() => api.close());

describe('GET /events?limit=', () => {
  it('gives the next upcoming active events, soonest first, as the public projection, with a cursor to the next page', async () => {
    const first = await page('limit=12');
    expect(first.events.map((event) => event.id)).toEqual(upcoming.slice(0, 12));
    expect(first.events.map((event) => event.title).slice(0, 3)).toEqual(['Day 1', 'Day 2', 'Day 3']);
    // Exactly what the whole public list says about the same event.
    const whole = (await api.request.get('/api/events')).body.events as { id: string }[];
    expect(first.events[0]).toEqual(whole.find((event) => event.id === first.events[0].id));
    expect(Object.keys(first.events[0])).toEqual(expect.arrayContaining([...PUBLIC_EVENT_FIELDS]));
    expect(first.events[0]).not.toHaveProperty('mailchimpAudienceId');
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('pages through every upcoming event once, in order, ending with a null cursor; ties on a date are ordered by id', async () => {
    for (const limit of [1, 4, 12, 33, 50]) {
      const pages = await allPages(limit);
      expect(pages.map((p) => p.events.map((event) => event.id)).flat(), `limit ${limit}`).toEqual(upcoming);
      expect(pages.slice(0, -1).every((p) => p.events.length === limit)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('a cursor alone pages by the default size; no limit and no cursor is the whole list (SPEC §7)', async () => {
    const first = await page('limit=3');
    const next = await page(`cursor=${first.nextCursor}`);
    expect(next.events.map((event) => event.id)).toEqual(upcoming.slice(3, 3 + EVENTS_PAGE.size));
    const all = await api.request.get('/api/events');
    expect(all.body.nextCursor).toBeUndefined();
    // The whole list keeps the past active event too, as before.
    expect(all.body.events.map((event: { title: string }) => event.title)).toContain('Last month');
    expect(all.body.events).toHaveLength(upcoming.length + 1);
  });

  it('is the public list for staff too (the landing page never signs in)', async () => {
    const staffPage = await page('limit=50', api.bearer('admin'));
    expect(staffPage.events.map((event) => event.id)).toEqual(upcoming);
    expect(staffPage.events[0]).not.toHaveProperty('mailchimpAudienceId');
  });

  it('an event made public after the first page was read appears on a later page in its place', async () => {
    const first = await page('limit=2');
    const late = await createTestEvent(api, { title: 'Late addition', date: '2026-12-30T18:00' });
    const rest = (await allPages(50)).flatMap((p) => p.events.map((event) => event.id));
    expect(rest).toContain(late.id);
    const second = await page(`limit=50&cursor=${first.nextCursor}`);
    expect(second.events.map((event) => event.id)).toContain(late.id);
    await api.request.patch(`/api/events/${late.id}/archive`).set(api.bearer('admin')).expect(200);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['limit=99999999999999999999', 'limit'],
    ['cursor=', 'cursor'],
    ['cursor=not%20base64!', 'cursor'],
    [`cursor=${'a'.repeat(401)}`, 'cursor'],
    [`cursor=${Buffer.from('{"date":1}').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('["not a date","x"]').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('["2026-12-01T00:00:00.000Z",""]').toString('base64url')}`, 'cursor'],
    ['cursor=bm90IGpzb24', 'cursor'],
  ])('refuses %s with 400 and says what is wrong, never caching the refusal', async (query, field) => {
    const response = await api.request.get(`/api/events?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    const message = EVENTS_PAGE_MESSAGES[field as 'limit' | 'cursor'];
    expect(response.body).toMatchObject({ success: false, code: 'INVALID_INPUT', message, errors: { [field]: message } });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('the cursor round-trips and nothing else decodes', () => {
    const cursor = encodePageCursor({ date: '2026-12-01T18:00:00.000Z', id: 'abc' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(cursor)).toEqual({ date: '2026-12-01T18:00:00.000Z', id: 'abc' });
    expect(decodePageCursor('e30')).toBeNull();
  });
});
