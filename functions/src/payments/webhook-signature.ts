import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's webhook signature scheme (`Stripe-Signature: t=<unix>,v1=<hex hmac>`
 * over `${t}.${rawBody}`), used by the offline gateway so its notifications
 * travel the same verified path as Stripe's.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function verifySignature(payload: string, header: string | undefined, secret: string, now = Math.floor(Date.now() / 1000)) {
  if (!header) throw new Error('Missing signature');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new Error('Signature timestamp outside tolerance');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex'));
  const given = Buffer.from(parts.v1 ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('Signature does not match');
}
