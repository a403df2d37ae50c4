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
 * Marks a route as a public read (its `onRequest` hook). Whether a reply may really be shared is
 * decided once for every route, in the server's onSend hook: an error, or a request that carried
 * an Authorization header (staff get more fields than visitors, and a CDN must never hand those
 * to someone else), is answered `private, no-store` whatever the route said.
 */
export async function publicCache(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', PUBLIC_CACHE_CONTROL);
}

/** The shared rule: what a route did not mark shareable, or cannot be shared, is kept by nobody. */
export function mayBeShared(request: FastifyRequest, reply: FastifyReply): boolean {
  return reply.hasHeader('cache-control') && reply.statusCode < 300 && request.headers.authorization === undefined;
}
