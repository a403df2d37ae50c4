import type { Router } from 'express';
import { eventInputSchema, eventListQuerySchema, eventUpdateSchema, toggleTicketsSchema } from '../shared/events.js';
import { parseWith } from '../http/validate.js';
import { viewerOf, type createAuthGuards } from '../auth/middleware.js';
import type { EventService } from './service.js';

export function eventRoutes(router: Router, events: EventService, guards: ReturnType<typeof createAuthGuards>) {
  const admin = guards.requireRole('admin');

  router.get('/events', guards.optionalStaff, async (req, res) => {
    const query = parseWith(eventListQuerySchema, req.query);
    res.json({ success: true, events: await events.list(query, Boolean(viewerOf(res))) });
  });

  router.get('/events/tags', guards.optionalStaff, async (_req, res) => {
    res.json({ success: true, tags: await events.tags(Boolean(viewerOf(res))) });
  });

  router.get('/events/:idOrSlug', guards.optionalStaff, async (req, res) => {
    res.json({ success: true, event: await events.get(String(req.params.idOrSlug), Boolean(viewerOf(res))) });
  });

  router.post('/events', admin, async (req, res) => {
    const event = await events.create(parseWith(eventInputSchema, req.body));
    res.status(201).json({ success: true, message: 'Event created', event });
  });

  router.put('/events/:id', admin, async (req, res) => {
    const event = await events.update(String(req.params.id), parseWith(eventUpdateSchema, req.body));
    res.json({ success: true, message: 'Event updated', event });
  });

  router.patch('/events/:id/archive', admin, async (req, res) => {
    res.json({ success: true, message: 'Event archived', event: await events.archive(String(req.params.id)) });
  });

  router.patch('/events/:id/unarchive', admin, async (req, res) => {
    res.json({ success: true, message: 'Event restored', event: await events.unarchive(String(req.params.id)) });
  });

  router.patch('/events/:id/toggle-tickets', admin, async (req, res) => {
    const { generateTickets } = parseWith(toggleTicketsSchema, req.body);
    res.json({ success: true, message: 'Event mode updated', event: await events.toggleTickets(String(req.params.id), generateTickets) });
  });
}
