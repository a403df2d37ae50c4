import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { AuthEmulatorMailbox } from '../auth/emulator-mail.js';
import type { AuthGuards } from '../auth/middleware.js';
import { notFound } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import type { IdParams } from '../http/server.js';
import { ORGANISATION_TIME_ZONE } from '../shared/constants.js';
import { TEMPLATE_MESSAGES, type EmailTemplate } from '../shared/email-templates-model.js';
import { MAIL_MESSAGES } from '../shared/mail-model.js';
import { contactMessageSchema, emailTemplateSchema } from '../shared/mail.js';
import { inlineCidImages, toMailboxMessageView, type LocalOutbox } from './local-outbox.js';
import { LOCAL_PAGE_CSP } from '../http/local-page.js';
import { MAILBOX_MESSAGE_CSP, mailboxPage, safeAttachmentName, withMailboxBanner, type AuthMailsSection } from './mailbox-page.js';
import type { MailService } from './service.js';
import { staffActor } from '../audit/actors.js';

/** E-mail templates may be large HTML; every other body stays small. */
const TEMPLATE_BODY_LIMIT_BYTES = 300 * 1024;

export interface MailRouteOptions {
  publicWriteLimit: preHandlerAsyncHookHandler;
  /** Only for local runs: the outbox whose messages the mailbox page shows. */
  outbox?: LocalOutbox;
  /** Only for local runs on the Auth emulator: Firebase Auth's own e-mails (verification links), shown on the mailbox page too. */
  authMails?: AuthEmulatorMailbox;
  /** Where contact-form messages go (the theme's contact e-mail); empty when none is set. */
  themeContactEmail: () => Promise<string>;
  /** Zone for the mailbox page's times. */
  timeZone?: string;
}

/** The test e-mail's optional draft: absent (or an empty body) means the saved template; a partial draft is refused. */
function draftOf(body: unknown): EmailTemplate | undefined {
  const empty = body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
  return empty ? undefined : parseWith(emailTemplateSchema, body);
}

/** E-mail templates (admin), ticket resend (admin), the contact form (public) and, locally, the mailbox. */
export function mailRoutes(api: FastifyInstance, mail: MailService, guards: AuthGuards, options: MailRouteOptions) {
  const admin = guards.requireRole('admin');
  const timeZone = options.timeZone ?? ORGANISATION_TIME_ZONE;

  api.get('/email-templates', { preHandler: admin }, async () => ({
    success: true,
    templates: await mail.templates.get(),
    defaults: mail.templates.defaults(),
  }));

  api.put<{ Params: { name: string } }>('/email-templates/:name', { preHandler: admin, bodyLimit: TEMPLATE_BODY_LIMIT_BYTES }, async (request) => {
    const templates = await mail.templates.save(request.params.name, parseWith(emailTemplateSchema, request.body), staffActor(request.viewer!));
    return { success: true, message: TEMPLATE_MESSAGES.templateSaved, templates };
  });

  api.delete<{ Params: { name: string } }>('/email-templates/:name', { preHandler: admin }, async (request) => {
    const templates = await mail.templates.reset(request.params.name, staffActor(request.viewer!));
    return { success: true, message: TEMPLATE_MESSAGES.templateReset, templates };
  });

  api.post<{ Params: { name: string } }>(
    '/email-templates/:name/preview',
    { preHandler: admin, bodyLimit: TEMPLATE_BODY_LIMIT_BYTES },
    async (request) => {
      const { subject, html } = await mail.templates.preview(request.params.name, parseWith(emailTemplateSchema, request.body));
      return { success: true, subject, html };
    },
  );

  api.post<{ Params: { name: string } }>('/email-templates/:name/test', { preHandler: admin, bodyLimit: TEMPLATE_BODY_LIMIT_BYTES }, async (request) => {
    const { message } = await mail.templates.sendTest(request.params.name, draftOf(request.body), request.viewer!.email);
    return { success: true, message };
  });

  api.post<IdParams>('/rsvps/:id/resend-ticket', { preHandler: admin }, async (request) => {
    const { message } = await mail.queueResend(request.params.id);
    mail.kick();
    return { success: true, message };
  });

  api.post('/contact', { preHandler: options.publicWriteLimit }, async (request) => {
    const input = parseWith(contactMessageSchema, request.body);
    await mail.queueContact(input, await options.themeContactEmail());
    mail.kick();
    return { success: true, message: MAIL_MESSAGES.contactSent };
  });

  const outbox = options.outbox;
  if (!outbox) return;
  // Links on these pages stay under the address the page was asked for (`/api` or the function's own).
  const base = api.prefix;
  type MailboxQuery = { Querystring: { to?: unknown; format?: unknown } };

  /** Firebase Auth's e-mails from the Auth emulator; the page still shows the outbox when the emulator does not answer. */
  async function authMailsOf(to: string): Promise<AuthMailsSection | undefined> {
    if (!options.authMails) return undefined;
    try {
      return { mails: await options.authMails.list(to || undefined) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  api.get<MailboxQuery>('/mailbox', async (request, reply) => {
    const to = typeof request.query.to === 'string' ? request.query.to.trim() : '';
    const [messages, authMails] = await Promise.all([outbox.list({ to: to || undefined }), authMailsOf(to)]);
    reply.header('Cache-Control', 'no-store');
    if (request.query.format === 'json') return { success: true, messages, ...(authMails ? { authMails } : {}) };
    reply.header('Content-Security-Policy', LOCAL_PAGE_CSP);
    return reply.type('text/html; charset=utf-8').send(mailboxPage(messages, base, timeZone, to, authMails));
  });

  api.get<IdParams & MailboxQuery>('/mailbox/:id', async (request, reply) => {
    const message = await outbox.get(request.params.id);
    if (!message) throw notFound('Message not found');
    reply.header('Cache-Control', 'no-store');
    if (request.query.format === 'json') return { success: true, message: toMailboxMessageView(message) };
    reply.header('Content-Security-Policy', MAILBOX_MESSAGE_CSP);
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    // Inline images are shown in the message; the others (a ticket's .ics) are offered for download.
    const attachments = message.attachments.flatMap((attachment, index) =>
      attachment.contentId
        ? []
        : [{ filename: attachment.filename, contentType: attachment.contentType, size: Buffer.from(attachment.content, 'base64').length, href: `${base}/mailbox/${encodeURIComponent(message.id)}/attachments/${index}` }],
    );
    return reply.type('text/html; charset=utf-8').send(withMailboxBanner(inlineCidImages(message), message, `${base}/mailbox`, attachments));
  });

  /** One attachment of a kept message, as a download (issue 25 item 2: the ticket's .ics). */
  api.get<{ Params: { id: string; index: string } }>('/mailbox/:id/attachments/:index', async (request, reply) => {
    const message = await outbox.get(request.params.id);
    const attachment = message && /^\d+$/.test(request.params.index) ? message.attachments[Number(request.params.index)] : undefined;
    if (!attachment) throw notFound('Attachment not found');
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Disposition', `attachment; filename="${safeAttachmentName(attachment.filename)}"`);
    return reply.type(attachment.contentType).send(Buffer.from(attachment.content, 'base64'));
  });
}
