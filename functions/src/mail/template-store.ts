import type { Clock } from '../clock.js';
import { RuleError } from '../rule-error.js';
import { TEMPLATE_MESSAGES, TEMPLATE_NAMES, isTemplateName, type EmailTemplate, type EmailTemplates, type TemplateName } from '../shared/email-templates-model.js';
import { collection, type DocumentStore } from '../store/port.js';
import { CONFIRMATION_TEMPLATE } from './templates/confirmation.js';
import { INVITATION_TEMPLATE } from './templates/invitation.js';
import { SAMPLE_CONTEXTS, renderEmail, validateTemplate, type RenderedEmail, type TemplateContexts } from './templates/render.js';
import { readsPath } from './templates/safety.js';
import { REMINDER_TEMPLATE } from './templates/reminder.js';
import { TICKET_TEMPLATE } from './templates/ticket.js';
import { ORDER_CONFIRMATION_TEMPLATE } from './templates/order.js';
import { VOLUNTEER_CANCELLED_TEMPLATE, VOLUNTEER_CONFIRMATION_TEMPLATE, VOLUNTEER_REMINDER_TEMPLATE } from './templates/volunteer.js';
import { WAITLIST_JOINED_TEMPLATE, WAITLIST_OFFER_TEMPLATE } from './templates/waitlist.js';
import { EVENT_CANCELLED_TEMPLATE, EVENT_UPDATED_TEMPLATE, REFUND_ISSUED_TEMPLATE, TICKET_CANCELLED_BY_ADMIN_TEMPLATE } from './templates/notices.js';
import { recordAudit } from '../audit/repository.js';
import { changedFields } from '../audit/actors.js';
import type { AuditActor, AuditTarget } from '../shared/audit-model.js';

const templateTarget = (name: string): AuditTarget => ({ type: 'emailTemplate', id: name, eventId: null, label: name });

/** A stored override of one template. */
export type StoredEmailTemplate = { subjectTemplate: string; htmlTemplate: string; updatedAt: string };

/** Stored template overrides: one document per template name. */
export const EMAIL_TEMPLATES = collection<StoredEmailTemplate>('emailTemplates');

/** The templates in use until an admin saves an override. */
export const DEFAULT_TEMPLATES: EmailTemplates = {
  ticket: TICKET_TEMPLATE,
  rsvpConfirmation: CONFIRMATION_TEMPLATE,
  reminder: REMINDER_TEMPLATE,
  adminInvitation: INVITATION_TEMPLATE,
  ticketCancelledByAdmin: TICKET_CANCELLED_BY_ADMIN_TEMPLATE,
  refundIssued: REFUND_ISSUED_TEMPLATE,
  eventCancelled: EVENT_CANCELLED_TEMPLATE,
  eventUpdated: EVENT_UPDATED_TEMPLATE,
  orderConfirmation: ORDER_CONFIRMATION_TEMPLATE,
  waitlistJoined: WAITLIST_JOINED_TEMPLATE,
  waitlistOffer: WAITLIST_OFFER_TEMPLATE,
  volunteerConfirmation: VOLUNTEER_CONFIRMATION_TEMPLATE,
  volunteerCancelled: VOLUNTEER_CANCELLED_TEMPLATE,
  volunteerReminder: VOLUNTEER_REMINDER_TEMPLATE,
};

/** Refuses a name that is not one of the templates (404). */
export function templateNameOrRefuse(name: string): TemplateName {
  if (!isTemplateName(name)) throw new RuleError('UNKNOWN_TEMPLATE', TEMPLATE_MESSAGES.unknownTemplate, 'not-found');
  return name;
}

/**
 * Refuses a template that does not compile, fails to render its sample values, prints
 * visitors' words unescaped, or (the invitation) lacks the link that accepts it.
 */
export function checkTemplate(name: TemplateName, template: EmailTemplate): RenderedEmail {
  const rendered = validateTemplate(template, SAMPLE_CONTEXTS[name]);
  // An invitation without its link could never be accepted: every invitation sent would be lost.
  if (name === 'adminInvitation' && !readsPath(template.htmlTemplate, 'invite.url')) {
    throw new RuleError('TEMPLATE_MISSING_LINK', TEMPLATE_MESSAGES.invitationNeedsLink, 'invalid', 'htmlTemplate');
  }
  return rendered;
}

function isTemplate(value: unknown): value is EmailTemplate {
  const data = value as Partial<EmailTemplate> | null;
  return typeof data?.subjectTemplate === 'string' && typeof data.htmlTemplate === 'string' && data.htmlTemplate.length > 0;
}

/**
 * Renders a template an admin may have edited. One that no longer renders must not stop the e-mail
 * (a ticket, an invitation, an offer): the default stands in, and the failure is logged.
 */
export function renderOrDefault<N extends TemplateName>(name: N, template: EmailTemplate, context: TemplateContexts[N], logger: Pick<Console, 'error'>): RenderedEmail {
  try {
    return renderEmail(template, context);
  } catch (error) {
    logger.error(`The stored "${name}" e-mail template failed to render; the default was used`, error);
    return renderEmail(DEFAULT_TEMPLATES[name], context);
  }
}

/** The admin-editable e-mail templates: a stored override, else the default. */
export function createTemplateStore({ store, clock }: { store: DocumentStore; clock: Clock }) {
  async function load(name: TemplateName): Promise<EmailTemplate> {
    const doc = await store.get(EMAIL_TEMPLATES, name);
    return doc && isTemplate(doc.data)
      ? { subjectTemplate: doc.data.subjectTemplate, htmlTemplate: doc.data.htmlTemplate }
      : DEFAULT_TEMPLATES[name];
  }

  async function get(): Promise<EmailTemplates> {
    const loaded = await Promise.all(TEMPLATE_NAMES.map(async (name) => [name, await load(name)] as const));
    return Object.fromEntries(loaded) as EmailTemplates;
  }

  return {
    load,

    defaults(): EmailTemplates {
      return structuredClone(DEFAULT_TEMPLATES);
    },

    /** Every template: the stored override, else the default. */
    get,

    /** Saves one template (validated by the route) after checking it compiles and renders; answers every template. */
    async save(name: string, template: EmailTemplate, actor?: AuditActor): Promise<EmailTemplates> {
      const known = templateNameOrRefuse(name);
      checkTemplate(known, template);
      const saved = { subjectTemplate: template.subjectTemplate, htmlTemplate: template.htmlTemplate };
      // The template and its audit entry (only the changed parts, before and after) in one transaction.
      await store.runTransaction(async (tx) => {
        const current = await tx.get(EMAIL_TEMPLATES, known);
        const before = current && isTemplate(current.data) ? current.data : DEFAULT_TEMPLATES[known];
        tx.set(EMAIL_TEMPLATES, known, { ...saved, updatedAt: clock.now().toISOString() });
        const changes = changedFields({ subjectTemplate: before.subjectTemplate, htmlTemplate: before.htmlTemplate }, saved);
        if (actor && changes.length) recordAudit(tx, { actor, action: 'emailTemplate.updated', target: templateTarget(known), changes }, clock.now());
      });
      return get();
    },

    /** Removes the stored override: the default is used again. Answers every template. */
    async reset(name: string, actor?: AuditActor): Promise<EmailTemplates> {
      const known = templateNameOrRefuse(name);
      await store.runTransaction(async (tx) => {
        const current = await tx.get(EMAIL_TEMPLATES, known);
        tx.delete(EMAIL_TEMPLATES, known);
        const before = current && isTemplate(current.data) ? current.data : DEFAULT_TEMPLATES[known];
        const changes = changedFields({ subjectTemplate: before.subjectTemplate, htmlTemplate: before.htmlTemplate }, { ...DEFAULT_TEMPLATES[known] });
        if (actor && changes.length) recordAudit(tx, { actor, action: 'emailTemplate.updated', target: templateTarget(known), changes, reason: 'Reset to the default' }, clock.now());
      });
      return get();
    },
  };
}
export type TemplateStore = ReturnType<typeof createTemplateStore>;
