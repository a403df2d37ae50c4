/**
 * Replies the boot script asked for before the app's script arrived, each handed over once to
 * the first client call for the same address (api/client.ts). Public GETs only: no token, no body.
 */
const early = new Map<string, Promise<Response>>();
/** The bodies of early replies that have arrived (status 2xx, JSON), by address, until taken. */
const arrived = new Map<string, unknown>();

/** Asks for `url` now; the reply waits here for the client. */
export function requestEarly(url: string): Promise<Response> {
  // The same mode and credentials as index.html's preload of the theme, so the browser hands that over.
  const reply = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  // Handled here too: a reply nobody takes must not be reported as an unhandled rejection.
  reply.catch(() => undefined);
  early.set(url, reply);
  reply
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((body: unknown) => {
      if (body !== undefined && early.get(url) === reply) arrived.set(url, body);
    })
    .catch(() => undefined);
  return reply;
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
