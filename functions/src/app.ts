import express from 'express';
import { createAuthGuards } from './auth/middleware.js';
import { sessionRoutes } from './admins/routes.js';
import { eventRoutes } from './events/routes.js';
import { createEventService } from './events/service.js';
import { fileRoutes } from './files/routes.js';
import { errorHandler, unknownRoute } from './http/errors.js';
import type { ApiDependencies } from './ports.js';
import { sponsorRoutes } from './sponsors/routes.js';
import { createSponsorService } from './sponsors/service.js';
import { themeRoutes } from './theme/routes.js';
import { createThemeService } from './theme/service.js';

/**
 * The whole API as one Express app, built from its dependencies. It answers on
 * `/...` (the function's own URL) and on `/api/...` (the Hosting rewrite).
 */
export function createApi(deps: ApiDependencies) {
  const guards = createAuthGuards(deps);
  const events = createEventService(deps);

  const routes = express.Router();
  routes.use(express.json({ limit: '100kb' }));
  routes.use(themeRoutes(createThemeService(deps.store), guards));
  routes.use(eventRoutes(events, guards));
  routes.use(sponsorRoutes(createSponsorService(deps.store)));
  routes.use(sessionRoutes(guards));
  routes.use(fileRoutes(deps.files));

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use('/api', routes);
  app.use(routes);
  app.use(unknownRoute);
  app.use(errorHandler);
  return app;
}
