import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '../shared/messages.js';
import { failure } from './errors.js';

/**
 * The client a request comes from. Behind Firebase Hosting and Google's front
 * end the first X-Forwarded-For entry is the visitor. A client could forge it,
 * but that only lets them dodge their own limit; trusting the last proxy hop
 * instead would put every visitor behind one CDN address into a single bucket
 * and lock a whole crowd out on event night.
 */
export function clientKey(request: Pick<FastifyRequest, 'headers' | 'socket'>): string {
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return forwarded || request.socket.remoteAddress || 'unknown';
}

/**
 * Limits the public writes (RSVP, payment, contact form) per client and minute.
 * rate-limiter-flexible's in-memory limiter is a counter per key: it sits on
 * the registration hot path, where a heavier middleware cost a fifth of the
 * throughput in `npm run bench`.
 */
export function publicWriteLimit(perMinute: number): preHandlerAsyncHookHandler {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  return async (request, reply) => {
    try {
      await limiter.consume(clientKey(request));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      reply.header('Retry-After', String(Math.ceil(rejection.msBeforeNext / 1000)));
      return reply.code(429).send(failure('RATE_LIMITED', MESSAGES.tooManyRequests));
    }
  };
}
