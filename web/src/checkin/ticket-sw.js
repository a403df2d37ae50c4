/* global self, caches, TICKET_SW_CONFIG */
// The ticket page's service worker (issue 25 item 1), scope /checkin/ (checkin/ticketServiceWorker.ts).
// A ticket once opened must still show with no connection, reload included (a dead signal at the
// trailhead). Plain JavaScript on purpose: no library, one small file. vite.config.ts copies it to
// /ticket-sw.js at build time, replacing TICKET_SW_CONFIG with the build's values:
//   version: a hash of the shell, so a deploy's new shell is a new worker (and a new cache);
//   shell: ticket.html and the files it loads (the public app's scripts and styles, the ticket chunk);
//   apiBase: the API's base path ('/api').
//
// What it does, and nothing more:
//   - a navigation to a ticket page (/checkin/{id}): the network first (a deploy's new page), the
//     kept ticket.html when the network fails. Any other address in scope is left to the browser,
//     so the door (/checkin, the door's own worker) and the admin dashboard are never served this.
//   - the built files (/assets/…, named by their content): the kept copy first, else the network.
//   - the ticket's reply (GET {apiBase}/checkin/{id}?format=json) and the theme's (GET
//     {apiBase}/theme): the network first; when it fails (or says nothing for 8 s), the copy kept
//     from the last success, the ticket's marked with `savedAt` (when it was fetched), so the page
//     says it is the copy saved on this device and may be out of date.
// Every other request (other API calls, the door's files) goes to the network untouched.
const CONFIG = TICKET_SW_CONFIG;
const SHELL_CACHE = `ticket-shell-${CONFIG.version}`;
const DATA_CACHE = 'ticket-data';
const SAVED_AT = 'x-ticket-saved-at';
const TICKET_PAGE = /^\/checkin\/[^/]+\/?$/;
const NAVIGATION_WAIT_MS = 5000;
const DATA_WAIT_MS = 8000;

self.addEventListener('install', (event) => {
  // All of the shell or no worker: a half-kept shell would fail offline.
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(CONFIG.shell))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('ticket-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      // The page that registered the worker is controlled at once, so its next requests are kept.
      .then(() => self.clients.claim()),
  );
});

// A page this worker does not control fetched its ticket past it (a first visit, before the worker
// was there; a forced reload): the page hands the reply over (checkin/ticketServiceWorker.ts), with
// when it was fetched. Only a ticket reply of this site is kept, and only over an older copy: a
// ticket given to someone else or cancelled since (issue 25 item 3) must replace the valid copy, or
// a reload with no signal would show the old QR again; a copy kept since (a later one from the
// network) is never replaced by this one.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep-ticket' || !data.reply || typeof data.reply.url !== 'string') return;
  const url = new URL(data.reply.url, self.location.origin);
  if (url.origin !== self.location.origin || !isTicketReply(url) || typeof data.reply.savedAt !== 'string') return;
  const savedAt = data.reply.savedAt;
  const response = new Response(JSON.stringify(data.reply.body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  event.waitUntil(
    caches.match(url.href, { cacheName: DATA_CACHE }).then((kept) => {
      const keptAt = kept ? Date.parse(kept.headers.get(SAVED_AT) ?? '') : NaN;
      return keptAt >= Date.parse(savedAt) ? undefined : keep(url.href, response, savedAt);
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (TICKET_PAGE.test(url.pathname)) event.respondWith(ticketPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(builtFile(request));
    return;
  }
  if (isTicketReply(url) || url.pathname === `${CONFIG.apiBase}/theme`) event.respondWith(networkFirst(request, isTicketReply(url)));
});

function isTicketReply(url) {
  const prefix = `${CONFIG.apiBase}/checkin/`;
  return url.pathname.startsWith(prefix) && !url.pathname.slice(prefix.length).includes('/') && url.searchParams.get('format') === 'json';
}

/** The network's answer within `ms`, else a rejection (a dead signal can hang for minutes). */
function within(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function ticketPage(request) {
  try {
    return await within(fetch(request), NAVIGATION_WAIT_MS);
  } catch (error) {
    const kept = await caches.match('/ticket.html', { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw error;
  }
}

async function builtFile(request) {
  const kept = await caches.match(request, { cacheName: SHELL_CACHE });
  if (kept) return kept;
  const response = await fetch(request);
  // A file the shell list did not name (a font, a later chunk): kept for the next offline visit.
  if (response.ok) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request, isTicket) {
  const key = request.url;
  const network = fetch(request);
  try {
    const response = await within(network, DATA_WAIT_MS);
    if (response.ok) await keep(key, response.clone());
    // A ticket the API no longer has (404) is forgotten here too.
    else if (isTicket && response.status === 404) await caches.open(DATA_CACHE).then((cache) => cache.delete(key));
    return response;
  } catch {
    const kept = await caches.match(key, { cacheName: DATA_CACHE });
    if (!kept) return network;
    if (!isTicket) return kept;
    const body = await kept.json();
    const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    return new Response(JSON.stringify({ ...body, savedAt: kept.headers.get(SAVED_AT) ?? undefined }), { status: 200, headers });
  }
}

async function keep(key, response, savedAt = new Date().toISOString()) {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, savedAt);
  const body = await response.blob();
  const cache = await caches.open(DATA_CACHE);
  await cache.put(key, new Response(body, { status: response.status, headers }));
}
