import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
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

/** Limits the public writes (RSVP, payment, contact form) per client and minute. */
export function publicWriteLimit(perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: clientKey,
    validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
    handler: (_req, res) => {
      res.status(429).json({ success: false, message: MESSAGES.tooManyRequests });
    },
  });
}
