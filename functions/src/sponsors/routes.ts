import { Router } from 'express';
import type { SponsorService } from './service.js';

export function sponsorRoutes(sponsors: SponsorService) {
  const router = Router();
  router.get('/sponsors', async (_req, res) => {
    res.json({ success: true, sponsors: await sponsors.list() });
  });
  return router;
}
