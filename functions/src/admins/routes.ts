import type { FastifyInstance } from 'fastify';
import type { SessionInfo } from '../shared/session-model.js';
import type { AuthGuards } from '../auth/middleware.js';

export function sessionRoutes(api: FastifyInstance, guards: AuthGuards) {
  /** Who is signed in and with which role: the dashboard asks this after sign-in. */
  api.get('/session', { preHandler: guards.requireRole('staff') }, async (request) => {
    const viewer = request.viewer!;
    const session: SessionInfo = { email: viewer.email, role: viewer.role };
    return { success: true, ...session };
  });
}
