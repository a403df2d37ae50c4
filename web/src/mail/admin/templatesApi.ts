// The Emails tab's calls (GET/PUT/DELETE /email-templates, preview, test) and its pure helpers.
import { queryOptions } from '@tanstack/react-query';
import { TEMPLATE_MESSAGES, type EmailTemplate, type EmailTemplatesReply, type TemplateName } from '@shared/email-templates-model.js';
import type { StaffApiClient } from '../../api/staffClient.js';

type Api = Pick<StaffApiClient, 'request'>;

export const EMAILS_TEXT = {
  loading: 'Loading templates...',
  save: 'Save template',
  saving: 'Saving...',
  sendTest: 'Send me a test',
  sendingTest: 'Sending...',
  testFailed: 'The test e-mail could not be sent',
  reset: 'Reset to default',
  resetting: 'Resetting...',
  resetFailed: 'Reset failed',
  previewFailed: 'The preview could not be made',
  previewing: 'Updating preview...',
} as const;

/** How long typing must pause before the preview asks the server again. */
export const PREVIEW_DEBOUNCE_MS = 400;

const name = encodeURIComponent;

export const templatesQueryKey = ['email-templates'] as const;

/** GET /email-templates: the templates in use and their defaults. */
export function templatesQuery(api: Api) {
  return queryOptions({
    queryKey: templatesQueryKey,
    queryFn: ({ signal }) => api.request<EmailTemplatesReply>('/email-templates', { signal }, TEMPLATE_MESSAGES.loadTemplatesFailed),
  });
}

type TemplatesReply = Pick<EmailTemplatesReply, 'templates'> & { message?: string };

export const templateCalls = {
  save: (api: Api, template: TemplateName, body: EmailTemplate) =>
    api.request<TemplatesReply>(`/email-templates/${name(template)}`, { method: 'PUT', body }, TEMPLATE_MESSAGES.saveFailed),
  reset: (api: Api, template: TemplateName) =>
    api.request<TemplatesReply>(`/email-templates/${name(template)}`, { method: 'DELETE' }, EMAILS_TEXT.resetFailed),
  preview: (api: Api, template: TemplateName, body: EmailTemplate, signal?: AbortSignal) =>
    api.request<{ subject: string; html: string }>(`/email-templates/${name(template)}/preview`, { method: 'POST', body, signal }, EMAILS_TEXT.previewFailed),
  sendTest: (api: Api, template: TemplateName, body: EmailTemplate) =>
    api.request<{ message: string }>(`/email-templates/${name(template)}/test`, { method: 'POST', body }, EMAILS_TEXT.testFailed),
};

/** A template equal to another, field by field. */
export function sameTemplate(a: EmailTemplate, b: EmailTemplate): boolean {
  return a.subjectTemplate === b.subjectTemplate && a.htmlTemplate === b.htmlTemplate;
}

/** `text` with `insert` put in place of the selection [start, end); answers the new text and where the caret goes. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}

/** The reason of a failure after "Save failed", unless the reason is that wording itself. */
export function withReason(prefix: string, reason: string): string {
  return reason && reason !== prefix ? `${prefix}: ${reason}` : prefix;
}
