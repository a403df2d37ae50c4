import { createHash } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock.js';
import { MESSAGES } from '../shared/messages.js';
import { collection, type DocumentStore } from '../store/port.js';
import { failure } from './errors.js';

/**
 * Where the client's address comes from. A proxy we trust appends the address it
 * saw to X-Forwarded-For, so the entry `trustedHops` from the right is the last
 * address no client could choose; everything left of it may be forged.
 *
 * Firebase Hosting -> Cloud Functions (2nd gen): Hosting's CDN appends the
 * visitor's address and Google's front end appends the CDN's, so the default is
 * 2 hops. Local runs (the emulators add no header) use 0: the socket address.
 */
export interface ClientAddressSource {
  /** The forwarding header, lower case (default x-forwarded-for). */
  header: string;
  /** How many proxies in front of the function append to it (0: ignore the header). */
  trustedHops: number;
}

export const FIREBASE_HOSTING_CLIENT_ADDRESS: ClientAddressSource = { header: 'x-forwarded-for', trustedHops: 2 };
export const DIRECT_CLIENT_ADDRESS: ClientAddressSource = { header: 'x-forwarded-for', trustedHops: 0 };

/**
 * The client a request comes from, read from the right of the forwarding header.
 * A list shorter than the trusted hops (the function called on its own address,
 * one proxy) falls back to its leftmost entry, which that one proxy wrote.
 */
export function clientAddress(request: Pick<FastifyRequest, 'headers' | 'socket'>, source: ClientAddressSource): string {
  const socket = request.socket.remoteAddress || 'unknown';
  if (source.trustedHops <= 0) return socket;
  const raw = request.headers[source.header];
  const entries = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return socket;
  return entries[Math.max(0, entries.length - source.trustedHops)];
}

/** One counter per client and window, shared by every instance through the store. */
export type RateCounter = { windowStart: string; count: number; expiresAt: string };
export const RATE_COUNTERS = collection<RateCounter>('rateCounters');

export interface RateDecision {
  allowed: boolean;
  retryAfterMs: number;
}

/**
 * The shared count: a fixed-window counter per client kept in the store, so the
 * limit holds across processes and instances (an in-memory counter per instance
 * multiplies the limit by the number of instances). Adds `hits` to the current
 * window and answers the window's total. Keys are hashed: no client address is
 * stored. Documents carry `expiresAt` for a Firestore TTL policy (README).
 */
export function storeRateCounter(store: DocumentStore, clock: Clock) {
  return async function add(key: string, hits: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const id = createHash('sha256').update(key).digest('hex').slice(0, 40);
    return store.runTransaction(async (tx) => {
      const now = clock.now().getTime();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const doc = await tx.get(RATE_COUNTERS, id);
      const count = (doc && Date.parse(doc.data.windowStart) === windowStart ? doc.data.count : 0) + hits;
      tx.set(RATE_COUNTERS, id, {
        windowStart: new Date(windowStart).toISOString(),
        count,
        expiresAt: new Date(windowStart + 2 * windowMs).toISOString(),
      });
      return { count, windowStart };
    });
  };
}

/**
 * Decides per client and window without a transaction per request: each instance
 * counts locally and adds what it counted to the shared counter at most every
 * `syncEveryMs` per client, deciding in between on the last shared total plus its
 * own unsynced hits. A transaction per request on one client's counter made a
 * burst from one address (a school group behind one router) contend on a single
 * document on the registration path; this costs one transaction per instance,
 * client and interval, and lets a client past the limit by at most what other
 * instances admitted within one interval. A sync that fails keeps its hits for
 * the next one.
 */
export function sharedRateLimiter(deps: { store: DocumentStore; clock: Clock; points: number; windowMs: number; syncEveryMs: number }) {
  const add = storeRateCounter(deps.store, deps.clock);
  // `inFlight`: hits being added right now; they count until the shared total that includes them is known.
  type Tally = { windowStart: number; shared: number; inFlight: number; unsynced: number; syncedAt: number; syncing: Promise<void> | null };
  const tallies = new Map<string, Tally>();
  let sweptWindow = 0;

  async function sync(key: string, tally: Tally) {
    tally.inFlight = tally.unsynced;
    tally.unsynced = 0;
    try {
      const { count, windowStart } = await add(key, tally.inFlight, deps.windowMs);
      if (windowStart === tally.windowStart) tally.shared = count;
    } catch {
      tally.unsynced += tally.inFlight;
    }
    tally.inFlight = 0;
    tally.syncedAt = deps.clock.now().getTime();
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
    if (!tally) {
      tally = { windowStart, shared: 0, inFlight: 0, unsynced: 0, syncedAt: 0, syncing: null };
      tallies.set(key, tally);
    }
    if (tally.shared + tally.inFlight + tally.unsynced >= deps.points) return { allowed: false, retryAfterMs };
    tally.unsynced++;
    if (!tally.syncing && now - tally.syncedAt >= deps.syncEveryMs) {
      const current = tally;
      current.syncing = sync(key, current).finally(() => (current.syncing = null));
      // With syncEveryMs 0 every request waits for the shared total and is decided on it.
      if (deps.syncEveryMs === 0) {
        await current.syncing;
        if (current.shared > deps.points) return { allowed: false, retryAfterMs };
      }
    }
    return { allowed: true, retryAfterMs };
  };
}

const MINUTE_MS = 60_000;
/** How often an instance adds its count to the shared one, unless configured. */
export const RATE_LIMIT_SYNC_MS = 1_000;

/** Limits the public writes (RSVP, payment, contact form) per client address and minute, across all instances. */
export function publicWriteLimit(deps: {
  perMinute: number;
  store: DocumentStore;
  clock: Clock;
  source: ClientAddressSource;
  /** How often an instance adds its count to the shared one (0: on every request). */
  syncEveryMs?: number;
}): preHandlerAsyncHookHandler {
  const decide = sharedRateLimiter({
    store: deps.store,
    clock: deps.clock,
    points: deps.perMinute,
    windowMs: MINUTE_MS,
    syncEveryMs: deps.syncEveryMs ?? RATE_LIMIT_SYNC_MS,
  });
  return async (request, reply) => {
    const decision = await decide(`public-write:${clientAddress(request, deps.source)}`);
    if (decision.allowed) return;
    reply.header('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
    return reply.code(429).send(failure('RATE_LIMITED', MESSAGES.tooManyRequests));
  };
}
