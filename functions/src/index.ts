import { onRequest } from 'firebase-functions/v2/https';
import { createApi } from './app.js';
import { dependenciesFromEnvironment } from './config.js';

let app: ReturnType<typeof createApi> | undefined;

/** The `api` HTTPS function; the app is built on the first request, not during deploy analysis. */
export const api = onRequest({ region: 'us-central1', memory: '512MiB', concurrency: 80 }, (req, res) => {
  app ??= createApi(dependenciesFromEnvironment());
  return app(req, res);
});
