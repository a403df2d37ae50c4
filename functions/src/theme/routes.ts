import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../shared/messages.js';
import { themeSchema } from '../shared/theme.js';
import { publicCache } from '../http/cache.js';
import { parseWith } from '../http/validate.js';
import type { AuthGuards } from '../auth/middleware.js';
import type { ThemeService } from './service.js';
import { staffActor } from '../audit/actors.js';

export function themeRoutes(api: FastifyInstance, theme: ThemeService, guards: AuthGuards) {
  api.get('/theme', { onRequest: publicCache }, async () => ({ success: true, theme: await theme.get() }));
  api.put('/theme', { preHandler: guards.requireRole('admin') }, async (request) => {
    await theme.save(parseWith(themeSchema, request.body), staffActor(request.viewer!));
    return { success: true, message: MESSAGES.themeSaved, theme: await theme.get() };
  });
}
