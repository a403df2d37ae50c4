import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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

export function unknownRoute(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ success: false, message: MESSAGES.notFound });
}

/** Fastify's refusal of a body it could not read as JSON (http/server.ts reads an empty one as no body). */
const UNREADABLE_JSON = 'FST_ERR_CTP_INVALID_JSON_BODY';

/** Turns anything thrown by a route into `{ success: false, message }` with an honest status. */
export function errorHandler(error: FastifyError | Error, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.status).send({ success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
  }
  if (error instanceof RuleError) {
    return reply
      .code(RULE_ERROR_STATUS[error.kind])
      .send({ success: false, message: error.message, ...(error.field ? { errors: { [error.field]: error.message } } : {}) });
  }
  if (error instanceof z.ZodError) {
    const errors = issuesToFieldErrors(error);
    return reply.code(400).send({ success: false, message: Object.values(errors)[0] ?? MESSAGES.invalidInput, errors });
  }
  if (error instanceof DocumentStateError) {
    return reply.code(error.code === 'not-found' ? 404 : 409).send({ success: false, message: error.message });
  }
  // Fastify marks its own refusals with a status: a body it cannot read (400), too large (413).
  const { statusCode, code } = error as Partial<FastifyError>;
  if (statusCode === 413) return reply.code(413).send({ success: false, message: MESSAGES.bodyTooLarge });
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = code === UNREADABLE_JSON ? MESSAGES.bodyNotJson : MESSAGES.invalidInput;
    return reply.code(statusCode).send({ success: false, message });
  }
  console.error('Unhandled API error', error);
  return reply.code(500).send({ success: false, message: MESSAGES.internal });
}
