import type { Router } from 'express';
import type { SponsorService } from './service.js';

export function sponsorRoutes(router: Router, sponsors: SponsorService) {
  router.get('/sponsors', async (_req, res) => {
    res.json({ success: true, sponsors: await sponsors.list() });
  });
}
