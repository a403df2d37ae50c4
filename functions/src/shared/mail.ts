import { z } from 'zod';
import { EMAIL_PATTERN } from './fields-model.js';
import { personNameText } from './fields.js';
import { personNameProblem } from './person-name-model.js';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES, type EmailTemplate } from './email-templates-model.js';
import { CONTACT_LIMITS, MAIL_MESSAGES, type ContactRequest } from './mail-model.js';
import type { Same } from './type-checks.js';

/** PUT /email-templates/{name} body (SPEC §7). */
export const emailTemplateSchema = z
  .object({
    subjectTemplate: z
      .string({ error: TEMPLATE_MESSAGES.subjectRequired })
      .trim()
      .min(1, TEMPLATE_MESSAGES.subjectRequired)
      .max(TEMPLATE_LIMITS.subject, TEMPLATE_MESSAGES.subjectTooLong),
    htmlTemplate: z
      .string({ error: TEMPLATE_MESSAGES.htmlRequired })
      .refine((value) => value.trim().length > 0, TEMPLATE_MESSAGES.htmlRequired)
      .refine((value) => value.length <= TEMPLATE_LIMITS.html, TEMPLATE_MESSAGES.htmlTooLong),
  })
  .strip();

/** The landing page's 'Send us a message' form (SPEC §2, §5). */
export const contactMessageSchema = z
  .object({
    // The receipt quotes the name back to the address given: only a name (issue 23 item 3).
    name: z
      .string({ error: MAIL_MESSAGES.nameRequired })
      .pipe(personNameText(CONTACT_LIMITS.name, MAIL_MESSAGES.nameTooLong))
      .refine((name) => name.length > 0, MAIL_MESSAGES.nameRequired)
      .superRefine((name, ctx) => {
        const problem = name ? personNameProblem(name) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    email: z
      .string({ error: MAIL_MESSAGES.emailRequired })
      .trim()
      .max(CONTACT_LIMITS.email, MAIL_MESSAGES.emailRequired)
      .regex(EMAIL_PATTERN, MAIL_MESSAGES.emailRequired),
    message: z
      .string({ error: MAIL_MESSAGES.messageRequired })
      .trim()
      .min(1, MAIL_MESSAGES.messageRequired)
      .max(CONTACT_LIMITS.message, MAIL_MESSAGES.messageTooLong),
  })
  .strip();
export type ContactMessage = z.infer<typeof contactMessageSchema>;

const _template: Same<z.infer<typeof emailTemplateSchema>, EmailTemplate> = true;
const _contact: Same<z.input<typeof contactMessageSchema>, ContactRequest> = true;
void _template;
void _contact;
