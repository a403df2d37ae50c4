import { ApiError } from '../api/client.js';

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

/** Lengths the API accepts; the same as CONTACT_LIMITS in functions/src/shared/mail.ts (checked by a test). */
export const CONTACT_MAX_LENGTH = { name: 120, email: 254, message: 5000 } as const;

/** When the API gives no reason; the same words as MAIL_MESSAGES.contactFailed (checked by a test). */
export const CONTACT_FAILED = 'Your message could not be sent. Please try again.';
export const CONTACT_NETWORK_ERROR = 'Network error. Please try again.';

export interface ContactFailure {
  message: string;
  fieldErrors: ContactErrors;
}

/** A failed send: the server's message and field errors, a network note, or the generic failure. */
export function contactFailure(error: unknown): ContactFailure {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return { message: CONTACT_NETWORK_ERROR, fieldErrors: {} };
    const fieldErrors: ContactErrors = {};
    for (const field of ['name', 'email', 'message'] as const) {
      const text = error.fieldErrors?.[field];
      if (typeof text === 'string' && text) fieldErrors[field] = text;
    }
    return { message: error.serverMessage ?? CONTACT_FAILED, fieldErrors };
  }
  return { message: CONTACT_FAILED, fieldErrors: {} };
}

/** The trimmed body POST /contact takes. */
export function contactBody(values: ContactValues): ContactValues {
  return { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() };
}
