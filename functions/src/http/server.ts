import type { IncomingMessage, RequestListener } from 'node:http';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { errorCodes, type FastifyInstance } from 'fastify';
import { mayBeShared, PRIVATE_CACHE_CONTROL } from './cache.js';
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
  // Nothing personal or failed is kept by a browser, proxy or CDN: a reply to a request with an
  // Authorization header, an error, or one whose route said nothing (the public reads and the
  // uploaded files say so) is `private, no-store`.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!mayBeShared(request, reply)) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    return payload;
  });
  // Cloud Functions reads the body before our code runs and keeps the bytes in `rawBody`:
  // parse those, so limits and errors are the same everywhere.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const rawBody = (request.raw as IncomingMessage & { rawBody?: Buffer }).rawBody;
    if (!Buffer.isBuffer(rawBody)) return payload;
    const body = Readable.from([rawBody]);
    // The framework has already read what Content-Length announced (and inflated it if it came
    // compressed): Fastify checks the announced length against this, and the limit against both.
    const announced = Number(request.headers['content-length']);
    if (Number.isFinite(announced)) Object.assign(body, { receivedEncodedLength: announced });
    return body;
  });

  // An empty JSON body is no body, and a body that is not JSON is read (within the limit) and dropped:
  // the routes then see no fields, and say which are missing. A JSON body must be an object or an
  // array: `null` or `5` is refused here, not read as "no fields" by a route that has none required.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) done(error, undefined);
      else if (typeof value !== 'object' || value === null) done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      else done(null, value);
    });
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(unknownRoute);
  app.register(async (scope) => addRoutes(scope), { prefix: '/api' });
  app.register(async (scope) => addRoutes(scope));

  await app.ready();
  return listener;
}
