/**
 * E-mail without zod: the contact form's limits, wording and shapes, and the
 * attendee e-mails' wording. The admin-editable templates have their own model
 * (email-templates-model.ts): the landing page loads this file, not that one.
 * mail.ts builds the validators from both.
 */

export const CONTACT_LIMITS = { name: 120, email: 254, message: 5000 } as const;

/** Wording of the e-mail journey (SPEC §8 and issue wording). */
export const MAIL_MESSAGES = {
  resendFailed: 'Failed to resend ticket',
  ticketQueued: 'Ticket e-mail queued',
  confirmationQueued: 'Confirmation e-mail queued',
  nameRequired: 'Name is required',
  emailRequired: 'A valid email is required',
  messageRequired: 'Message is required',
  nameTooLong: `Name allows at most ${CONTACT_LIMITS.name} characters`,
  messageTooLong: `Message allows at most ${CONTACT_LIMITS.message} characters`,
  contactSent: 'Thank you! Your message has been sent.',
  contactFailed: 'Your message could not be sent. Please try again.',
  contactUnavailable: 'Messages cannot be sent right now. Please call us instead.',
} as const;

/** The landing page's 'Send us a message' form (SPEC §2, §5): POST /contact. */
export interface ContactRequest {
  name: string;
  email: string;
  message: string;
}

/** GET /mailbox?format=json (local runs only). */
export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  sentAt: string;
}
