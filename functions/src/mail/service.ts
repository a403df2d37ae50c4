import type { Clock } from '../clock.js';
import type { Role } from '../shared/session-model.js';
import type { DocumentStore } from '../store/port.js';
import type { ThemeService } from '../theme/service.js';
import { createAttendeeMail } from './attendee-mail.js';
import { createContactMail } from './contact.js';
import { createMailDelivery } from './delivery.js';
import type { MailJob } from '../outbox/outbox.js';
import { createInvitationMail, type AdminInvitationInput } from './invitation-mail.js';
import { createLinkMail } from './link-mail.js';
import type { MailSender } from './port.js';
import { createTemplateAdmin } from './template-admin.js';
import { createTemplateStore } from './template-store.js';
import { themedMailer } from './templates/colours.js';
import { createVolunteerAdminMail } from './volunteer-admin-mail.js';
import { createVolunteerMail } from './volunteer-mail.js';
import { createWaitlistMail } from './waitlist-mail.js';

export interface MailServiceDeps {
  store: DocumentStore;
  mailer: MailSender;
  clock: Clock;
  /** The organisation's zone: dates in e-mails are formatted in it. */
  timeZone: string;
  /** The public site's base address, e.g. https://example.org (links in e-mails). */
  siteUrl: string;
  /** The sender, e.g. 'Zion Events <events@example.org>'. */
  from: string;
  /** The site's theme: the contact form's e-mails carry its name and contact address, every e-mail its colours. */
  theme: Pick<ThemeService, 'get'>;
  logger?: Pick<Console, 'error'>;
}

/**
 * E-mail, composed of its parts: the outbox worker (delivery.ts), the
 * admin-editable templates (template-store.ts), the attendee e-mails
 * (attendee-mail.ts) and the contact form (contact.ts).
 */
export function createMailService(deps: MailServiceDeps) {
  const { store, clock, timeZone, siteUrl, from, theme } = deps;
  // Every e-mail takes the theme's colours as it is sent (issue 24 item 12).
  const mailer = themedMailer(deps.mailer, theme);
  const logger = deps.logger ?? console;
  const templates = createTemplateStore({ store, clock });
  const attendee = createAttendeeMail({ store, clock, templates, timeZone, siteUrl, from, logger });
  const contact = createContactMail({ store, clock, theme, from });
  const links = createLinkMail({ store, clock, timeZone, siteUrl, from });
  const waitlist = createWaitlistMail({ store, clock, templates, timeZone, siteUrl, from, logger });
  const volunteer = createVolunteerMail({ store, clock, templates, timeZone, siteUrl, from, logger });
  const volunteerAdmin = createVolunteerAdminMail({ store, templates, timeZone, siteUrl, from, logger });
  const compose = (job: MailJob) => {
    if (job.kind === 'contact' || job.kind === 'contactReceipt') return contact.compose(job);
    if (job.kind === 'confirmRegistration' || job.kind === 'paymentLink') return links.compose({ ...job, kind: job.kind });
    if (job.kind === 'waitlistJoined') return waitlist.compose(job);
    if (job.kind === 'waitlistOffer') return waitlist.composeOffer(job);
    if (job.kind === 'volunteerConfirmation') return volunteer.compose(job);
    if (job.kind === 'volunteerCancelled') return volunteerAdmin.composeCancelled(job);
    if (job.kind === 'volunteerMessage') return volunteerAdmin.composeMessage(job);
    if (job.kind === 'volunteerReminder') return volunteer.composeReminder(job);
    if (job.kind === 'eventUpdated') return attendee.composeEventUpdated({ ...job, kind: job.kind });
    if (job.kind === 'ticketCancelledByAdmin' || job.kind === 'refundIssued' || job.kind === 'eventCancelled') return attendee.composeNotice({ ...job, kind: job.kind });
    if (job.kind === 'manageLink' || job.kind === 'ticketCancelled' || job.kind === 'ticketTransferred') return links.composeManage({ ...job, kind: job.kind });
    if (job.kind === 'orderConfirmation') return attendee.composeOrder(job);
    return attendee.compose({ ...job, kind: job.kind });
  };
  const delivery = createMailDelivery({ store, mailer, clock, compose, logger });
  const invitation = createInvitationMail({ mailer, templates, theme, timeZone, from, logger });
  const templateAdmin = createTemplateAdmin({ mailer, templates, from, logger });

  return {
    deliverDue: delivery.deliverDue,
    kick: delivery.kick,
    whenIdle: delivery.whenIdle,
    templates: {
      defaults: templates.defaults,
      get: templates.get,
      save: templates.save,
      reset: templates.reset,
      preview: templateAdmin.preview,
      sendTest: templateAdmin.sendTest,
    },
    queueResend: attendee.queueResend,
    queueContact: contact.queue,
    /**
     * The admin invitation e-mail, sent at once through the mailer (never the
     * outbox: the link carries the raw token). Throws when sending fails, so
     * the caller can undo the invitation.
     */
    sendAdminInvitation(input: { to: string; acceptUrl: string; role: Role; invitedBy: string; expiresAt: Date }): Promise<void> {
      return invitation.send(input satisfies AdminInvitationInput);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
