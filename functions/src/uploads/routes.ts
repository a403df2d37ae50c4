import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMIT_BYTES } from '../shared/constants.js';
import { UPLOAD_MESSAGES } from '../shared/uploads-model.js';
import { uploadSchema } from '../shared/uploads.js';
import { errorHandler, isBodyTooLarge, refuseTooLarge } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import type { AuthGuards } from '../auth/middleware.js';
import type { UploadService } from './service.js';

/**
 * The largest POST /upload body read: a 5 MB image as base64 (4/3 of it) plus room for
 * the JSON around it. The app's default limit (100 kB) would refuse any photo.
 */
export const UPLOAD_BODY_LIMIT_BYTES = Math.ceil(UPLOAD_LIMIT_BYTES / 3) * 4 + 256 * 1024;

export function uploadRoutes(api: FastifyInstance, uploads: UploadService, guards: AuthGuards) {
  api.post('/upload', {
    bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
    // Checked before the body is read: nobody but an admin gets 7 MB parsed.
    onRequest: guards.requireRole('admin'),
    // A body over the limit is a file over 5 MB: the spec's message, never a 500.
    errorHandler: (error, request, reply) =>
      isBodyTooLarge(error) ? refuseTooLarge(request, reply, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.fileTooLarge) : errorHandler(error, request, reply),
    handler: async (request) => uploads.upload(parseWith(uploadSchema, request.body)),
  });
}
