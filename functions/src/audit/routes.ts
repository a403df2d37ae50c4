import type { FastifyInstance } from 'fastify';
import type { AuditHistoryReply, AuditPageReply } from '../shared/audit-model.js';
import { auditQuerySchema } from '../shared/audit.js';
import type { AuthGuards } from '../auth/middleware.js';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import { sendCsv } from '../http/csv-reply.js';
import type { AuditService } from './service.js';

/** The audit log is read only (issue 28 item 5): no route writes, changes or deletes an entry. */
export function auditRoutes(api: FastifyInstance, audit: AuditService, guards: AuthGuards) {
  const staff = { preHandler: guards.requireRole('staff') };
  const admin = { preHandler: guards.requireRole('admin') };

  api.get<{ Reply: AuditPageReply }>('/audit', admin, async (request) => audit.page(parseWith(auditQuerySchema, request.query)));

  api.get('/audit.csv', admin, async (request, reply) => {
    const { fileName, csv } = await audit.exportCsv(parseWith(auditQuerySchema, request.query));
    return sendCsv(reply, fileName, csv);
  });

  api.get<IdParams & { Reply: AuditHistoryReply }>('/rsvps/:id/history', staff, async (request) => audit.history(request.params.id, request.viewer!.role));
}
