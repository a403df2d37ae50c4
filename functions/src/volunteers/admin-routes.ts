import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { staffActor } from '../audit/actors.js';
import type { AuthGuards } from '../auth/middleware.js';
import { sendCsv } from '../http/csv-reply.js';
import type { IdParams } from '../http/server.js';
import { parseWith } from '../http/validate.js';
import { optionalReasonBody } from '../shared/audit.js';
import { linkKeySchema } from '../shared/rsvps.js';
import { VOLUNTEER_ADMIN_MESSAGES } from '../shared/volunteers-admin-model.js';
import type { VolunteerCoverageReply, VolunteerSwapOptionsReply } from '../shared/volunteers-admin-model.js';
import {
  volunteerEventQuerySchema,
  volunteerMessageSchema,
  volunteerMoveSchema,
  volunteerReorderSchema,
  volunteerRoleCreateSchema,
  volunteerRoleUpdateSchema,
  volunteerShiftCreateSchema,
  volunteerShiftUpdateSchema,
  volunteerSwapSchema,
} from '../shared/volunteers.js';
import { badRequest } from '../http/errors.js';
import type { VolunteerAdminService } from './admin-service.js';

/**
 * Issue 29 item 3: the admins' Volunteers tab (admins change; staff read the coverage and the CSV),
 * and the volunteer's own swap from their sign-up page (the key in the body).
 */
export function volunteerAdminRoutes(api: FastifyInstance, admin: VolunteerAdminService, guards: AuthGuards, options: { publicWriteLimit: preHandlerAsyncHookHandler }) {
  const staffOnly = { preHandler: guards.requireRole('staff') };
  const adminOnly = { preHandler: guards.requireRole('admin') };
  const limited = { preHandler: options.publicWriteLimit };
  const eventOf = (query: unknown, required: boolean) => {
    const { event } = parseWith(volunteerEventQuerySchema, query);
    if (required && !event) throw badRequest(VOLUNTEER_ADMIN_MESSAGES.eventQueryInvalid, { code: 'INVALID_INPUT', errors: { event: VOLUNTEER_ADMIN_MESSAGES.eventQueryInvalid } });
    return event;
  };

  api.get<{ Reply: VolunteerCoverageReply }>('/volunteer/admin/coverage', staffOnly, async (request) => admin.coverage(eventOf(request.query, true)!, request.viewer!.role));
  // The export is the admins' (as the RSVPs' is): staff read the coverage in the tab.
  api.get('/volunteer/admin/signups.csv', adminOnly, async (request, reply) => {
    const { fileName, csv } = await admin.exportCsv(eventOf(request.query, false), request.viewer!.role);
    return sendCsv(reply, fileName, csv);
  });

  api.post('/volunteer/admin/roles', adminOnly, async (request, reply) =>
    reply.code(201).send(await admin.createRole(parseWith(volunteerRoleCreateSchema, request.body), staffActor(request.viewer!))),
  );
  api.patch<IdParams>('/volunteer/admin/roles/:id', adminOnly, async (request) =>
    admin.updateRole(request.params.id, parseWith(volunteerRoleUpdateSchema, request.body), staffActor(request.viewer!)),
  );
  api.post<IdParams>('/volunteer/admin/roles/:id/reorder', adminOnly, async (request) =>
    admin.reorderRole(request.params.id, parseWith(volunteerReorderSchema, request.body).direction, staffActor(request.viewer!)),
  );
  api.post('/volunteer/admin/shifts', adminOnly, async (request, reply) =>
    reply.code(201).send(await admin.createShift(parseWith(volunteerShiftCreateSchema, request.body), staffActor(request.viewer!))),
  );
  api.patch<IdParams>('/volunteer/admin/shifts/:id', adminOnly, async (request) =>
    admin.updateShift(request.params.id, parseWith(volunteerShiftUpdateSchema, request.body), staffActor(request.viewer!)),
  );
  api.post<IdParams>('/volunteer/admin/shifts/:id/messages', adminOnly, async (request, reply) =>
    reply.code(201).send(await admin.messageShift(request.params.id, parseWith(volunteerMessageSchema, request.body), staffActor(request.viewer!) as never)),
  );
  api.post<IdParams>('/volunteer/admin/signups/:id/move', adminOnly, async (request) =>
    admin.move(request.params.id, parseWith(volunteerMoveSchema, request.body).shiftId, staffActor(request.viewer!)),
  );
  api.delete<IdParams>('/volunteer/admin/signups/:id', adminOnly, async (request) =>
    admin.cancel(request.params.id, staffActor(request.viewer!), parseWith(optionalReasonBody, request.body).reason ?? null),
  );

  // The volunteer's own page: the key travels in the body, never in the address.
  api.post<IdParams & { Reply: VolunteerSwapOptionsReply }>('/volunteer/signups/:id/swap-options', limited, async (request) =>
    admin.swapOptions(request.params.id, parseWith(linkKeySchema, request.body).key),
  );
  api.post<IdParams>('/volunteer/signups/:id/swap', limited, async (request) => {
    const { key, shiftId } = parseWith(volunteerSwapSchema, request.body);
    return admin.swap(request.params.id, key, shiftId);
  });
}
