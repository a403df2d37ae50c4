import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { issuesToFieldErrors } from '../shared/fields.js';
import { MESSAGES } from '../shared/messages.js';
import { RULE_ERROR_STATUS, RuleError } from '../rule-error.js';
import { DocumentStateError } from '../store/port.js';

/** An error a route answers with its own status and the spec's wording. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export const unknownRoute: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: MESSAGES.notFound });
};

/** Turns anything thrown by a route into `{ success: false, message }` with an honest status. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof HttpError) {
    res.status(error.status).json({ success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    return;
  }
  if (error instanceof RuleError) {
    res
      .status(RULE_ERROR_STATUS[error.kind])
      .json({ success: false, message: error.message, ...(error.field ? { errors: { [error.field]: error.message } } : {}) });
    return;
  }
  if (error instanceof z.ZodError) {
    const errors = issuesToFieldErrors(error);
    res.status(400).json({ success: false, message: Object.values(errors)[0] ?? MESSAGES.invalidInput, errors });
    return;
  }
  if (error instanceof DocumentStateError) {
    res.status(error.code === 'not-found' ? 404 : 409).json({ success: false, message: error.message });
    return;
  }
  // body-parser marks its own errors with a status: malformed JSON (400), too large (413).
  const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) {
    res.status(413).json({ success: false, message: 'Request body is too large' });
    return;
  }
  if (status >= 400 && status < 500) {
    res.status(status).json({ success: false, message: error?.type === 'entity.parse.failed' ? 'Request body is not valid JSON' : MESSAGES.invalidInput });
    return;
  }
  console.error('Unhandled API error', error);
  res.status(500).json({ success: false, message: MESSAGES.internal });
};
