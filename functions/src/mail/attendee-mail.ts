import type { Clock } from '../clock.js';
import { findEvent, toEventDetails } from '../events/repository.js';
import { RuleError } from '../rule-error.js';
import { findRsvp, readRsvpWithEvent, toRsvpView } from '../rsvps/repository.js';
import { confirmationMailKind } from '../rsvps/rules.js';
import type { EmailTemplate, TemplateName } from '../shared/email-templates-model.js';
import { MAIL_MESSAGES } from '../shared/mail-model.js';
import { MESSAGES } from '../shared/messages.js';
import { RSVP_MESSAGES } from '../shared/rsvps-model.js';
import type { DocumentStore } from '../store/port.js';
import type { Composed } from './delivery.js';
import { queueMail, type MailJob } from '../outbox/outbox.js';
import { ticketQrAttachment } from './qr.js';
import { mintManageLink } from './link-mail.js';
import { escapedValues } from './templates/render.js';
import { DEFAULT_TEMPLATES, type TemplateStore } from './template-store.js';
import { buildTemplateContext, renderEmail, type RenderedEmail, type TemplateContext } from './templates/render.js';

export interface AttendeeMailDeps {
  store: DocumentStore;
  clock: Clock;
  templates: Pick<TemplateStore, 'load'>;
  /** The organisation's zone: dates in e-mails are formatted in it. */
  timeZone: string;
  /** The public site's base address, e.g. https://example.org (links in e-mails). */
  siteUrl: string;
  /** The sender, e.g. 'Zion Events <events@example.org>'. */
  from: string;
  logger: Pick<Console, 'error'>;
}

/**
 * Every ticket e-mail carries the 'Can't come?' link (issue 25), also when an admin's saved template
 * predates {{urls.manage}}: such a template gets it as a last paragraph, before </body> (or at the end).
 */
export function withManageLink(rendered: RenderedEmail, template: EmailTemplate, manageUrl: string): RenderedEmail {
  if (!manageUrl || template.htmlTemplate.includes('urls.manage')) return rendered;
  const paragraph = `<p style="margin:16px 32px;font-size:14px;">Can't come? <a href="${escapedValues(manageUrl)}">Cancel your ticket</a> so someone else can have the seat.</p>`;
  const at = rendered.html.toLowerCase().lastIndexOf('</body>');
  const html = at === -1 ? rendered.html + paragraph : rendered.html.slice(0, at) + paragraph + rendered.html.slice(at);
  return { ...rendered, html, text: `${rendered.text}\n\nCan't come? Cancel your ticket: ${manageUrl}` };
}

/** The e-mails an attendee receives: the ticket, or the confirmation when the event issues no tickets. */
export function createAttendeeMail({ store, clock, templates, timeZone, siteUrl, from, logger }: AttendeeMailDeps) {
  /** A stored template that no longer renders must not stop tickets: the default stands in. */
  function renderWithFallback(name: TemplateName, template: EmailTemplate, context: TemplateContext): RenderedEmail {
    try {
      return renderEmail(template, context);
    } catch (error) {
      logger.error(`The stored "${name}" e-mail template failed to render; the default was used`, error);
      return renderEmail(DEFAULT_TEMPLATES[name], context);
    }
  }

  return {
    /** The message of a ticket or rsvpConfirmation job, from the RSVP as it is now. */
    async compose(job: MailJob & { kind: TemplateName }): Promise<Composed> {
      if (!job.rsvpId) return { skip: RSVP_MESSAGES.rsvpNotFound };
      const rsvp = await findRsvp(store, job.rsvpId);
      if (!rsvp) return { skip: RSVP_MESSAGES.rsvpNotFound };
      // A cancelled (or released, or unpaid) RSVP gets no ticket.
      if (rsvp.data.status !== 'confirmed') return { skip: `The RSVP is ${rsvp.data.status}` };
      const event = await findEvent(store, rsvp.data.eventId);
      if (!event) return { skip: MESSAGES.eventNotFound };
      // Issue 25: a fresh 'Can't come?' key, its hash on the RSVP; the raw key only in this e-mail.
      const manageUrl = (await mintManageLink(store, siteUrl, rsvp.id)) ?? '';
      const context = buildTemplateContext({
        event: toEventDetails(event),
        rsvp: toRsvpView(rsvp),
        siteUrl,
        timeZone,
        manageUrl,
      });
      const template = await templates.load(job.kind);
      const rendered = withManageLink(renderWithFallback(job.kind, template, context), template, manageUrl);
      const attachments = job.kind === 'ticket' ? [await ticketQrAttachment(context.urls.checkIn)] : undefined;
      return { message: { to: job.to, from, ...rendered, ...(attachments ? { attachments } : {}) } };
    },

    /** Queues the RSVP's e-mail again: its ticket, or the confirmation when the event issues no tickets. */
    async queueResend(rsvpId: string): Promise<{ kind: TemplateName; jobId: string; message: string }> {
      const now = clock.now();
      return store.runTransaction(async (tx) => {
        const { rsvp, event } = await readRsvpWithEvent(tx, rsvpId);
        if (!rsvp || rsvp.data.status !== 'confirmed') throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
        if (!event) throw new RuleError('EVENT_NOT_FOUND', MESSAGES.eventNotFound, 'not-found');
        const kind = confirmationMailKind(event.data);
        const jobId = queueMail(tx, { kind, rsvpId, to: rsvp.data.email, trigger: 'staff' }, now);
        return { kind, jobId, message: kind === 'ticket' ? MAIL_MESSAGES.ticketQueued : MAIL_MESSAGES.confirmationQueued };
      });
    },
  };
}
export type AttendeeMail = ReturnType<typeof createAttendeeMail>;
