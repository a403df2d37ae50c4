import { createHash } from 'node:crypto';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock.js';
import { MESSAGES } from '../shared/messages.js';
import { collection, type DocumentStore } from '../store/port.js';
import { clientAddressReader, type ClientAddressSource } from './client-address.js';
import { failure } from './errors.js';

/** One counter per client and window, shared by every instance through the store. */
export type RateCounter = { windowStart: string; count: number; expiresAt: string };
export const RATE_COUNTERS = collection<RateCounter>('rateCounters');

export interface RateDecision {
  allowed: boolean;
  retryAfterMs: number;
}


/**
 * The shared count of one client's hits in one window, kept in the store. An exchange adds the
 * hits an instance admitted on its own (`add`) and reserves up to `want` more, never past
 * `points`; it answers the window's total and how many it reserved. An instance still in a window
 * another has moved past counts in the newer one. Keys are hashed: no client address is stored.
 * Documents carry `expiresAt` for a Firestore TTL policy (docs/configuration.md "Abuse limits").
 */
export function storeRateCounter(store: DocumentStore) {
  return async function exchange(
    key: string,
    ask: { windowStart: number; windowMs: number; points: number; add: number; want: number },
  ): Promise<{ count: number; granted: number }> {
    const id = createHash('sha256').update(key).digest('hex').slice(0, 40);
    return store.runTransaction(async (tx) => {
      const doc = await tx.get(RATE_COUNTERS, id);
      const storedWindow = doc ? Date.parse(doc.data.windowStart) : 0;
      // A window another instance already moved past (its clock a little ahead; a test's clock set
      // back) counts against that newer window: never refused outright, never reset.
      const windowStart = Math.max(storedWindow, ask.windowStart);
      const before = (storedWindow === windowStart ? doc!.data.count : 0) + ask.add;
      const granted = Math.max(0, Math.min(ask.want, ask.points - before));
      const count = before + granted;
      tx.set(RATE_COUNTERS, id, {
        windowStart: new Date(windowStart).toISOString(),
        count,
        expiresAt: new Date(windowStart + 2 * ask.windowMs).toISOString(),
      });
      return { count, granted };
    });
  };
}

/** How an instance shares the count (docs/configuration.md "Abuse limits"). */
export interface RateLimitTuning {
  /**
   * Hits per client and window an instance admits on its own, before it asks the store: a
   * visitor's few writes (RSVP, payment, confirmation) cost no store transaction. Other
   * instances do not see these until this instance next asks, so they are the bound's slack.
   */
  localAllowance: number;
  /** The fewest hits an instance reserves in the store at once (more when more requests wait). */
  batch: number;
}
/** Production: at most limit + 3 x instances per client and minute; a burst costs one transaction per 5 or more hits. */
export const RATE_LIMIT_TUNING: RateLimitTuning = { localAllowance: 3, batch: 5 };
/** Every hit reserved in the store, one at a time: the count is exact across instances (tests). */
export const EXACT_RATE_LIMIT: RateLimitTuning = { localAllowance: 0, batch: 1 };
/** The most one exchange reserves, however many requests wait. */
const MAX_RESERVATION = 50;

/**
 * Decides per client and window, across instances, without a store transaction per request.
 * An instance admits a client's first `localAllowance` hits of a window on its own; past
 * them it admits only hits it has reserved in the shared count, which never reserves past the
 * limit. So over all instances a client gets at most `points + instances x localAllowance`
 * hits a window (the local hits are added to the store with the instance's next exchange, and
 * count against later reservations everywhere). A reservation takes `batch` hits, or as many
 * as requests are waiting (up to 50), so a burst from one address costs one transaction per
 * batch per instance; hits an instance reserved but no longer needs (its requests stopped) are
 * not given to another instance, so refusals can start up to `instances x (batch - 1)` early.
 * Once the store says the window is full, the instance refuses on its own until the next window.
 * When the store fails, requests are admitted (the store is also what they need next) and their
 * hits are added with the next exchange that succeeds.
 */
export function sharedRateLimiter(deps: { store: DocumentStore; clock: Clock; points: number; windowMs: number; tuning: RateLimitTuning }) {
  const exchange = storeRateCounter(deps.store);
  const localAllowance = Math.min(deps.tuning.localAllowance, deps.points);
  type Tally = {
    windowStart: number;
    /** Hits admitted on this instance's own say, this window. */
    local: number;
    /** Hits admitted but not yet added to the store. */
    unsynced: number;
    /** Hits reserved in the store, not yet used. */
    granted: number;
    /** The store's count reached the limit: nothing more this window. */
    full: boolean;
    /** Requests waiting for an exchange. */
    waiting: number;
    exchanging: Promise<boolean> | null;
  };
  const tallies = new Map<string, Tally>();
  let sweptWindow = 0;

  async function reserve(key: string, tally: Tally): Promise<boolean> {
    const add = tally.unsynced;
    tally.unsynced = 0;
    const want = Math.min(MAX_RESERVATION, Math.max(deps.tuning.batch, tally.waiting));
    try {
      const { count, granted } = await exchange(key, { windowStart: tally.windowStart, windowMs: deps.windowMs, points: deps.points, add, want });
      tally.granted += granted;
      if (count >= deps.points) tally.full = true;
      return true;
    } catch {
      tally.unsynced += add;
      return false;
    }
  }

  return async function decide(key: string): Promise<RateDecision> {
    const now = deps.clock.now().getTime();
    const windowStart = Math.floor(now / deps.windowMs) * deps.windowMs;
    const retryAfterMs = windowStart + deps.windowMs - now;
    if (windowStart !== sweptWindow) {
      // Last window's tallies are done with: forget them once a window, before they pile up.
      for (const [other, old] of tallies) if (old.windowStart !== windowStart) tallies.delete(other);
      sweptWindow = windowStart;
    }
    let tally = tallies.get(key);
    if (!tally || tally.windowStart !== windowStart) {
      tally = { windowStart, local: 0, unsynced: 0, granted: 0, full: false, waiting: 0, exchanging: null };
      tallies.set(key, tally);
    }
    for (;;) {
      if (tally.granted > 0) {
        tally.granted--;
        return { allowed: true, retryAfterMs };
      }
      if (tally.full) return { allowed: false, retryAfterMs };
      if (tally.local < localAllowance) {
        tally.local++;
        tally.unsynced++;
        return { allowed: true, retryAfterMs };
      }
      tally.waiting++;
      const current = tally;
      current.exchanging ??= reserve(key, current).finally(() => (current.exchanging = null));
      const reached = await current.exchanging;
      tally.waiting--;
      if (!reached) {
        tally.unsynced++;
        return { allowed: true, retryAfterMs };
      }
    }
  };
}

const MINUTE_MS = 60_000;
/** How many distinct unlisted Hosting-looking hops an instance reports before it stops (a forged X-Forwarded-Host can make them). */
const UNTRUSTED_HOP_REPORTS = 10;

/** Says once per instance and address that a request looked forwarded by Hosting from a hop the trusted ranges do not list. */
function reportUntrustedHop() {
  const reported = new Set<string>();
  return (hop: string) => {
    if (reported.has(hop) || reported.size >= UNTRUSTED_HOP_REPORTS) return;
    reported.add(hop);
    console.warn(
      `Public-write limit: a request with X-Forwarded-Host came through ${hop}, which TRUSTED_PROXY_RANGES does not list. ` +
        'If Firebase Hosting forwards from this address, its visitors share one count: add its range (docs/security.md "What the forwarding headers hold").',
    );
  };
}

/** Limits the public writes (RSVP, payment, contact form) per client address and minute, across all instances. */
export function publicWriteLimit(deps: {
  perMinute: number;
  store: DocumentStore;
  clock: Clock;
  source: ClientAddressSource;
  tuning?: RateLimitTuning;
}): preHandlerAsyncHookHandler {
  const decide = sharedRateLimiter({
    store: deps.store,
    clock: deps.clock,
    points: deps.perMinute,
    windowMs: MINUTE_MS,
    tuning: deps.tuning ?? RATE_LIMIT_TUNING,
  });
  const clientOf = clientAddressReader(deps.source, reportUntrustedHop());
  return async (request, reply) => {
    const decision = await decide(`public-write:${clientOf(request)}`);
    if (decision.allowed) return;
    reply.header('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
    return reply.code(429).send(failure('RATE_LIMITED', MESSAGES.tooManyRequests));
  };
}
