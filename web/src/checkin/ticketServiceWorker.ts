// The ticket page's own service worker (issue 25 item 1; web/src/checkin/ticket-sw.js, written into
// the build by vite.config.ts): a ticket once opened still shows at a trailhead with no signal,
// reload included. It is not the door's worker: the ticket page is the public app (ticket.html),
// the door the staff app (staff.html), and neither may be served the other's shell.

/** The worker's file at the site's root (Hosting serves it with Cache-Control: no-cache, firebase.json). */
export const TICKET_SERVICE_WORKER = 'ticket-sw.js';

/**
 * What it controls: the ticket pages /checkin/{id}. The door's worker has the scope /checkin; a
 * browser gives a page to the registration with the longest matching scope, so on a staff phone
 * that has both, a ticket page is this worker's and the door page (/checkin) stays the door's.
 * /admin and the other public pages are never controlled by either.
 */
export const TICKET_SCOPE = '/checkin/';

/**
 * Registers the worker in a production build (the dev server has none). Call it once the page's
 * first screen is shown (afterFirstScreen): its download and the shell it keeps wait for the ticket.
 * A browser without service workers, or a refused registration, leaves the page as it was.
 *
 * `keep`: the ticket's reply as the page has it. On a first visit it was fetched before the worker
 * was there to keep it, so the page hands it over (a message, no second request: the page's data
 * is asked once, performance.spec.ts), and a reload with no network right after the first visit
 * still has the ticket. A page the worker already controls had its reply kept on the way in.
 */
export function registerTicketServiceWorker(keep: TicketKeepMessage['reply'] | null, container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker): void {
  if (!import.meta.env.PROD || !container) return;
  const controlled = Boolean(container.controller);
  container
    .register(`/${TICKET_SERVICE_WORKER}`, { scope: TICKET_SCOPE })
    .then(() => container.ready)
    .then((registration) => {
      if (keep && !controlled) registration.active?.postMessage({ type: 'keep-ticket', reply: keep } satisfies TicketKeepMessage);
    })
    .catch(() => undefined);
}

/** What the page tells ticket-sw.js to keep: the ticket's reply, its address and when it was fetched. */
export interface TicketKeepMessage {
  type: 'keep-ticket';
  reply: { url: string; body: unknown; savedAt: string };
}
