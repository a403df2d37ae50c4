import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../auth/middleware.js';
import type { IdParams } from '../http/server.js';
import type { EventOverviewReply, OverviewReply } from '../shared/overview-model.js';
import type { OverviewService } from './service.js';

/** Issue 30: the organiser's overview, admins only (staff are refused with 403 like the other admin calls). */
export function overviewRoutes(api: FastifyInstance, overview: OverviewService, guards: AuthGuards) {
  const admin = { preHandler: guards.requireRole('admin') };

  api.get<{ Reply: OverviewReply }>('/overview', admin, async () => overview.overview());

  api.get<IdParams & { Reply: EventOverviewReply }>('/events/:id/overview', admin, async (request) => overview.eventOverview(request.params.id));
}
