import type { ErrorCode } from './shared/error-codes.js';

/**
 * A business rule refused the request. Services throw it without knowing HTTP;
 * the error handler turns the kind into an honest status (400, 404, 409) and
 * passes the stable code on to the client.
 */
export type RuleErrorKind = 'invalid' | 'not-found' | 'conflict';

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

export const RULE_ERROR_STATUS: Record<RuleErrorKind, number> = { invalid: 400, 'not-found': 404, conflict: 409 };
