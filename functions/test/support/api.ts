import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import supertest from 'supertest';
import { createApi, createServices, type Services } from '../../src/app.js';
import { grantRole } from '../../src/admins/roles.js';
import { firebaseIdentity } from '../../src/auth/firebase.js';
import { localFileStore } from '../../src/files/local.js';
import { EXACT_RATE_LIMIT } from '../../src/http/rate-limit.js';
import { localOutbox } from '../../src/mail/local-outbox.js';
import { offlineAudiences } from '../../src/mailchimp/offline.js';
import type { AudiencesPort } from '../../src/mailchimp/port.js';
import { offlineGateway, type OfflineGateway } from '../../src/payments/offline.js';
import type { Clock } from '../../src/clock.js';
import type { ApiDependencies } from '../../src/ports.js';
import type { Role } from '../../src/shared/session-model.js';
import type { DocumentStore } from '../../src/store/port.js';
import { AUTH_EMULATOR_HOST } from './auth-emulator.js';
import { openTestStore } from './store.js';

export const PROJECT_ID = 'demo-zion-events';
export const TEST_WEBHOOK_SECRET = 'whsec_test_secret';
process.env.FIREBASE_AUTH_EMULATOR_HOST = AUTH_EMULATOR_HOST;

export function firebaseTestApp() {
  return getApps().find((app) => app.name === 'api-tests') ?? initializeApp({ projectId: PROJECT_ID }, 'api-tests');
}

export function fixedClock(iso = '2026-11-21T12:00:00.000Z'): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  return { now: () => now, set: (value: string) => (now = new Date(value)) };
}

/** Signs a user up in the Auth emulator and returns a real ID token for them. */
export async function signInAs(email: string, options: { emailVerified?: boolean } = {}) {
  const auth = getAuth(firebaseTestApp());
  const password = 'test-password';
  let uid: string;
  try {
    uid = (await auth.getUserByEmail(email)).uid;
    await auth.updateUser(uid, { password, emailVerified: options.emailVerified ?? true });
  } catch {
    uid = (await auth.createUser({ email, password, emailVerified: options.emailVerified ?? true })).uid;
  }
  const response = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }) },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`Auth emulator refused sign-in: ${JSON.stringify(body)}`);
  return { uid, token: body.idToken };
}

export function uniqueEmail(label: string) {
  return `${label}-${randomBytes(5).toString('hex')}@example.org`;
}

/**
 * An in-process API over a fresh store (SQLite, or the Firestore emulator when the
 * suites run with ZION_TEST_STORE=firestore: see support/store.ts), with real
 * Auth-emulator tokens for an admin, a staff member and a signed-in user without a role.
 */
export async function createTestApi(
  options: {
    publicWritesPerMinute?: number;
    /** Which proxies the API trusts for the client address (default: the socket address). */
    clientAddress?: ApiDependencies['clientAddress'];
    /** Another connection to this API's store: a second instance of the API. */
    sharedStoreOf?: TestApi;
    /** How instances share the public-write count (default: exactly, every hit reserved in the store). */
    rateLimitTuning?: ApiDependencies['rateLimitTuning'];
    /** Stands in for the payment provider: the offline gateway, changed (e.g. `refundsRefused`). */
    payments?: (gateway: OfflineGateway) => OfflineGateway;
    /** The audiences adapter (default: the offline demo audiences, as in local runs; null: not configured). */
    audiences?: (store: DocumentStore, clock: Clock) => AudiencesPort | undefined;
  } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'zion-api-'));
  const clock = fixedClock();
  const opened = options.sharedStoreOf ? undefined : openTestStore();
  const store = options.sharedStoreOf ? options.sharedStoreOf.openStoreConnection() : opened!.store;
  const deps: ApiDependencies = {
    store,
    files: localFileStore(join(dir, 'files')),
    identity: firebaseIdentity(firebaseTestApp()),
    payments: (options.payments ?? ((gateway) => gateway))(offlineGateway(store, TEST_WEBHOOK_SECRET)),
    mailer: localOutbox(store, clock),
    audiences: (options.audiences ?? ((s, c) => offlineAudiences(s, c)))(store, clock),
    clock,
    timeZone: 'America/Denver',
    siteUrl: 'https://events.example.org',
    mailFrom: 'Zion Events <events@example.org>',
    publicWritesPerMinute: options.publicWritesPerMinute ?? 10_000,
    ...(options.clientAddress ? { clientAddress: options.clientAddress } : {}),
    // Each hit is reserved in the shared count at once, so a test sees every instance's count at once.
    rateLimitTuning: options.rateLimitTuning ?? EXACT_RATE_LIMIT,
  };
  const users: Record<'admin' | 'staff' | 'outsider', { email: string; token: string; uid: string }> = {} as never;
  for (const [label, role] of [['admin', 'admin'], ['staff', 'staff'], ['outsider', null]] as [keyof typeof users, Role | null][]) {
    const email = uniqueEmail(label);
    const { token, uid } = await signInAs(email);
    if (role) await grantRole(deps.store, { email, role, addedBy: 'test', now: clock.now() });
    users[label] = { email, token, uid };
  }
  const services = createServices(deps);
  const app = await createApi(deps, services);
  const request = supertest(app);
  // Every instance of the API on this store: each has its own workers, and any of them may take a
  // job another queued (as two servers do), so a test waiting for deliveries waits for them all.
  const instances: Services[] = options.sharedStoreOf ? options.sharedStoreOf.instances : [];
  instances.push(services);
  const whenIdle = async (all: Services[]) => {
    for (const each of all) {
      await each.refunds.whenIdle();
      await each.calendar.whenIdle();
      await each.mail.whenIdle();
      await each.mailchimp.whenIdle();
    }
  };
  return {
    deps,
    services,
    instances,
    /**
     * Resolves once no instance on this store is delivering: twice round, since one worker's
     * delivery may kick another's (a refund's notice mail).
     */
    async whenStoreIdle() {
      await whenIdle([...instances]);
      await whenIdle([...instances]);
    },
    clock,
    users,
    /** The API's request listener itself. */
    app,
    request,
    bearer: (who: keyof typeof users) => ({ Authorization: `Bearer ${users[who].token}` }),
    /** Another connection to this API's store (closed with this API): see `sharedStoreOf`. */
    openStoreConnection: (): DocumentStore => (opened ? opened.reopen() : options.sharedStoreOf!.openStoreConnection()),
    async close() {
      await whenIdle([services]);
      instances.splice(instances.indexOf(services), 1);
      // The first API owns the store and closes every connection to it; a second instance closes nothing.
      await opened?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * Creates an event as the admin (defaults: a free event with a title, a date and a place, its
 * registrations confirmed at once: 'Confirm by e-mail' has suites of its own); fails the test if refused.
 */
export async function createTestEvent(api: TestApi, body: Record<string, unknown> = {}) {
  const response = await api.request
    .post('/api/events')
    .set(api.bearer('admin'))
    .send({ title: 'Stargazing', date: '2026-12-05T19:30', location: 'Kolob', confirmByEmail: false, ...body });
  if (response.status !== 201) throw new Error(`POST /events answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.event as { id: string; customUrl: string };
}

/**
 * A payment provider that takes payments like the offline gateway but refuses every
 * refund with `reason`, and records the refunds asked for (intent id, idempotency key).
 */
export function refundsRefused(reason: string, asked: [intentId: string, idempotencyKey: string][] = []) {
  return (gateway: OfflineGateway): OfflineGateway => ({
    ...gateway,
    async refund(intentId, idempotencyKey) {
      asked.push([intentId, idempotencyKey]);
      throw new Error(reason);
    },
  });
}
