import { afterEach, describe, expect, it } from 'vitest';
import { RATE_COUNTERS, sharedRateLimiter } from '../../src/http/rate-limit.js';
import type { DocumentStore } from '../../src/store/port.js';
import { openTestStore } from '../support/store.js';

// The public-write limiter between syncs: decided locally, added to the shared
// count at most once an interval per instance and client (no transaction per request).

const opened: ReturnType<typeof openTestStore>[] = [];
const idleBeforeClose: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const settled of idleBeforeClose.splice(0)) await settled();
  for (const handle of opened.splice(0)) await handle.close();
});

function twoInstances() {
  // Two connections to one store: two instances of the API.
  const handle = openTestStore();
  opened.push(handle);
  const first = handle.store;
  const second = handle.reopen();
  let transactions = 0;
  const inFlight = new Set<Promise<unknown>>();
  const counting = (store: DocumentStore): DocumentStore => ({
    ...store,
    runTransaction: (work) => {
      transactions++;
      const running = store.runTransaction(work);
      const tracked = running.catch(() => undefined).finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      return running;
    },
  });
  /** Every sync the limiters started in the background has committed (they are not awaited by a decision). */
  const settled = async () => {
    while (inFlight.size) await Promise.all(inFlight);
  };
  idleBeforeClose.push(settled);
  let now = Date.parse('2026-11-21T12:00:10.000Z');
  const clock = { now: () => new Date(now) };
  const limiter = (store: DocumentStore) => sharedRateLimiter({ store: counting(store), clock, points: 3, windowMs: 60_000, syncEveryMs: 1_000 });
  return {
    a: limiter(first),
    b: limiter(second),
    first,
    settled,
    transactions: () => transactions,
    advance: (ms: number) => (now += ms),
  };
}


describe('sharedRateLimiter between syncs', () => {
  it('makes one store transaction per interval, not one per request, and still refuses past the limit', async () => {
    const { a, transactions, settled } = twoInstances();
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push((await a('client')).allowed);
    expect(decisions).toEqual([true, true, true, false, false]);
    await settled();
    expect(transactions()).toBe(1);
  });

  it('adds its unsynced hits to the shared count at the next interval, so another instance sees them', async () => {
    const { a, b, first, advance, settled } = twoInstances();
    await a('client');
    await a('client');
    await settled();
    advance(1_000);
    await a('client'); // the next sync carries the two hits made since the first
    await settled();
    const [counter] = await first.query(RATE_COUNTERS);
    expect(counter.data.count).toBe(3);
    // The other instance admits its first request on what it knows, then learns the shared total.
    expect((await b('client')).allowed).toBe(true);
    await settled();
    expect((await b('client')).allowed).toBe(false);
  });

  it('starts afresh in a new window', async () => {
    const { a, advance } = twoInstances();
    for (let i = 0; i < 3; i++) await a('client');
    expect((await a('client')).allowed).toBe(false);
    advance(60_000);
    expect((await a('client')).allowed).toBe(true);
  });
});
