/**
 * A business rule refused the request. Services throw it without knowing HTTP;
 * the error handler turns the kind into an honest status (400, 404, 409).
 */
export type RuleErrorKind = 'invalid' | 'not-found' | 'conflict';

export class RuleError extends Error {
  constructor(
    message: string,
    readonly kind: RuleErrorKind,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'RuleError';
  }
}

export const RULE_ERROR_STATUS: Record<RuleErrorKind, number> = { invalid: 400, 'not-found': 404, conflict: 409 };
