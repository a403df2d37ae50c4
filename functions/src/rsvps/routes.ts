import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { EventStatsReply } from '../shared/events-model.js';
import { linkKeySchema, rsvpInputSchema, rsvpListQuerySchema, transferTicketSchema } from '../shared/rsvps.js';
import { parseWith } from '../http/validate.js';
import type { IdParams } from '../http/server.js';
import type { AuthGuards } from '../auth/middleware.js';
import type { RsvpService } from './service.js';
import { optionalReasonBody } from '../shared/audit.js';
import { staffActor } from '../audit/actors.js';
import { sendCsv } from '../http/csv-reply.js';

export function rsvpRoutes(
  api: FastifyInstance,
  rsvps: RsvpService,
  guards: AuthGuards,
  options: { publicWriteLimit: preHandlerAsyncHookHandler },
) {
  const staff = { preHandler: guards.requireRole('staff') };
  const admin = { preHandler: guards.requireRole('admin') };

  api.post<IdParams>('/events/:id/rsvp', { preHandler: options.publicWriteLimit }, async (request, reply) => {
    const created = await rsvps.create(request.params.id, parseWith(rsvpInputSchema, request.body));
    return reply.code(201).send(created);
  });

  // The links in an attendee's e-mail (issue 23): the key travels in the body, never in the address.
  api.post<IdParams>('/rsvps/:id/confirm', { preHandler: options.publicWriteLimit }, async (request) =>
    rsvps.confirmByLink(request.params.id, parseWith(linkKeySchema, request.body).key),
  );
  api.post<IdParams>('/rsvps/:id/hold', { preHandler: options.publicWriteLimit }, async (request) =>
    rsvps.paymentHold(request.params.id, parseWith(linkKeySchema, request.body).key),
  );

  // Issue 25 item 4: the attendee's own 'Can't come?' page; the manage key in the body, as above.
  api.post<IdParams>('/rsvps/:id/manage', { preHandler: options.publicWriteLimit }, async (request) =>
    rsvps.manageView(request.params.id, parseWith(linkKeySchema, request.body).key),
  );
  api.post<IdParams>('/rsvps/:id/cancel', { preHandler: options.publicWriteLimit }, async (request) =>
    rsvps.cancelByAttendee(request.params.id, parseWith(linkKeySchema, request.body).key),
  );
  api.post<IdParams>('/rsvps/:id/transfer', { preHandler: options.publicWriteLimit }, async (request) =>
    rsvps.transferByAttendee(request.params.id, parseWith(transferTicketSchema, request.body)),
  );
  api.post<IdParams>('/rsvps/:id/manage-link', { preHandler: options.publicWriteLimit }, async (request) => rsvps.sendManageLink(request.params.id));

  api.get<IdParams>('/events/:id/rsvps', staff, async (request) => {
    const { include } = parseWith(rsvpListQuerySchema, request.query);
    return { success: true, rsvps: await rsvps.listForEvent(request.params.id, { includeCancelled: include === 'cancelled' }) };
  });

  // A static path: it wins over GET /events/:idOrSlug, and 'stats' is a reserved custom URL.
  api.get('/events/stats', admin, async (): Promise<EventStatsReply> => ({ success: true, stats: await rsvps.stats() }));

  api.get<IdParams>('/events/:id/rsvps.csv', admin, async (request, reply) => {
    const { fileName, csv } = await rsvps.exportCsv(request.params.id);
    return sendCsv(reply, fileName, csv);
  });

  // Issue 26 item 3: cancel a whole event (admins; staff get 403).
  api.post<IdParams>('/events/:id/cancel', admin, async (request) => rsvps.cancelEvent(request.params.id, staffActor(request.viewer!)));

  api.delete<IdParams>('/rsvps/:id', admin, async (request) => {
    const { message } = await rsvps.cancel(request.params.id, { actor: staffActor(request.viewer!), ...parseWith(optionalReasonBody, request.body) });
    return { success: true, message };
  });
}
