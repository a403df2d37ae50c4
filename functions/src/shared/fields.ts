import { z } from 'zod';
import { LIMITS } from './constants.js';
import { HEX_COLOUR_PATTERN, isSafeUrl } from './fields-model.js';
import { normalisePersonName } from './person-name-model.js';

/** Reusable field validators shared by the schemas. */
export const hexColour = z.string().trim().regex(HEX_COLOUR_PATTERN, 'Must be a hex colour such as #c4622d');

/** A link or image address (see `isSafeUrl`): never javascript: or data:. */
export const safeUrl = z
  .string()
  .trim()
  .max(LIMITS.url)
  .refine(isSafeUrl, 'Must be an http(s) address, a path starting with /, or an #anchor');

export const shortText = z.string().trim().max(LIMITS.shortText);
export const longText = z.string().trim().max(LIMITS.description);

/**
 * A person's name as stored (issue 23 item 3): normalised (normalisePersonName) before it is
 * measured, so what is checked is what we keep and print in e-mails. The name rule itself
 * (personNameProblem) is the holding schema's, after its own 'required' check.
 */
export const personNameText = (max: number, tooLong = `At most ${max} characters`) =>
  z.string().transform(normalisePersonName).pipe(z.string().max(max, tooLong));

/** Turns zod issues into `{ 'dotted.path': message }` for error replies and forms. */
export function issuesToFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
