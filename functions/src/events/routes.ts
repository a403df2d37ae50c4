import type { FastifyInstance } from 'fastify';
import { eventInputSchema, eventListQuerySchema, eventUpdateSchema, toggleTicketsSchema } from '../shared/events.js';
import { publicCache } from '../http/cache.js';
import { parseWith } from '../http/validate.js';
import type { AuthGuards } from '../auth/middleware.js';
import type { IdParams } from '../http/server.js';
import type { EventService } from './service.js';
import { staffActor } from '../audit/actors.js';

export function eventRoutes(api: FastifyInstance, events: EventService, guards: AuthGuards) {
  const staffSeesMore = { preHandler: guards.optionalStaff };
  const publicRead = { ...staffSeesMore, onRequest: publicCache };
  const admin = { preHandler: guards.requireRole('admin') };

  api.get('/events', publicRead, async (request) => {
    const query = parseWith(eventListQuerySchema, request.query);
    // A page (limit or cursor) is always the public list, whoever asks: the landing page's.
    if (query.limit !== undefined || query.cursor !== undefined) return { success: true, ...(await events.page(query.limit, query.cursor)) };
    return { success: true, events: await events.list(query, Boolean(request.viewer)) };
  });

  api.get('/events/tags', staffSeesMore, async (request) => ({ success: true, tags: await events.tags(Boolean(request.viewer)) }));

  api.get<{ Params: { idOrSlug: string } }>('/events/:idOrSlug', publicRead, async (request) => ({
    success: true,
    event: await events.get(request.params.idOrSlug, Boolean(request.viewer)),
  }));

  api.post('/events', admin, async (request, reply) => {
    const event = await events.create(parseWith(eventInputSchema, request.body), staffActor(request.viewer!));
    return reply.code(201).send({ success: true, message: 'Event created', event });
  });

  api.put<IdParams>('/events/:id', admin, async (request) => {
    const event = await events.update(request.params.id, parseWith(eventUpdateSchema, request.body), staffActor(request.viewer!));
    return { success: true, message: 'Event updated', event };
  });

  api.patch<IdParams>('/events/:id/archive', admin, async (request) => ({
    success: true,
    message: 'Event archived',
    event: await events.archive(request.params.id, staffActor(request.viewer!)),
  }));

  api.patch<IdParams>('/events/:id/unarchive', admin, async (request) => ({
    success: true,
    message: 'Event restored',
    event: await events.unarchive(request.params.id, staffActor(request.viewer!)),
  }));

  api.patch<IdParams>('/events/:id/toggle-tickets', admin, async (request) => {
    const { generateTickets } = parseWith(toggleTicketsSchema, request.body);
    return { success: true, message: 'Event mode updated', event: await events.toggleTickets(request.params.id, generateTickets, staffActor(request.viewer!)) };
  });
}
