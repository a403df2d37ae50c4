import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { apiRuntimeSettings } from './api-settings.js';
import { createApi, createServices, runScheduledWork, type Services } from './app.js';
import { dependenciesFromEnvironment } from './config.js';
import { MAIL_JOBS } from './outbox/outbox.js';
import { MAILCHIMP_JOBS } from './outbox/mailchimp-jobs.js';
import { CALENDAR_FANOUT_JOBS } from './outbox/calendar-jobs.js';

/**
 * Secrets a deployment must have; `firebase deploy` refuses to deploy while
 * one is missing and names it. The emulator gets them from the environment
 * instead (binding them there would make it ask Secret Manager, online).
 */
const SECRET_NAMES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SENDGRID_API_KEY',
  // Mailchimp is optional: its key is bound once MAILCHIMP_ENABLED=true (functions/.env), so a
  // deploy without it still works and the dashboard says Mailchimp is not configured.
  ...(process.env.MAILCHIMP_ENABLED === 'true' ? ['MAILCHIMP_API_KEY'] : []),
];
const secrets = process.env.FUNCTIONS_EMULATOR === 'true' ? [] : SECRET_NAMES.map((name) => defineSecret(name));

let built: { app: ReturnType<typeof createApi>; services: Services } | undefined;

/** Built on the first call, not during deploy analysis (which has no secrets). */
function api() {
  if (!built) {
    const deps = dependenciesFromEnvironment();
    const services = createServices(deps);
    built = { app: createApi(deps, services), services };
  }
  return built;
}

/**
 * Instances, concurrency, memory, CPU and timeout from API_* settings (api-settings.ts, docs/configuration.md
 * "Production settings"); read when the functions are deployed, so a bad value stops the deploy.
 */
const settings = apiRuntimeSettings();

/** The `api` HTTPS function: every call of SPEC §7. */
export const apiFunction = onRequest({ region: 'us-central1', ...settings, secrets }, async (req, res) => {
  (await api().app)(req, res);
});

/** Every minute: release unpaid holds, deliver and retry e-mail. */
export const scheduledWork = onSchedule({ schedule: 'every 1 minutes', region: 'us-central1', secrets }, async () => {
  await runScheduledWork(api().services);
});

/**
 * A queued e-mail is delivered as soon as its job is committed. (The API also
 * starts delivery right after a commit, but Cloud Run may throttle work done
 * after the response; this trigger and the sweep make delivery certain.)
 */
export const mailJobCreated = onDocumentCreated({ document: `${MAIL_JOBS}/{jobId}`, region: 'us-central1', secrets }, async () => {
  await api().services.mail.deliverDue();
});

/** A queued Mailchimp sync (a registration, payment or cancellation) runs as soon as its job is committed. */
export const mailchimpJobCreated = onDocumentCreated({ document: `${MAILCHIMP_JOBS}/{jobId}`, region: 'us-central1', secrets }, async () => {
  await api().services.mailchimp.syncDue();
});

/** A moved event's calendar fan-out (issue 25 item 2) runs as soon as its job is committed; the schedule retries. */
export const calendarFanoutJobCreated = onDocumentCreated({ document: `${CALENDAR_FANOUT_JOBS}/{jobId}`, region: 'us-central1', secrets }, async () => {
  await api().services.calendar.fanOutDue();
});

export { apiFunction as api };
