/**
 * Replies the boot script asked for before the app's script arrived, each handed over once to
 * the first client call for the same address (api/client.ts). Public GETs only: no token, no body.
 */
const early = new Map<string, Promise<Response>>();
/** The bodies of early replies that have arrived (status 2xx, JSON), by address, until taken with their reply. */
const arrived = new Map<string, unknown>();

/**
 * Asks for `url` now; the reply waits here for the client. Returns its body, read once here for
 * every use (the boot script's preloads, main.tsx's first theme, a page's first render): the JSON
 * of a 2xx reply, or null (a refusal, a body that is not JSON, no reply at all).
 */
export function requestEarly(url: string): Promise<unknown> {
  // The same mode and credentials as index.html's preload of the theme, so the browser hands that over.
  const reply = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  // Handled here too: a reply nobody takes must not be reported as an unhandled rejection.
  reply.catch(() => undefined);
  early.set(url, reply);
  return reply
    .then((response) => (response.ok ? response.clone().json() : null))
    .catch(() => null)
    .then((body: unknown) => {
      if (body !== null && early.get(url) === reply) arrived.set(url, body);
      return body;
    });
}

/** The early reply for `url`, once; undefined when there is none (or it was taken). */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const reply = early.get(url);
  early.delete(url);
  arrived.delete(url);
  return reply;
}

/**
 * The body of the early reply for `url` if it has already arrived (a 2xx JSON reply), once, with
 * the reply: a page whose data is in when it first renders starts with it, instead of rendering
 * a spinner first and the page a moment later.
 */
export function takeArrivedBody(url: string): unknown {
  if (!arrived.has(url)) return undefined;
  const body = arrived.get(url);
  takeEarlyResponse(url);
  return body;
}
