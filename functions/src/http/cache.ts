import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public reads (theme, events, an event, sponsors) may be kept by the hosting CDN for 30 s
 * (s-maxage), so a crowd arriving at once is answered there; browsers revalidate every time
 * (max-age=0), so a visitor who reloads after an admin saved sees the change from the CDN within
 * 30 s, and locally (no CDN) at once. The dashboard says so after saving (PUBLIC_CHANGE_DELAY).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30';

/** Anything personal or failed: no browser, proxy or CDN may keep it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * An onSend hook for a public read route: the public header on a success to an anonymous caller,
 * `private, no-store` on an error or when the request carried an Authorization header (staff get
 * more fields than visitors, and a CDN must never hand those to someone else).
 */
export async function publicCache(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const shareable = reply.statusCode < 300 && request.headers.authorization === undefined;
  reply.header('Cache-Control', shareable ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  return payload;
}
