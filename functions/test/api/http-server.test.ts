import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { BODY_LIMIT_BYTES, PATH_PARAM_LIMIT, httpHandler } from '../../src/http/server.js';
import { asCloudFunction } from '../support/cloud-function.js';

/** A route that answers with the body it was given, as the API's routes see it. */
const echo = () => httpHandler((api) => api.post('/echo', async (request) => ({ body: request.body ?? null })));

describe('the API over HTTP', () => {
  it('answers on /api/... and on the function URL, with or without a trailing slash', async () => {
    const request = supertest(await echo());
    for (const path of ['/api/echo', '/echo', '/api/echo/']) {
      const response = await request.post(path).send({ name: 'Ada' });
      expect(response.status, path).toBe(200);
      expect(response.body).toEqual({ body: { name: 'Ada' } });
    }
  });

  it('marks every reply nosniff, a 404 too', async () => {
    const request = supertest(await echo());
    const missing = await request.get('/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a path that is not valid URL encoding, or a parameter over the limit, like any bad input', async () => {
    const request = supertest(await httpHandler((api) => api.get<{ Params: { id: string } }>('/things/:id', async (req) => ({ id: req.params.id }))));
    const longest = 'a'.repeat(PATH_PARAM_LIMIT);
    expect((await request.get(`/api/things/${longest}`)).body).toEqual({ id: longest });
    for (const path of ['/api/things/%E0%A4%A', `/api/things/${longest}a`]) {
      const response = await request.get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.body).toEqual({ success: false, code: 'INVALID_INPUT', message: MESSAGES.invalidInput });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('reads an empty JSON body, or a body that is not JSON, as no body', async () => {
    const request = supertest(await echo());
    const empty = await request.post('/api/echo').set('Content-Type', 'application/json').send('');
    expect(empty.body).toEqual({ body: null });
    const text = await request.post('/api/echo').set('Content-Type', 'text/plain').send('name=Ada');
    expect(text.body).toEqual({ body: null });
  });

  it('refuses malformed JSON with 400 and a body over the limit with 413', async () => {
    const request = supertest(await echo());
    const malformed = await request.post('/api/echo').set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, code: 'BODY_NOT_JSON', message: 'Request body is not valid JSON' });
    for (const primitive of ['null', '5', '"text"', 'true']) {
      const refused = await request.post('/api/echo').set('Content-Type', 'application/json').send(primitive);
      expect(refused.status, primitive).toBe(400);
      expect(refused.body.message).toBe('Request body is not valid JSON');
    }
    const poisoned = await request.post('/api/echo').set('Content-Type', 'application/json').send('{"__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
    const large = await request.post('/api/echo').send({ text: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ success: false, code: 'BODY_TOO_LARGE', message: 'Request body is too large' });
  });

  it('under Cloud Functions, parses the body it has already read, with the same limit', async () => {
    const server = createServer(asCloudFunction(await echo()));
    const request = supertest(server);
    const parsed = await request.post('/api/echo').send({ name: 'Ada' });
    expect(parsed.status).toBe(200);
    expect(parsed.body).toEqual({ body: { name: 'Ada' } });
    const large = await request.post('/api/echo').send({ text: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(large.status).toBe(413);
    const malformed = await request.post('/api/echo').set('Content-Type', 'application/json').send('{');
    expect(malformed.body.message).toBe('Request body is not valid JSON');
  });

  it('under Cloud Functions, reads a compressed body the framework has already inflated', async () => {
    const inflated = JSON.stringify({ name: 'Ada', note: 'x'.repeat(2_000) });
    const compressed = gzipSync(inflated);
    // The framework hands over the inflated bytes, with the headers of the compressed request.
    const listener = await echo();
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => listener(Object.assign(req, { rawBody: Buffer.from(inflated) }), res));
    });
    const response = await supertest(server)
      .post('/api/echo')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(compressed);
    expect(response.status).toBe(200);
    expect(response.body.body.name).toBe('Ada');
  });
});
