import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../auth/middleware.js';
import type { IdParams } from '../http/server.js';
import type { ReminderCountsReply } from '../shared/reminders-model.js';
import type { ReminderService } from './service.js';

/** GET /events/{id}/reminders: staff and admins see how many reminders of each offset were sent (issue 25 item 6). */
export function reminderRoutes(api: FastifyInstance, reminders: ReminderService, guards: AuthGuards) {
  const staff = { preHandler: guards.requireRole('staff') };
  api.get<IdParams & { Reply: ReminderCountsReply }>('/events/:id/reminders', staff, async (request) => ({
    success: true,
    eventId: request.params.id,
    ...(await reminders.counts(request.params.id)),
  }));
}
