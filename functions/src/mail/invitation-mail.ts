import { PROJECT_NAME } from '../shared/constants.js';
import { INVITE_ROLE_LABELS, type EmailTemplate } from '../shared/email-templates-model.js';
import type { Role } from '../shared/session-model.js';
import type { ThemeService } from '../theme/service.js';
import type { MailSender } from './port.js';
import { renderOrDefault, type TemplateStore } from './template-store.js';
import { formatDateTime, type InvitationContext, type RenderedEmail } from './templates/render.js';

export interface InvitationMailDeps {
  mailer: MailSender;
  templates: Pick<TemplateStore, 'load'>;
  theme: Pick<ThemeService, 'get'>;
  /** The organisation's zone: the expiry is written in it. */
  timeZone: string;
  from: string;
  logger: Pick<Console, 'error'>;
}

export interface AdminInvitationInput {
  to: string;
  /** The link that accepts the invitation; it carries the raw token. */
  acceptUrl: string;
  role: Role;
  /** Who invited (their e-mail). */
  invitedBy: string;
  expiresAt: Date;
}

/**
 * The admin invitation e-mail. It is sent straight through the mailer, never
 * queued in the outbox: its link carries the invitation's raw token, which we
 * must not store (only its hash is kept).
 */
export function createInvitationMail({ mailer, templates, theme, timeZone, from, logger }: InvitationMailDeps) {
  async function context(input: AdminInvitationInput): Promise<InvitationContext> {
    const siteName = (await theme.get()).siteName || PROJECT_NAME;
    return {
      invite: {
        url: input.acceptUrl,
        role: INVITE_ROLE_LABELS[input.role],
        invitedBy: input.invitedBy,
        expiresDate: formatDateTime(input.expiresAt, timeZone),
      },
      site: { name: siteName },
    };
  }

  /** A stored template that no longer renders must not stop invitations: the default stands in. */
  function render(template: EmailTemplate, values: InvitationContext): RenderedEmail {
    return renderOrDefault('adminInvitation', template, values, logger);
  }

  return {
    /** Renders the stored-or-default invitation and sends it; throws when sending fails, so the caller can undo the invitation. */
    async send(input: AdminInvitationInput): Promise<void> {
      const rendered = render(await templates.load('adminInvitation'), await context(input));
      await mailer.send({ to: input.to, from, ...rendered });
    },
  };
}
