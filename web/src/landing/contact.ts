import { isEmailAddress } from '@shared/fields-model.js';
import { MAIL_MESSAGES, type ContactRequest } from '@shared/mail-model.js';
import { normalisePersonName, personNameProblem } from '@shared/person-name-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { ApiError } from '../api/client.js';

/** The form's values: the body POST /contact takes. */
export type ContactValues = ContactRequest;

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const CONTACT_ERRORS = {
  name: 'Please enter your name.',
  email: 'Please enter your email address.',
  emailFormat: 'Please enter a valid email address, like name@example.com.',
  message: 'Please enter a message.',
} as const;

/**
 * Name, email and message are all required; the email must look like one (SPEC §5); the name
 * must be a person's name (personNameProblem, as the API checks it).
 */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = normalisePersonName(values.name);
  const nameProblem = name ? personNameProblem(name) : CONTACT_ERRORS.name;
  if (nameProblem) errors.name = nameProblem;
  const email = values.email.trim();
  if (!email) errors.email = CONTACT_ERRORS.email;
  else if (!isEmailAddress(email)) errors.email = CONTACT_ERRORS.emailFormat;
  if (!values.message.trim()) errors.message = CONTACT_ERRORS.message;
  return errors;
}

export interface ContactFailure {
  message: string;
  fieldErrors: ContactErrors;
}

/** A failed send: the server's message and field errors, a network note, or the generic failure. */
export function contactFailure(error: unknown): ContactFailure {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return { message: RSVP_MESSAGES.networkError, fieldErrors: {} };
    const fieldErrors: ContactErrors = {};
    for (const field of ['name', 'email', 'message'] as const) {
      const text = error.fieldErrors?.[field];
      if (typeof text === 'string' && text) fieldErrors[field] = text;
    }
    return { message: error.serverMessage ?? MAIL_MESSAGES.contactFailed, fieldErrors };
  }
  return { message: MAIL_MESSAGES.contactFailed, fieldErrors: {} };
}

/** The trimmed body POST /contact takes. */
export function contactBody(values: ContactValues): ContactValues {
  return { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() };
}
