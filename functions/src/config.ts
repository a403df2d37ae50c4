import { join, resolve } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { ORGANISATION_TIME_ZONE } from './shared/constants.js';
import { authEmulatorMailbox } from './auth/emulator-mail.js';
import { firebaseIdentity } from './auth/firebase.js';
import { cloudStorageFiles } from './files/cloud-storage.js';
import { localFileStore } from './files/local.js';
import { localOutbox } from './mail/local-outbox.js';
import { sendgridMailer } from './mail/sendgrid.js';
import { mailchimpAudiences } from './mailchimp/mailchimp.js';
import { offlineAudiences } from './mailchimp/offline.js';
import { unconfiguredAudiences, type AudiencesPort } from './mailchimp/port.js';
import { offlineGateway } from './payments/offline.js';
import { stripeGateway } from './payments/stripe.js';
import { systemClock } from './clock.js';
import { DEPLOYED_CLIENT_ADDRESS, parseRanges, SOCKET_CLIENT_ADDRESS, type ClientAddressSource } from './http/client-address.js';
import type { ApiDependencies } from './ports.js';
import { firestoreStore } from './store/firestore.js';
import { openSqliteStore } from './store/sqlite.js';

/**
 * Per client address: a school group of 40 behind one address, each making up to
 * three public writes for a paid ticket (RSVP, payment intent, confirmation), all
 * register within a minute. The weight against abuse is on the per-e-mail and
 * per-recipient limits, not here.
 */
export const DEFAULT_PUBLIC_WRITES_PER_MINUTE = 150;
/** Signs the offline gateway's notifications; it only ever runs on a developer's machine. */
const OFFLINE_WEBHOOK_SECRET = 'whsec_offline_local_only';

/** Thrown at start-up: a production deploy never falls back to an offline fake. */
export class ConfigurationError extends Error {
  constructor(variable: string, why: string) {
    super(`${variable} is not set: ${why}`);
    this.name = 'ConfigurationError';
  }
}

function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigurationError(name, why);
  return value;
}

/**
 * Chooses the adapters from configuration (DESIGN §3). Production is the
 * default: Firestore, Cloud Storage, Stripe and SendGrid, each of whose keys
 * must be set. A local run is either `STORE_ADAPTER=sqlite` (what `npm start`
 * and the tests set: the SQLite store) or a Firestore emulator at
 * FIRESTORE_EMULATOR_HOST (`npm start -- --store firestore`: the Firestore
 * store, on the emulator). Either way files live under DATA_DIR, and payments,
 * mail and audiences are the offline ones unless Stripe, SendGrid or Mailchimp
 * keys are given. A deployed function refuses a local run. Nothing here looks
 * at whether it runs under test.
 */
export function dependenciesFromEnvironment(env: NodeJS.ProcessEnv = process.env): ApiDependencies {
  const firebaseApp = getApps()[0] ?? initializeApp();
  const timeZone = env.ORGANISATION_TIME_ZONE || ORGANISATION_TIME_ZONE;
  const identity = firebaseIdentity(firebaseApp);
  const publicWritesPerMinute = Number(env.PUBLIC_WRITES_PER_MINUTE) || DEFAULT_PUBLIC_WRITES_PER_MINUTE;
  const sqlite = env.STORE_ADAPTER === 'sqlite';
  const firestoreEmulator = env.FIRESTORE_EMULATOR_HOST?.trim();
  const local = sqlite || Boolean(firestoreEmulator);
  const clientAddress = clientAddressFromEnvironment(env, local);
  if (env.STORE_ADAPTER && !['sqlite', 'firestore'].includes(env.STORE_ADAPTER)) {
    throw new Error(`Unknown STORE_ADAPTER "${env.STORE_ADAPTER}": use "firestore" (default) or "sqlite".`);
  }
  // Cloud Functions sets K_SERVICE; the emulator also sets FUNCTIONS_EMULATOR.
  if (local && env.K_SERVICE && env.FUNCTIONS_EMULATOR !== 'true') {
    throw new Error(
      sqlite
        ? 'STORE_ADAPTER=sqlite is for local runs only; a deployed function uses Firestore.'
        : `FIRESTORE_EMULATOR_HOST (${firestoreEmulator}) is for local runs only; a deployed function uses Firestore itself.`,
    );
  }

  const dataDir = resolve(env.DATA_DIR || '.data');
  const store = sqlite ? openSqliteStore(join(dataDir, 'store.sqlite')) : firestoreStore(getFirestore(firebaseApp));
  const projectId = env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT || firebaseApp.options.projectId || '';
  const siteUrl = (env.SITE_URL || (local ? 'http://127.0.0.1:5000' : projectId ? `https://${projectId}.web.app` : '')).replace(/\/$/, '');
  if (!siteUrl) throw new ConfigurationError('SITE_URL', 'links in e-mails need the public site address');

  const payments = env.STRIPE_SECRET_KEY
    ? stripeGateway({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: required(env, 'STRIPE_WEBHOOK_SECRET', 'Stripe webhooks cannot be verified without it'),
        publishableKey: required(env, 'STRIPE_PUBLISHABLE_KEY', 'the card form needs it'),
      })
    : local
      ? offlineGateway(store, OFFLINE_WEBHOOK_SECRET)
      : (() => {
          throw new ConfigurationError('STRIPE_SECRET_KEY', 'card payments need Stripe in production');
        })();

  const mailFrom = env.MAIL_FROM || (local ? 'Zion Events <events@example.org>' : required(env, 'MAIL_FROM', 'e-mails need a sender'));
  const mailer = env.SENDGRID_API_KEY
    ? sendgridMailer({ apiKey: env.SENDGRID_API_KEY, from: mailFrom })
    : local
      ? localOutbox(store)
      : (() => {
          throw new ConfigurationError('SENDGRID_API_KEY', 'tickets are e-mailed with SendGrid in production');
        })();

  const audiences = audiencesFromEnvironment(env, local, store);
  // A local run on the Auth emulator: Firebase Auth's own e-mails (verification links) show in the local mailbox.
  const authEmulatorHost = local ? env.FIREBASE_AUTH_EMULATOR_HOST?.trim() : undefined;

  return {
    store,
    identity,
    files: local ? localFileStore(join(dataDir, 'files')) : cloudStorageFiles(firebaseApp),
    payments,
    mailer,
    audiences,
    clock: systemClock,
    timeZone,
    siteUrl,
    mailFrom,
    publicWritesPerMinute,
    clientAddress,
    deliverMailOnCommit: env.DELIVER_MAIL_ON_COMMIT !== 'false',
    ...(authEmulatorHost && projectId ? { authEmulatorMail: authEmulatorMailbox({ host: authEmulatorHost, projectId }) } : {}),
  };
}

/**
 * The audiences adapter: Mailchimp when MAILCHIMP_API_KEY is set, the offline demo
 * audiences in local runs, and otherwise (production without a key) none: the API then
 * says plainly that Mailchimp is not configured. Mailchimp is optional, so a missing or
 * malformed key never stops the API the way a missing payment or mail key does.
 */
export function audiencesFromEnvironment(env: NodeJS.ProcessEnv, local: boolean, store: ApiDependencies['store']): AudiencesPort {
  const apiKey = env.MAILCHIMP_API_KEY?.trim();
  if (apiKey) {
    try {
      return mailchimpAudiences({ apiKey });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(reason);
      return unconfiguredAudiences(`Mailchimp is not configured: ${reason}.`);
    }
  }
  return local ? offlineAudiences(store, systemClock) : unconfiguredAudiences();
}

/**
 * Where the public-write limit reads the client address (http/client-address.ts): deployed, the
 * last X-Forwarded-For entry, which Google's front end appended, or the one before it when the
 * last is Firebase Hosting's hop (TRUSTED_PROXY_RANGES, default Google's own address blocks);
 * locally the socket address, as no proxy appends anything. CLIENT_IP_HEADER names another
 * header that a proxy in front appends to (and makes a local run read it too).
 */
export function clientAddressFromEnvironment(env: NodeJS.ProcessEnv, local: boolean): ClientAddressSource {
  if (env.TRUSTED_PROXY_HOPS?.trim()) {
    // Counting hops from the right let a direct call to the function choose its key (issue 23 item 10).
    throw new Error('TRUSTED_PROXY_HOPS is no longer read: the client address is found by TRUSTED_PROXY_RANGES (docs/security.md "What the forwarding headers hold"); remove it.');
  }
  const fallback = local ? SOCKET_CLIENT_ADDRESS : DEPLOYED_CLIENT_ADDRESS;
  const header = env.CLIENT_IP_HEADER?.trim().toLowerCase() || fallback.header;
  const rangesText = env.TRUSTED_PROXY_RANGES?.trim();
  if (!rangesText) return { header, trustedProxies: fallback.trustedProxies };
  const trustedProxies = rangesText.split(',').map((range) => range.trim()).filter(Boolean);
  try {
    parseRanges(trustedProxies);
  } catch (error) {
    throw new Error(`TRUSTED_PROXY_RANGES: ${(error as Error).message}.`);
  }
  return { header, trustedProxies };
}
