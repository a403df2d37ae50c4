import type { FastifyInstance } from 'fastify';
import { SPONSOR_MESSAGES, type SponsorReply, type SponsorsReply } from '../shared/sponsors-model.js';
import { sponsorInputSchema, sponsorOrderSchema, sponsorUpdateSchema } from '../shared/sponsors.js';
import { UPLOAD_MESSAGES } from '../shared/uploads-model.js';
import { errorHandler, isBodyTooLarge, refuseTooLarge } from '../http/errors.js';
import { publicCache } from '../http/cache.js';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import type { AuthGuards } from '../auth/middleware.js';
import { UPLOAD_BODY_LIMIT_BYTES } from '../uploads/routes.js';
import type { SponsorService } from './service.js';
import { staffActor } from '../audit/actors.js';

export function sponsorRoutes(api: FastifyInstance, sponsors: SponsorService, guards: AuthGuards) {
  const admin = guards.requireRole('admin');

  // The landing page's strip: the CDN may keep the list 30 s, browsers ask again on every load,
  // so a sponsor an admin adds shows within 30 s (the dashboard says so).
  api.get<{ Reply: SponsorsReply }>('/sponsors', { onRequest: publicCache }, async () => ({ success: true, sponsors: await sponsors.list() }));

  // The body carries the logo as base64, as POST /upload does: the same limit, and a body over it
  // is a logo over 5MB, answered 413 with the spec's words, never a 500.
  api.post<{ Reply: SponsorReply }>('/sponsors', {
    bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
    // Checked before the body is read: nobody but an admin gets 7 MB parsed.
    onRequest: admin,
    errorHandler: (error, request, reply) =>
      isBodyTooLarge(error)
        ? refuseTooLarge(request, reply, 'FILE_TOO_LARGE', `${SPONSOR_MESSAGES.logoUploadFailed}: ${UPLOAD_MESSAGES.fileTooLarge}`)
        : errorHandler(error, request, reply),
    handler: async (request, reply) => {
      const sponsor = await sponsors.add(parseWith(sponsorInputSchema, request.body), staffActor(request.viewer!));
      return reply.code(201).send({ success: true, message: SPONSOR_MESSAGES.added, sponsor });
    },
  });

  api.put<{ Reply: SponsorsReply }>('/sponsors/order', { preHandler: admin }, async (request) => {
    const { ids } = parseWith(sponsorOrderSchema, request.body);
    return { success: true, message: SPONSOR_MESSAGES.reordered, sponsors: await sponsors.reorder(ids, staffActor(request.viewer!)) };
  });

  // Edit in place (issue 26 item 6): name, website and/or a new logo; the body may carry a logo, so POST's limit and 413.
  api.put<IdParams & { Reply: SponsorReply }>('/sponsors/:id', {
    bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
    onRequest: admin,
    errorHandler: (error, request, reply) =>
      isBodyTooLarge(error)
        ? refuseTooLarge(request, reply, 'FILE_TOO_LARGE', `${SPONSOR_MESSAGES.logoUploadFailed}: ${UPLOAD_MESSAGES.fileTooLarge}`)
        : errorHandler(error, request, reply),
    handler: async (request) => {
      const sponsor = await sponsors.update(request.params.id, parseWith(sponsorUpdateSchema, request.body), staffActor(request.viewer!));
      return { success: true as const, message: SPONSOR_MESSAGES.updated, sponsor };
    },
  });

  api.delete<IdParams>('/sponsors/:id', { preHandler: admin }, async (request) => {
    await sponsors.remove(request.params.id, staffActor(request.viewer!));
    return { success: true, message: SPONSOR_MESSAGES.deleted };
  });
}
