import type { Router } from 'express';
import { MESSAGES } from '../shared/messages.js';
import { themeSchema } from '../shared/theme.js';
import { parseWith } from '../http/validate.js';
import type { createAuthGuards } from '../auth/middleware.js';
import type { ThemeService } from './service.js';

export function themeRoutes(router: Router, theme: ThemeService, guards: ReturnType<typeof createAuthGuards>) {
  router.get('/theme', async (_req, res) => {
    res.json({ success: true, theme: await theme.get() });
  });
  router.put('/theme', guards.requireRole('admin'), async (req, res) => {
    const value = parseWith(themeSchema, req.body);
    await theme.save(value);
    res.json({ success: true, message: MESSAGES.themeSaved, theme: await theme.get() });
  });
}
