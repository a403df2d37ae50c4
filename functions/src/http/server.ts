import type { IncomingMessage, RequestListener } from 'node:http';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorHandler, unknownRoute } from './errors.js';

/** Request bodies the API accepts, unless a route sets its own limit. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** A path parameter longer than this is refused before any route runs (ids and slugs are far shorter). */
export const PATH_PARAM_LIMIT = 500;

const NOSNIFF = ['X-Content-Type-Options', 'nosniff'] as const;

/** Adds a capability's routes to the scope it is given (once under `/api`, once at the root). */
export type AddRoutes = (scope: FastifyInstance) => void;

/** The route generic of `/…/:id` routes. */
export type IdParams = { Params: { id: string } };

/**
 * The API's HTTP layer: one Fastify instance whose routes answer on `/...`
 * (the function's own URL) and on `/api/...` (the Hosting rewrite). It is
 * returned as a plain Node request listener, for `onRequest`, a Node server
 * or supertest alike.
 *
 * Fastify rather than Express: on the 2-core machine of `npm run bench`,
 * Express's routing, body parsing and replies cost about four times what
 * Fastify's do (bare apps: 5,000 against 23,000 requests/s), which was most
 * of a registration's time.
 */
export async function httpHandler(addRoutes: AddRoutes): Promise<RequestListener> {
  let listener!: RequestListener;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // `/events/` is `/events`, as any web server treats it.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: PATH_PARAM_LIMIT },
    // A path that is not valid URL encoding, or a parameter over the limit, fails before any hook
    // runs: answer it like every other error.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply.header(...NOSNIFF)),
    // The server is the caller's (Cloud Functions, a Node server, supertest): keep only the listener.
    serverFactory: (handler) => {
      listener = handler;
      return createServer();
    },
  });

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(...NOSNIFF);
    done();
  });
  // Cloud Functions reads the body before our code runs and keeps the bytes in `rawBody`:
  // parse those, so limits and errors are the same everywhere.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const rawBody = (request.raw as IncomingMessage & { rawBody?: Buffer }).rawBody;
    return Buffer.isBuffer(rawBody) ? Readable.from([rawBody]) : payload;
  });

  // An empty JSON body is no body, and a body that is not JSON is read (within the limit) and dropped:
  // the routes then see no fields, and say which are missing.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(unknownRoute);
  app.register(async (scope) => addRoutes(scope), { prefix: '/api' });
  app.register(async (scope) => addRoutes(scope));

  await app.ready();
  return listener;
}
