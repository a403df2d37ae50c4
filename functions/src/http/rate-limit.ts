import type { Request, RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '../shared/messages.js';

/**
 * The client a request comes from. Behind Firebase Hosting and Google's front
 * end the first X-Forwarded-For entry is the visitor. A client could forge it,
 * but that only lets them dodge their own limit; trusting the last proxy hop
 * instead would put every visitor behind one CDN address into a single bucket
 * and lock a whole crowd out on event night.
 */
export function clientKey(req: Request): string {
  const forwarded = req.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.socket.remoteAddress || 'unknown';
}

/**
 * Limits the public writes (RSVP, payment, contact form) per client and minute.
 * rate-limiter-flexible's in-memory limiter is a counter per key: it sits on
 * the registration hot path, where a heavier middleware cost a fifth of the
 * throughput in `npm run bench`.
 */
export function publicWriteLimit(perMinute: number): RequestHandler {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  return async (req, res, next) => {
    try {
      await limiter.consume(clientKey(req));
      next();
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res.set('Retry-After', String(Math.ceil(rejection.msBeforeNext / 1000)));
      res.status(429).json({ success: false, message: MESSAGES.tooManyRequests });
    }
  };
}
