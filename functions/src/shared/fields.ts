import { z } from 'zod';
import { LIMITS } from './constants.js';

/** Reusable field validators shared by the schemas. */
export const hexColour = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Must be a hex colour such as #c4622d');

/**
 * A link or image address: an absolute http(s) URL, a site-relative path, or a
 * page anchor. Anything else (javascript:, data:) is refused so a stored value can
 * never run script when it lands in an href or src.
 */
export const safeUrl = z
  .string()
  .trim()
  .max(LIMITS.url)
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value) || /^#[\w-]*$/.test(value),
    'Must be an http(s) address, a path starting with /, or an #anchor',
  );

export const shortText = z.string().trim().max(LIMITS.shortText);
export const longText = z.string().trim().max(LIMITS.description);

/** Turns zod issues into `{ 'dotted.path': message }` for error replies and forms. */
export function issuesToFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
