import type { Clock } from '../clock.js';
import { RuleError } from '../rule-error.js';
import { PROJECT_NAME } from '../shared/constants.js';
import { MAIL_MESSAGES } from '../shared/mail-model.js';
import type { ContactMessage } from '../shared/mail.js';
import type { DocumentStore } from '../store/port.js';
import type { ThemeService } from '../theme/service.js';
import type { Composed } from './delivery.js';
import { queueMail, type MailJob } from '../outbox/outbox.js';
import { renderContactMessage, renderContactReceipt } from './templates/contact.js';

export interface ContactMailDeps {
  store: DocumentStore;
  clock: Clock;
  /** The site's theme: the contact form's e-mails carry its name and contact address. */
  theme: Pick<ThemeService, 'get'>;
  /** The sender, e.g. 'Zion Events <events@example.org>'. */
  from: string;
}

/** The contact form's e-mails: queued in one transaction, composed when the worker sends them. */
export function createContactMail({ store, clock, theme, from }: ContactMailDeps) {
  return {
    /** The contact form: a message to the organisation (reply-to the visitor) and a receipt to the visitor. */
    async queue(input: ContactMessage, contactEmail: string): Promise<{ jobIds: [string, string] }> {
      if (!contactEmail?.trim()) throw new RuleError('CONTACT_UNAVAILABLE', MAIL_MESSAGES.contactUnavailable, 'conflict');
      const now = clock.now();
      const payload = { name: input.name, email: input.email, message: input.message, receivedAt: now.toISOString() };
      return store.runTransaction(async (tx) => {
        const toOrganisation = queueMail(tx, { kind: 'contact', to: contactEmail.trim(), payload }, now);
        const receipt = queueMail(tx, { kind: 'contactReceipt', to: input.email, payload }, now);
        return { jobIds: [toOrganisation, receipt] as [string, string] };
      });
    },

    /** The message of a contact or contactReceipt job. */
    async compose(job: MailJob): Promise<Composed> {
      if (!job.payload) return { skip: 'The job has no message' };
      const siteName = (await theme.get()).siteName || PROJECT_NAME;
      if (job.kind === 'contact') {
        const rendered = renderContactMessage({ siteName, ...job.payload });
        return { message: { to: job.to, from, replyTo: job.payload.email, ...rendered } };
      }
      const contactEmail = (await theme.get()).contactEmail;
      const rendered = renderContactReceipt({ siteName });
      return { message: { to: job.to, from, ...(contactEmail ? { replyTo: contactEmail } : {}), ...rendered } };
    },
  };
}
export type ContactMail = ReturnType<typeof createContactMail>;
