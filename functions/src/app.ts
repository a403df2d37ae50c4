import type { RequestListener } from 'node:http';
import { createAuthGuards, requireSignedIn } from './auth/middleware.js';
import { createCalendarFanout } from './calendar/fan-out.js';
import { checkInRoutes } from './checkin/routes.js';
import { createCheckInService } from './checkin/service.js';
import { storedRoles } from './admins/roles.js';
import { adminRoutes, sessionRoutes } from './admins/routes.js';
import { createAdminService } from './admins/service.js';
import { eventRoutes } from './events/routes.js';
import { createEventService } from './events/service.js';
import { fileRoutes } from './files/routes.js';
import { SOCKET_CLIENT_ADDRESS } from './http/client-address.js';
import { publicWriteLimit } from './http/rate-limit.js';
import { httpHandler } from './http/server.js';
import type { LocalOutbox } from './mail/local-outbox.js';
import { mailRoutes } from './mail/routes.js';
import { createMailService } from './mail/service.js';
import { unconfiguredAudiences } from './mailchimp/port.js';
import type { OfflineAudiences } from './mailchimp/offline.js';
import { mailchimpRoutes } from './mailchimp/routes.js';
import { createMailchimpService } from './mailchimp/service.js';
import { paymentRoutes, paymentWebhookRoutes } from './payments/routes.js';
import { createPaymentService } from './payments/service.js';
import { createRefundWorker } from './payments/refund-worker.js';
import { isOfflineGateway } from './payments/offline.js';
import type { ApiDependencies } from './ports.js';
import { reminderRoutes } from './reminders/routes.js';
import { createReminderService } from './reminders/service.js';
import { rsvpRoutes } from './rsvps/routes.js';
import { createRsvpService } from './rsvps/service.js';
import { sponsorRoutes } from './sponsors/routes.js';
import { createSponsorService } from './sponsors/service.js';
import { themeRoutes } from './theme/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { createUploadService } from './uploads/service.js';
import { createThemeService } from './theme/service.js';
import { createReceiptService } from './receipts/service.js';
import { receiptRoutes } from './receipts/routes.js';
import { auditRoutes } from './audit/routes.js';
import { createAuditService } from './audit/service.js';
import { findRsvp } from './rsvps/repository.js';
import { neutraliseFormulas } from './rsvps/csv.js';
import { volunteerAdminRoutes } from './volunteers/admin-routes.js';
import { createVolunteerAdminService } from './volunteers/admin-service.js';
import { volunteerRoutes } from './volunteers/routes.js';
import { createVolunteerDoor } from './volunteers/door.js';
import { volunteerDoorRoutes } from './volunteers/door-routes.js';
import { createVolunteerService, hasOpenVolunteerRoles } from './volunteers/service.js';
import { createVolunteerReminders } from './volunteers/reminders.js';
import { waitlistRoutes } from './waitlist/routes.js';
import { createWaitlistService } from './waitlist/service.js';
import { createOfferWorker } from './waitlist/offers.js';
import { overviewRoutes } from './overview/routes.js';
import { createOverviewService } from './overview/service.js';

/** The services of the API, built once from its dependencies (also used by the scheduled work). */
export function createServices(deps: ApiDependencies) {
  const theme = createThemeService(deps.store, deps.clock);
  const mail = createMailService({
    store: deps.store,
    mailer: deps.mailer,
    clock: deps.clock,
    timeZone: deps.timeZone,
    siteUrl: deps.siteUrl,
    from: deps.mailFrom,
    theme,
  });
  const onMailQueued = deps.deliverMailOnCommit === false ? undefined : () => mail.kick();
  const uploads = createUploadService({ files: deps.files });
  const mailchimp = createMailchimpService({ store: deps.store, audiences: deps.audiences ?? unconfiguredAudiences(), clock: deps.clock });
  // A queued Mailchimp job is synced right after its commit (the schedule retries what fails).
  const onMailchimpQueued = deps.deliverMailOnCommit === false ? undefined : () => mailchimp.kick();
  // An event moved: its tickets' 'Event updated' mails are fanned out right after the commit (the schedule retries).
  const calendar = createCalendarFanout({ store: deps.store, clock: deps.clock, onMailQueued, logger: console });
  const onCalendarChanged = deps.deliverMailOnCommit === false ? undefined : () => calendar.kick();
  // A refund an attendee's cancel made due is asked for right after the commit (the schedule retries).
  const refunds = createRefundWorker({ store: deps.store, clock: deps.clock, payments: deps.payments });
  const onRefundQueued = deps.deliverMailOnCommit === false ? undefined : () => refunds.kick();
  // Issue 26 item 2: an order's printable receipt, linked from its e-mail and the paid success page.
  const receipts = createReceiptService({ store: deps.store, clock: deps.clock, theme, siteUrl: deps.siteUrl });
  // Issue 28 item 2: seats freed for an event's waitlist are offered right after the commit (the schedule settles what remains).
  const offers = createOfferWorker({ store: deps.store, clock: deps.clock, onMailQueued });
  const onSeatsFreed = deps.deliverMailOnCommit === false ? undefined : () => offers.kick();
  const payments = createPaymentService({ store: deps.store, clock: deps.clock, payments: deps.payments, onMailQueued, onMailchimpQueued, receiptLink: receipts.link, onSeatsFreed });
  // The offline gateway announces its refunds itself, as Stripe posts charge.refunded to the webhook.
  if (isOfflineGateway(deps.payments)) {
    const gateway = deps.payments;
    gateway.onNotification(async ({ payload, signature }) => payments.handleEvent(gateway.verifyWebhook(Buffer.from(payload), signature)));
  }
  return {
    mail,
    mailchimp,
    calendar,
    theme,
    events: createEventService({ ...deps, onCalendarChanged, onSeatsFreed, hasVolunteerRoles: (eventId) => hasOpenVolunteerRoles(deps.store, deps.clock.now(), eventId) }),
    admins: createAdminService({ store: deps.store, clock: deps.clock, siteUrl: deps.siteUrl, sendInvitation: (input) => mail.sendAdminInvitation(input) }),
    sponsors: createSponsorService({ store: deps.store, clock: deps.clock, uploads }),
    rsvps: createRsvpService({ store: deps.store, clock: deps.clock, timeZone: deps.timeZone, onMailQueued, onMailchimpQueued, onRefundQueued, onSeatsFreed, intents: deps.payments }),
    checkins: createCheckInService({ store: deps.store, clock: deps.clock }),
    uploads,
    payments,
    receipts,
    refunds,
    reminders: createReminderService({ store: deps.store, clock: deps.clock, onMailQueued }),
    audit: createAuditService({
      store: deps.store,
      rsvpOrigin: async (id) => {
        const rsvp = await findRsvp(deps.store, id);
        return rsvp ? { waitlistEntryId: rsvp.data.waitlistEntryId ?? null } : null;
      },
      neutraliseFormulas,
    }),
    waitlist: createWaitlistService({ store: deps.store, clock: deps.clock, timeZone: deps.timeZone, onMailQueued, onSeatsFreed }),
    offers,
    volunteers: createVolunteerService({ store: deps.store, clock: deps.clock, siteUrl: deps.siteUrl, onMailQueued, onMailchimpQueued, onSeatsFreed }),
    volunteerReminders: createVolunteerReminders({ store: deps.store, clock: deps.clock, onMailQueued }),
    volunteersAdmin: createVolunteerAdminService({ store: deps.store, clock: deps.clock, timeZone: deps.timeZone, onMailQueued }),
    overview: createOverviewService({ store: deps.store, clock: deps.clock, timeZone: deps.timeZone }),
    volunteerDoor: createVolunteerDoor({ store: deps.store, clock: deps.clock, siteUrl: deps.siteUrl }),
  };
}
export type Services = ReturnType<typeof createServices>;

/**
 * The whole API as one app, built from its dependencies, as a Node request
 * listener. It answers on `/...` (the function's own URL) and on `/api/...`
 * (the Hosting rewrite).
 */
export function createApi(deps: ApiDependencies, services: Services = createServices(deps)): Promise<RequestListener> {
  const guards = createAuthGuards({ identity: deps.identity, roles: storedRoles(deps.store) });
  const limit = publicWriteLimit({
    perMinute: deps.publicWritesPerMinute,
    store: deps.store,
    clock: deps.clock,
    source: deps.clientAddress ?? SOCKET_CLIENT_ADDRESS,
    tuning: deps.rateLimitTuning,
  });
  // The mailbox page exists only where the local outbox is the mailer.
  const outbox = deps.mailer.kind === 'local-outbox' ? (deps.mailer as LocalOutbox) : undefined;
  // The local audiences page exists only where the offline demo audiences are the adapter.
  const offlineAudiences = deps.audiences?.kind === 'offline' ? (deps.audiences as OfflineAudiences) : undefined;

  return httpHandler((api) => {
    // Stripe signs the raw bytes: the webhook reads its body in a scope of its own.
    paymentWebhookRoutes(api, deps.payments, services.payments);
    rsvpRoutes(api, services.rsvps, guards, { publicWriteLimit: limit });
    checkInRoutes(api, services.checkins, guards, { siteUrl: deps.siteUrl });
    themeRoutes(api, services.theme, guards);
    eventRoutes(api, services.events, guards);
    sponsorRoutes(api, services.sponsors, guards);
    paymentRoutes(api, deps.payments, services.payments, { publicWriteLimit: limit, requireAdmin: guards.requireRole('admin') });
    mailRoutes(api, services.mail, guards, {
      publicWriteLimit: limit,
      outbox,
      authMails: outbox ? deps.authEmulatorMail : undefined,
      themeContactEmail: async () => (await services.theme.get()).contactEmail,
      timeZone: deps.timeZone,
    });
    mailchimpRoutes(api, services.mailchimp, guards, { offline: offlineAudiences, timeZone: deps.timeZone });
    sessionRoutes(api, guards);
    adminRoutes(api, services.admins, guards, requireSignedIn(deps.identity));
    fileRoutes(api, deps.files);
    uploadRoutes(api, services.uploads, guards);
    reminderRoutes(api, services.reminders, guards);
    receiptRoutes(api, services.receipts, { publicWriteLimit: limit });
    waitlistRoutes(api, services.waitlist, guards, { publicWriteLimit: limit });
    auditRoutes(api, services.audit, guards);
    volunteerRoutes(api, services.volunteers, { publicWriteLimit: limit });
    volunteerAdminRoutes(api, services.volunteersAdmin, guards, { publicWriteLimit: limit });
    overviewRoutes(api, services.overview, guards);
    volunteerDoorRoutes(api, services.volunteerDoor, guards, { publicWriteLimit: limit });
  });
}

/**
 * Work that runs on a schedule (DESIGN §3): unpaid holds give their seats
 * back, due reminders are queued and moved events' calendar updates are fanned out (issue 25
 * items 3 and 2; both before the delivery, so their e-mails go out in the same run), due e-mails
 * are delivered or retried, and so are Mailchimp sync jobs. Production runs it with onSchedule;
 * local runs call it on an interval.
 */
export async function runScheduledWork(services: Services) {
  const released = await services.payments.releaseExpiredHolds();
  // Refunds owed to attendees who cancelled: asked for again until the provider accepts (errors are per job, logged).
  const refunds = await services.refunds.processDue();
  // Seats freed for waitlists (the holds just released among them) are offered, and offers past their window expire.
  const offers = await services.offers.processDue();
  // A failing reminder sweep must not hold back the e-mail already queued: logged, retried next run.
  const reminders = await services.reminders.sweep().catch((error: unknown) => {
    console.error('The reminder sweep failed', error);
    return 0;
  });
  // Issue 29: the volunteers' reminders before their shifts, by the same rules (volunteers/reminders.ts).
  const volunteerReminders = await services.volunteerReminders.sweep().catch((error: unknown) => {
    console.error('The volunteer reminder sweep failed', error);
    return 0;
  });
  const calendar = await services.calendar.fanOutDue();
  const mail = await services.mail.deliverDue();
  const mailchimp = await services.mailchimp.syncDue();
  return { released, refunds, offers, reminders, volunteerReminders, calendar, mail, mailchimp };
}
