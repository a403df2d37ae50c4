/**
 * Replies the boot script asked for before the app's script arrived, each handed over once to
 * the first client call for the same address (api/client.ts). Public GETs only: no token, no body.
 */
const early = new Map<string, Promise<Response>>();

/** Asks for `url` now; the reply waits here for the client. */
export function requestEarly(url: string): Promise<Response> {
  // The same mode and credentials as index.html's preload of the theme, so the browser hands that over.
  const reply = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  // Handled here too: a reply nobody takes must not be reported as an unhandled rejection.
  reply.catch(() => undefined);
  early.set(url, reply);
  return reply;
}

/** The early reply for `url`, once; undefined when there is none (or it was taken). */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const reply = early.get(url);
  early.delete(url);
  return reply;
}
