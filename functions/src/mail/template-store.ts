import type { Clock } from '../clock.js';
import { RuleError } from '../rule-error.js';
import { MAIL_MESSAGES, TEMPLATE_NAMES, isTemplateName, type EmailTemplate, type EmailTemplates, type TemplateName } from '../shared/mail-model.js';
import { collection, type DocumentStore } from '../store/port.js';
import { CONFIRMATION_TEMPLATE } from './templates/confirmation.js';
import { validateTemplate } from './templates/render.js';
import { TICKET_TEMPLATE } from './templates/ticket.js';

/** A stored override of one template. */
export type StoredEmailTemplate = { subjectTemplate: string; htmlTemplate: string; updatedAt: string };

/** Stored template overrides: one document per template name. */
export const EMAIL_TEMPLATES = collection<StoredEmailTemplate>('emailTemplates');

/** The templates in use until an admin saves an override. */
export const DEFAULT_TEMPLATES: EmailTemplates = { ticket: TICKET_TEMPLATE, rsvpConfirmation: CONFIRMATION_TEMPLATE };

function isTemplate(value: unknown): value is EmailTemplate {
  const data = value as Partial<EmailTemplate> | null;
  return typeof data?.subjectTemplate === 'string' && typeof data.htmlTemplate === 'string' && data.htmlTemplate.length > 0;
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
    const [ticket, rsvpConfirmation] = await Promise.all(TEMPLATE_NAMES.map((name) => load(name)));
    return { ticket, rsvpConfirmation };
  }

  return {
    load,

    defaults(): EmailTemplates {
      return structuredClone(DEFAULT_TEMPLATES);
    },

    /** Both templates: the stored override, else the default. */
    get,

    /** Saves one template (validated by the route) after checking it compiles and renders; answers both templates. */
    async save(name: string, template: EmailTemplate): Promise<EmailTemplates> {
      if (!isTemplateName(name)) throw new RuleError('UNKNOWN_TEMPLATE', MAIL_MESSAGES.unknownTemplate, 'not-found');
      validateTemplate(template);
      await store.set(EMAIL_TEMPLATES, name, {
        subjectTemplate: template.subjectTemplate,
        htmlTemplate: template.htmlTemplate,
        updatedAt: clock.now().toISOString(),
      });
      return get();
    },
  };
}
export type TemplateStore = ReturnType<typeof createTemplateStore>;
