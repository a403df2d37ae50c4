import { Router, type RequestHandler } from 'express';
import { eventInputSchema, eventListQuerySchema, eventUpdateSchema, toggleTicketsSchema } from '../shared/events.js';
import { MESSAGES } from '../shared/messages.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import { viewerOf, type createAuthGuards } from '../auth/middleware.js';
import { EventRuleError } from './rules.js';
import { EventNotFoundError, type EventService } from './service.js';

/** Maps the service's rule errors to honest statuses, with the spec's wording. */
function translate(error: unknown): never {
  if (error instanceof EventNotFoundError) throw notFound(MESSAGES.eventNotFound);
  if (error instanceof EventRuleError) {
    if (error.isConflict) throw new HttpError(409, error.message, error.field ? { [error.field]: error.message } : undefined);
    throw badRequest(error.message, error.field ? { [error.field]: error.message } : undefined);
  }
  throw error;
}

const handle =
  (work: RequestHandler): RequestHandler =>
  async (req, res, next) => {
    try {
      await work(req, res, next);
    } catch (error) {
      translate(error);
    }
  };

export function eventRoutes(events: EventService, guards: ReturnType<typeof createAuthGuards>) {
  const router = Router();
  const admin = guards.requireRole('admin');

  router.get('/events', guards.optionalStaff, handle(async (req, res) => {
    const query = parseWith(eventListQuerySchema, req.query);
    res.json({ success: true, events: await events.list(query, Boolean(viewerOf(res))) });
  }));

  router.get('/events/tags', guards.optionalStaff, handle(async (_req, res) => {
    res.json({ success: true, tags: await events.tags(Boolean(viewerOf(res))) });
  }));

  router.get('/events/:idOrSlug', guards.optionalStaff, handle(async (req, res) => {
    res.json({ success: true, event: await events.get(String(req.params.idOrSlug), Boolean(viewerOf(res))) });
  }));

  router.post('/events', admin, handle(async (req, res) => {
    const event = await events.create(parseWith(eventInputSchema, req.body));
    res.status(201).json({ success: true, message: 'Event created', event });
  }));

  router.put('/events/:id', admin, handle(async (req, res) => {
    const event = await events.update(String(req.params.id), parseWith(eventUpdateSchema, req.body));
    res.json({ success: true, message: 'Event updated', event });
  }));

  router.patch('/events/:id/archive', admin, handle(async (req, res) => {
    res.json({ success: true, message: 'Event archived', event: await events.archive(String(req.params.id)) });
  }));

  router.patch('/events/:id/unarchive', admin, handle(async (req, res) => {
    res.json({ success: true, message: 'Event restored', event: await events.unarchive(String(req.params.id)) });
  }));

  router.patch('/events/:id/toggle-tickets', admin, handle(async (req, res) => {
    const { generateTickets } = parseWith(toggleTicketsSchema, req.body);
    res.json({ success: true, message: 'Event mode updated', event: await events.toggleTickets(String(req.params.id), generateTickets) });
  }));

  return router;
}
