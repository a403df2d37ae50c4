import { afterEach, describe, expect, it } from 'vitest';
import { EXACT_RATE_LIMIT, RATE_COUNTERS, RATE_LIMIT_TUNING, sharedRateLimiter, type RateLimitTuning } from '../../src/http/rate-limit.js';
import type { DocumentStore } from '../../src/store/port.js';
import { openTestStore } from '../support/store.js';

// The public-write limiter across instances: a visitor's few hits cost no store transaction, a
// burst costs one per batch, and however the hits fall on instances a client gets at most
// limit + instances x localAllowance a window (issue 23 item 10: two instances let 299 of 300 through).

const opened: ReturnType<typeof openTestStore>[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

function instances(options: { points: number; tuning?: RateLimitTuning; failing?: () => boolean }) {
  // Connections to one store: instances of the API.
  const handle = openTestStore();
  opened.push(handle);
  let transactions = 0;
  const counting = (store: DocumentStore): DocumentStore => ({
    ...store,
    runTransaction: (work) => {
      transactions++;
      if (options.failing?.()) return Promise.reject(new Error('the store is unreachable'));
      return store.runTransaction(work);
    },
  });
  let now = Date.parse('2026-11-21T12:00:10.000Z');
  const clock = { now: () => new Date(now) };
  const limiter = (store: DocumentStore) =>
    sharedRateLimiter({ store: counting(store), clock, points: options.points, windowMs: 60_000, tuning: options.tuning ?? RATE_LIMIT_TUNING });
  return {
    a: limiter(handle.store),
    b: limiter(handle.reopen()),
    store: handle.store,
    transactions: () => transactions,
    advance: (ms: number) => (now += ms),
  };
}

const allowedOf = async (decisions: Promise<{ allowed: boolean }>[]) => (await Promise.all(decisions)).filter((d) => d.allowed).length;

describe('sharedRateLimiter', () => {
  it("admits a visitor's first hits of a window without a store transaction", async () => {
    const { a, transactions } = instances({ points: 150 });
    for (let i = 0; i < RATE_LIMIT_TUNING.localAllowance; i++) expect((await a('visitor')).allowed).toBe(true);
    expect(transactions()).toBe(0);
    expect((await a('visitor')).allowed).toBe(true);
    expect(transactions()).toBe(1);
  });

  it('admits exactly the limit from one instance, in a burst, with one transaction per batch', async () => {
    const { a, transactions } = instances({ points: 150 });
    const decisions = [];
    for (let i = 0; i < 200; i++) decisions.push(a('school'));
    expect(await allowedOf(decisions)).toBe(150);
    // Waiting requests are reserved together: far fewer transactions than hits.
    expect(transactions()).toBeLessThanOrEqual(Math.ceil(150 / RATE_LIMIT_TUNING.batch) + 1);
  });

  it('admits at most limit + 2 x localAllowance from two instances in one burst of 300', async () => {
    const { a, b, store } = instances({ points: 150 });
    const decisions = [];
    for (let i = 0; i < 300; i++) decisions.push((i % 2 ? a : b)('burst'));
    const allowed = await allowedOf(decisions);
    expect(allowed).toBeGreaterThanOrEqual(150);
    expect(allowed).toBeLessThanOrEqual(150 + 2 * RATE_LIMIT_TUNING.localAllowance);
    const [counter] = await store.query(RATE_COUNTERS);
    expect(counter.data.count).toBe(allowed);
  });

  it('admits at most limit + 2 x localAllowance when the hits arrive one by one, alternating instances', async () => {
    const { a, b } = instances({ points: 20 });
    let allowed = 0;
    for (let i = 0; i < 60; i++) if ((await (i % 2 ? a : b)('steady')).allowed) allowed++;
    expect(allowed).toBeGreaterThanOrEqual(20);
    expect(allowed).toBeLessThanOrEqual(20 + 2 * RATE_LIMIT_TUNING.localAllowance);
  });

  it('counts exactly across instances when every hit is reserved (the exact tuning)', async () => {
    const { a, b } = instances({ points: 3, tuning: EXACT_RATE_LIMIT });
    const statuses = [(await a('c')).allowed, (await b('c')).allowed, (await a('c')).allowed, (await b('c')).allowed, (await a('c')).allowed];
    expect(statuses).toEqual([true, true, true, false, false]);
  });

  it('never admits more on its own than a limit smaller than the local allowance', async () => {
    const { a } = instances({ points: 2 });
    expect([(await a('c')).allowed, (await a('c')).allowed, (await a('c')).allowed]).toEqual([true, true, false]);
  });

  it('starts afresh in a new window, and says when it does', async () => {
    const { a, advance } = instances({ points: 3, tuning: EXACT_RATE_LIMIT });
    for (let i = 0; i < 3; i++) await a('c');
    const refused = await a('c');
    expect(refused).toEqual({ allowed: false, retryAfterMs: 50_000 });
    advance(50_000);
    expect((await a('c')).allowed).toBe(true);
  });

  it('an instance whose clock is a little behind counts in the window another has moved to: neither refused outright nor resetting it', async () => {
    const { a, b, advance } = instances({ points: 3, tuning: EXACT_RATE_LIMIT });
    advance(60_000);
    await b('c');
    await b('c'); // the counter is in the next window now, at 2 of 3
    advance(-60_000); // an instance whose clock is a little behind (or a test's clock set back)
    expect((await a('c')).allowed).toBe(true);
    expect((await a('c')).allowed).toBe(false);
    advance(60_000);
    expect((await b('c')).allowed).toBe(false);
  });

  it('admits while the store fails, and adds those hits once it answers', async () => {
    let failing = true;
    const { a, store } = instances({ points: 10, tuning: EXACT_RATE_LIMIT, failing: () => failing });
    expect((await a('c')).allowed).toBe(true);
    expect((await a('c')).allowed).toBe(true);
    failing = false;
    expect((await a('c')).allowed).toBe(true);
    const [counter] = await store.query(RATE_COUNTERS);
    expect(counter.data.count).toBe(3);
  });
});
