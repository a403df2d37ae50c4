import { createHash } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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
 * A fixed-window counter kept in the store, so the limit holds across processes
 * and instances (an in-memory counter per instance multiplies the limit by the
 * number of instances). Keys are hashed: no client address is stored. A refused
 * request writes nothing, so a flood does not contend on the counter. Documents
 * carry `expiresAt` for a Firestore TTL policy (README).
 */
export function storeRateCounter(store: DocumentStore, clock: Clock) {
  return async function consume(key: string, points: number, windowMs: number): Promise<RateDecision> {
    const id = createHash('sha256').update(key).digest('hex').slice(0, 40);
    return store.runTransaction(async (tx) => {
      const now = clock.now().getTime();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const retryAfterMs = windowStart + windowMs - now;
      const doc = await tx.get(RATE_COUNTERS, id);
      const count = doc && Date.parse(doc.data.windowStart) === windowStart ? doc.data.count : 0;
      if (count >= points) return { allowed: false, retryAfterMs };
      tx.set(RATE_COUNTERS, id, {
        windowStart: new Date(windowStart).toISOString(),
        count: count + 1,
        expiresAt: new Date(windowStart + 2 * windowMs).toISOString(),
      });
      return { allowed: true, retryAfterMs };
    });
  };
}

const MINUTE_MS = 60_000;

/**
 * Limits the public writes (RSVP, payment, contact form) per client address and
 * minute, across all instances. An in-process counter in front turns a flood
 * away without touching the store; it can only refuse what the shared count
 * would refuse too, since one process sees at most every request.
 */
export function publicWriteLimit(deps: {
  perMinute: number;
  store: DocumentStore;
  clock: Clock;
  source: ClientAddressSource;
}): preHandlerAsyncHookHandler {
  const local = new RateLimiterMemory({ points: deps.perMinute, duration: 60 });
  const shared = storeRateCounter(deps.store, deps.clock);
  return async (request, reply) => {
    const client = clientAddress(request, deps.source);
    let decision: RateDecision;
    try {
      await local.consume(client);
      decision = await shared(`public-write:${client}`, deps.perMinute, MINUTE_MS);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      decision = { allowed: false, retryAfterMs: rejection.msBeforeNext };
    }
    if (decision.allowed) return;
    reply.header('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
    return reply.code(429).send(failure('RATE_LIMITED', MESSAGES.tooManyRequests));
  };
}
