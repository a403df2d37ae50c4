import type { FastifyInstance } from 'fastify';
import type { CheckInReply, CheckedInAttendee, DoorListReply } from '../shared/checkin-model.js';
import { checkInSchema } from '../shared/checkin.js';
import type { TicketView } from '../shared/rsvps-model.js';
import type { AuthGuards, Viewer } from '../auth/middleware.js';
import { HttpError } from '../http/errors.js';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import { MESSAGES } from '../shared/messages.js';
import { PRIVATE_CACHE_CONTROL } from '../http/cache.js';
import type { CheckInService } from './service.js';
import { withTicketQr } from './ticket-view.js';
import { optionalReasonBody } from '../shared/audit.js';
import { staffActor } from '../audit/actors.js';

/** The signed-in user a guard resolved: check-ins record their e-mail, never one the body names. */
function viewerOf(request: { viewer?: Viewer }): Viewer {
  if (!request.viewer) throw new HttpError(401, MESSAGES.authRequired);
  return request.viewer;
}

export function checkInRoutes(api: FastifyInstance, checkins: CheckInService, guards: AuthGuards, options: { siteUrl: string }) {
  /** The site's ticket page of a ticket id. */
  const ticketPage = (ticketId: string) => `${options.siteUrl}/checkin/${encodeURIComponent(ticketId)}`;
  const staff = { preHandler: guards.requireRole('staff') };
  const admin = { preHandler: guards.requireRole('admin') };

  /** JSON for the ticket page; anything else (a phone's camera app) is sent to the site's ticket page. */
  api.get<{ Params: { ticketId: string }; Querystring: { format?: unknown }; Reply: { success: true; ticket: TicketView } }>(
    '/checkin/:ticketId',
    async (request, reply) => {
      const { ticketId } = request.params;
      if (request.query.format !== 'json') return reply.redirect(ticketPage(ticketId), 302);
      return { success: true, ticket: withTicketQr(await checkins.ticket(ticketId), options.siteUrl) };
    },
  );

  /** The ticket's calendar file (issue 25 item 2; shared ticketCalendarPath, proven by its API test): personal, so kept by no cache. */
  api.get<{ Params: { ticketId: string } }>('/checkin/:ticketId/calendar.ics', async (request, reply) => {
    const file = await checkins.calendar(request.params.ticketId, ticketPage(request.params.ticketId));
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .header('Cache-Control', PRIVATE_CACHE_CONTROL)
      .send(file.text);
  });

  api.post<IdParams & { Reply: CheckInReply }>('/checkin/:id', staff, async (request) =>
    checkins.checkIn(request.params.id, parseWith(checkInSchema, request.body), viewerOf(request).email, staffActor(viewerOf(request))),
  );

  api.delete<IdParams & { Reply: CheckInReply }>('/checkin/:id', admin, async (request) =>
    checkins.undo(request.params.id, viewerOf(request).email, { actor: staffActor(viewerOf(request)), ...parseWith(optionalReasonBody, request.body) }),
  );

  api.get<IdParams & { Reply: { success: true; checkedInAttendees: CheckedInAttendee[] } }>('/events/:id/checkins', staff, async (request) => ({
    success: true,
    checkedInAttendees: await checkins.checkinsForEvent(request.params.id),
  }));

  api.get<IdParams & { Reply: DoorListReply }>('/events/:id/door-list', staff, async (request) => checkins.doorList(request.params.id));
}
