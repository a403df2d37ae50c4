export interface ContactValues {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const CONTACT_ERRORS = {
  name: 'Please enter your name.',
  email: 'Please enter your email address.',
  emailFormat: 'Please enter a valid email address, like name@example.com.',
  message: 'Please enter a message.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name, email and message are all required; the email must look like one (SPEC §5). */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = CONTACT_ERRORS.name;
  const email = values.email.trim();
  if (!email) errors.email = CONTACT_ERRORS.email;
  else if (!EMAIL.test(email)) errors.email = CONTACT_ERRORS.emailFormat;
  if (!values.message.trim()) errors.message = CONTACT_ERRORS.message;
  return errors;
}

/**
 * A mailto: link to the organisation with subject and body prefilled, so the
 * visitor's own mail app sends the message (until the server sends it).
 */
export function buildContactMailto(to: string, values: ContactValues, siteName: string): string {
  const name = values.name.trim();
  const subject = `Message from ${name} via ${siteName}`;
  const body = `${values.message.trim()}\n\n${name}\n${values.email.trim()}`;
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`;
  return `mailto:${encodeURIComponent(to.trim()).replace(/%40/g, '@')}?${query}`;
}
