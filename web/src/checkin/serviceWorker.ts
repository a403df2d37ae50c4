// The door's service worker (issue 24 item 3; built by vite-plugin-pwa, web/vite.config.ts): it
// keeps the door's shell on the phone so a reload without a network still opens the door. Only the
// door page registers it, and only for its own address: the admin dashboard is never controlled.
/** The worker's file at the site's root (Hosting serves it with Cache-Control: no-cache, firebase.json). */
export const DOOR_SERVICE_WORKER = 'door-sw.js';
/** What it controls: /checkin (and, by prefix, the ticket pages below it, which it leaves to the network). */
export const DOOR_SCOPE = '/checkin';

/**
 * Registers the worker in a production build (the dev server has none); a browser without service
 * workers, or a refused registration, leaves the door as it was: online it works the same.
 */
export function registerDoorServiceWorker(container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker): void {
  if (!import.meta.env.PROD || !container) return;
  container.register(`/${DOOR_SERVICE_WORKER}`, { scope: DOOR_SCOPE }).catch(() => undefined);
}
