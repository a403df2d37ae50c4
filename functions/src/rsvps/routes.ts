import type { RequestHandler, Router } from 'express';
import { rsvpInputSchema } from '../shared/rsvps.js';
import { parseWith } from '../http/validate.js';
import type { createAuthGuards } from '../auth/middleware.js';
import type { RsvpService } from './service.js';

export function rsvpRoutes(
  router: Router,
  rsvps: RsvpService,
  guards: ReturnType<typeof createAuthGuards>,
  options: { publicWriteLimit: RequestHandler; siteUrl: string },
) {
  const staff = guards.requireRole('staff');
  const admin = guards.requireRole('admin');

  router.post('/events/:id/rsvp', options.publicWriteLimit, async (req, res) => {
    const reply = await rsvps.create(String(req.params.id), parseWith(rsvpInputSchema, req.body));
    res.status(201).json(reply);
  });

  router.get('/events/:id/rsvps', staff, async (req, res) => {
    res.json({ success: true, rsvps: await rsvps.listForEvent(String(req.params.id)) });
  });

  router.get('/events/:id/checkins', staff, async (req, res) => {
    res.json({ success: true, checkedInAttendees: await rsvps.checkinsForEvent(String(req.params.id)) });
  });

  /** JSON for the ticket page; anything else (a phone's camera app) is sent to the site's ticket page. */
  router.get('/checkin/:ticketId', async (req, res) => {
    const ticketId = String(req.params.ticketId);
    if (req.query.format !== 'json') {
      res.redirect(302, `${options.siteUrl}/checkin/${encodeURIComponent(ticketId)}`);
      return;
    }
    res.json({ success: true, ticket: await rsvps.ticket(ticketId) });
  });

  router.delete('/rsvps/:id', admin, async (req, res) => {
    const { message } = await rsvps.cancel(String(req.params.id));
    res.json({ success: true, message });
  });
}
