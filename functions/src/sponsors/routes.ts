import type { FastifyInstance } from 'fastify';
import type { SponsorService } from './service.js';

export function sponsorRoutes(api: FastifyInstance, sponsors: SponsorService) {
  api.get('/sponsors', async () => ({ success: true, sponsors: await sponsors.list() }));
}
