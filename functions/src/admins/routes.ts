import type { Router } from 'express';
import type { SessionInfo } from '../shared/session.js';
import { viewerOf, type createAuthGuards } from '../auth/middleware.js';

export function sessionRoutes(router: Router, guards: ReturnType<typeof createAuthGuards>) {
  /** Who is signed in and with which role: the dashboard asks this after sign-in. */
  router.get('/session', guards.requireRole('staff'), (_req, res) => {
    const viewer = viewerOf(res)!;
    const session: SessionInfo = { email: viewer.email, role: viewer.role };
    res.json({ success: true, ...session });
  });
}
