import { RuleError } from '../rule-error.js';
import { TEMPLATE_MESSAGES, testEmailSent, type EmailTemplate } from '../shared/email-templates-model.js';
import { inlineCidImages } from './local-outbox.js';
import type { MailSender } from './port.js';
import { ticketQrAttachment } from './qr.js';
import { checkTemplate, templateNameOrRefuse, type TemplateStore } from './template-store.js';
import { orderQrContentId } from './templates/order.js';
import { SAMPLE_CONTEXT, SAMPLE_CONTEXTS, SAMPLE_ORDER_CONTEXT } from './templates/render.js';
import { VOLUNTEER_QR_CONTENT_ID } from './templates/volunteer.js';
import { volunteerPassUrl } from '../shared/volunteer-door-model.js';

export interface TemplateAdminDeps {
  mailer: MailSender;
  templates: Pick<TemplateStore, 'load'>;
  from: string;
  logger: Pick<Console, 'error'>;
}

/** Marks the Emails tab's test e-mail, so nobody mistakes it for a real ticket. */
const TEST_SUBJECT_PREFIX = '[Test] ';

/**
 * The Emails tab's tools: a preview and a test e-mail of a template (saved or
 * not), rendered with sample values through the same checks as a save.
 */
export function createTemplateAdmin({ mailer, templates, from, logger }: TemplateAdminDeps) {
  /** The template rendered with sample values, with the ticket's sample QR code attached when it is the ticket. */
  async function sample(name: string, template: EmailTemplate) {
    const known = templateNameOrRefuse(name);
    const rendered = checkTemplate(known, template);
    const attachments =
      known === 'ticket' || known === 'reminder'
        ? [await ticketQrAttachment(SAMPLE_CONTEXT.urls.checkIn)]
        : known === 'orderConfirmation'
          ? await Promise.all(SAMPLE_ORDER_CONTEXT.tickets.map((ticket) => ticketQrAttachment(ticket.url, orderQrContentId(ticket.number))))
          : known === 'volunteerConfirmation'
            ? [await ticketQrAttachment(volunteerPassUrl('https://example.org', SAMPLE_CONTEXTS.volunteerConfirmation.volunteer.passCode ?? ''), VOLUNTEER_QR_CONTENT_ID)]
            : [];
    return { name: known, rendered, attachments };
  }

  return {
    /** What the template would send, with sample values; nothing is saved. The QR code is inlined so a browser shows it. */
    async preview(name: string, template: EmailTemplate): Promise<{ subject: string; html: string }> {
      const { rendered, attachments } = await sample(name, template);
      const html = inlineCidImages({
        html: rendered.html,
        attachments: attachments.map((a) => ({ ...a, contentId: a.contentId ?? null, content: a.content.toString('base64') })),
      });
      return { subject: rendered.subject, html };
    },

    /** Sends the draft (else the saved template), with sample values, straight to `to`: the signed-in admin. */
    async sendTest(name: string, draft: EmailTemplate | undefined, to: string): Promise<{ message: string }> {
      const template = draft ?? (await templates.load(templateNameOrRefuse(name)));
      const { rendered, attachments } = await sample(name, template);
      try {
        await mailer.send({
          to,
          from,
          ...rendered,
          subject: `${TEST_SUBJECT_PREFIX}${rendered.subject}`,
          ...(attachments.length ? { attachments } : {}),
        });
      } catch (error) {
        logger.error(`The test e-mail to ${to} could not be sent`, error);
        throw new RuleError('MAIL_SEND_FAILED', TEMPLATE_MESSAGES.testEmailFailed, 'provider-failed');
      }
      return { message: testEmailSent(to) };
    },
  };
}
