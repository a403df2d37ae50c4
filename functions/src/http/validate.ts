import type { z } from 'zod';
import { issuesToFieldErrors } from '../shared/fields.js';
import { MESSAGES } from '../shared/messages.js';
import { badRequest } from './errors.js';

/**
 * Parses a body or query with a shared schema; unknown fields are dropped and a
 * bad value answers 400 with the first problem as the message and all of them by field.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  // A body that is not an object at all (an array, a string) says so plainly.
  if (result.error.issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type')) {
    throw badRequest(MESSAGES.bodyNotObject, { code: 'BODY_NOT_OBJECT' });
  }
  const errors = issuesToFieldErrors(result.error);
  throw badRequest(Object.values(errors)[0] ?? MESSAGES.invalidInput, { code: 'INVALID_INPUT', errors });
}
