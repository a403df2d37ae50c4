import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { issuesToFieldErrors } from '../shared/fields.js';
import type { ApiFailure } from '../shared/api.js';
import { codeForStatus, type ErrorCode } from '../shared/error-codes.js';
import { MESSAGES } from '../shared/messages.js';
import { RULE_ERROR_STATUS, RuleError } from '../rule-error.js';
import { DocumentStateError, StoreLimitError, TransactionConflictError } from '../store/port.js';

/** An error a route answers with its own status, the spec's wording and a stable code (by default the status's). */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    options: { code?: ErrorCode; errors?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = options.code ?? codeForStatus(status);
    this.errors = options.errors;
  }
}

export const badRequest = (message: string, options: { code?: ErrorCode; errors?: Record<string, string> } = {}) =>
  new HttpError(400, message, options);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);

/** The one shape of every refusal: `{ success: false, code, message, errors? }`. */
export function failure(code: ErrorCode, message: string, errors?: Record<string, string>): ApiFailure {
  return { success: false, code, message, ...(errors ? { errors } : {}) };
}

export function unknownRoute(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(failure('NOT_FOUND', MESSAGES.notFound));
}

/** The most of a refused body read before answering; past it the connection is simply closed. */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Reads and drops what is left of a body refused on its declared length. Fastify refuses it
 * before reading and closes the connection, so a client (or a local proxy) still sending it
 * saw a reset instead of our answer, and said 500. Under Cloud Functions the body was already read.
 */
function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_LIMIT_BYTES) finish();
    };
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.on('close', finish);
    raw.resume();
  });
}

/** Fastify's refusal of a body over the route's limit. */
export function isBodyTooLarge(error: unknown): boolean {
  return (error as Partial<FastifyError> | null)?.statusCode === 413;
}

/** Answers 413 with `code` and `message` once the client has finished sending. */
export async function refuseTooLarge(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, message: string): Promise<void> {
  await drainBody(request);
  reply.code(413).send(failure(code, message));
}

/** Fastify's refusal of a body it could not read as JSON (http/server.ts reads an empty one as no body). */
const UNREADABLE_JSON = 'FST_ERR_CTP_INVALID_JSON_BODY';

/** Turns anything thrown by a route into `{ success: false, code, message }` with an honest status. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.status).send(failure(error.code, error.message, error.errors));
  }
  if (error instanceof RuleError) {
    return reply
      .code(RULE_ERROR_STATUS[error.kind])
      .send(failure(error.code, error.message, error.field ? { [error.field]: error.message } : undefined));
  }
  if (error instanceof z.ZodError) {
    const errors = issuesToFieldErrors(error);
    return reply.code(400).send(failure('INVALID_INPUT', Object.values(errors)[0] ?? MESSAGES.invalidInput, errors));
  }
  if (error instanceof DocumentStateError) {
    const notFound = error.code === 'not-found';
    return reply.code(notFound ? 404 : 409).send(failure(notFound ? 'NOT_FOUND' : 'CONFLICT', error.message));
  }
  // Contention the store's retries could not get through (a rush on one document): nothing was written, so try again.
  if (error instanceof TransactionConflictError) {
    return reply.code(503).header('Retry-After', '2').send(failure('BUSY', MESSAGES.busy));
  }
  // What the store refuses (store/limits.ts) came from the request unless it is a commit of too many writes, our own.
  if (error instanceof StoreLimitError && error.code !== 'too-many-writes') {
    if (error.code === 'document-too-large') return refuseTooLarge(request, reply, 'BODY_TOO_LARGE', MESSAGES.bodyTooLarge);
    return reply.code(400).send(failure('INVALID_INPUT', MESSAGES.invalidInput));
  }
  // Fastify marks its own refusals with a status: a body it cannot read (400), too large (413).
  const { statusCode, code } = error as Partial<FastifyError>;
  if (statusCode === 413) return refuseTooLarge(request, reply, 'BODY_TOO_LARGE', MESSAGES.bodyTooLarge);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    if (code === UNREADABLE_JSON) return reply.code(statusCode).send(failure('BODY_NOT_JSON', MESSAGES.bodyNotJson));
    return reply.code(statusCode).send(failure(codeForStatus(statusCode), MESSAGES.invalidInput));
  }
  console.error('Unhandled API error', error);
  return reply.code(500).send(failure('INTERNAL', MESSAGES.internal));
}
