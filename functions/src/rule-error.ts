import type { z } from 'zod';
import type { ErrorCode } from './shared/error-codes.js';
import { MESSAGES } from './shared/messages.js';

/**
 * A business rule refused the request. Services throw it without knowing HTTP;
 * the error handler turns the kind into an honest status (400, 404, 409, 413,
 * or 502 when a provider we depend on refused) and passes the stable code on to the client.
 * 'forbidden' (403): the signed-in caller may not do this yet (issue 23 item 5: an unverified
 * e-mail address accepting an invitation).
 */
export type RuleErrorKind = 'invalid' | 'not-found' | 'conflict' | 'too-large' | 'provider-failed' | 'forbidden' | 'gone';

export class RuleError extends Error {
  constructor(
    /** What the client branches on; the message may be reworded freely. */
    readonly code: ErrorCode,
    message: string,
    readonly kind: RuleErrorKind,
    /** The input field at fault, if one is: the reply keys the message by it. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'RuleError';
  }
}

export const RULE_ERROR_STATUS: Record<RuleErrorKind, number> = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'provider-failed': 502,
  forbidden: 403,
  // A link whose time is over (issue 23: a confirmation or payment link after its hold ran out).
  gone: 410,
};

/**
 * Checks a value a service assembled itself (a partial update merged into the stored
 * event, a payer's details) against a shared schema. Request bodies are validated
 * once, in the route; this is for what only the service can see as a whole.
 */
export function validateOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new RuleError('INVALID_INPUT', issue?.message ?? MESSAGES.invalidInput, 'invalid', issue?.path.join('.') || undefined);
}
