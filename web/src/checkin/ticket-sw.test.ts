// The ticket page's service worker (ticket-sw.js) run against a fake `self` and Cache Storage:
// what it keeps for an offline visit when a page hands it a ticket reply (issue 25 item 3).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('./ticket-sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://events.example.org';
const TICKET_URL = `${ORIGIN}/api/checkin/T1?format=json`;

type Listener = (event: { data?: unknown; waitUntil: (promise: Promise<unknown>) => void }) => void;

/** Loads the worker with an in-memory Cache Storage; returns a way to post it a message and to read what it kept. */
function loadWorker() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (key: string, response: Response) => void store.set(key, response),
      delete: async (key: string) => store.delete(key),
      addAll: async () => undefined,
    };
  };
  const caches = {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (key: string, options: { cacheName: string }) => stores.get(options.cacheName)?.get(key)?.clone(),
  };
  const listeners = new Map<string, Listener>();
  const self = { location: new URL(ORIGIN), addEventListener: (type: string, listener: Listener) => listeners.set(type, listener) };
  new Function('self', 'caches', 'TICKET_SW_CONFIG', SOURCE)(self, caches, { version: 'v1', shell: [], apiBase: '/api' });
  return {
    async post(data: unknown) {
      const pending: Promise<unknown>[] = [];
      listeners.get('message')!({ data, waitUntil: (promise) => pending.push(promise) });
      await Promise.all(pending);
    },
    async kept() {
      const response = stores.get('ticket-data')?.get(TICKET_URL);
      return response ? { savedAt: response.headers.get('x-ticket-saved-at'), body: (await response.clone().json()) as { ticket: object } } : null;
    },
  };
}

const valid = { success: true, ticket: { id: 'T1', qr: { size: 29, path: 'M4 4h7v1h-7z' } } };
const transferred = { success: true, ticket: { id: 'T1', cancelled: { refunded: false, at: '2026-11-28T10:00:00.000Z', transferred: true } } };
const keepMessage = (body: object, savedAt: string) => ({ type: 'keep-ticket', reply: { url: '/api/checkin/T1?format=json', body, savedAt } });

describe('ticket-sw.js: the reply a page hands over', () => {
  it('is kept when none is', async () => {
    const worker = loadWorker();
    await worker.post(keepMessage(valid, '2026-11-28T09:00:00.000Z'));
    expect(await worker.kept()).toEqual({ savedAt: '2026-11-28T09:00:00.000Z', body: valid });
  });

  it('replaces an older kept copy: a ticket transferred since no longer shows its old valid QR offline (issue 25 item 3)', async () => {
    const worker = loadWorker();
    await worker.post(keepMessage(valid, '2026-11-28T09:00:00.000Z'));
    await worker.post(keepMessage(transferred, '2026-11-28T11:00:00.000Z'));
    expect(await worker.kept()).toEqual({ savedAt: '2026-11-28T11:00:00.000Z', body: transferred });
  });

  it('never replaces a copy kept since with an older one', async () => {
    const worker = loadWorker();
    await worker.post(keepMessage(transferred, '2026-11-28T11:00:00.000Z'));
    await worker.post(keepMessage(valid, '2026-11-28T09:00:00.000Z'));
    expect(await worker.kept()).toEqual({ savedAt: '2026-11-28T11:00:00.000Z', body: transferred });
  });

  it("ignores another site's address and anything but a ticket reply", async () => {
    const worker = loadWorker();
    await worker.post({ ...keepMessage(valid, '2026-11-28T09:00:00.000Z'), reply: { url: 'https://evil.example/api/checkin/T1?format=json', body: valid, savedAt: '2026-11-28T09:00:00.000Z' } });
    await worker.post({ type: 'other' });
    expect(await worker.kept()).toBeNull();
  });
});
