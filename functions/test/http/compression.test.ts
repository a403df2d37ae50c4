import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_CONTROL } from '../../src/http/cache.js';
import { COMPRESS_FROM_BYTES } from '../../src/http/server.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

/*
 * Issue 13: on a phone's slow connection the bytes are the wait. Replies of 1 kB or more (the
 * events list, the theme) go out compressed to a client that accepts it; smaller ones, and every
 * reply to a client that accepts none, go out as they are. A CDN keeps one copy per encoding.
 */

let api: TestApi;
let server: Server;
let base: string;
beforeAll(async () => {
  api = await createTestApi();
  for (let n = 1; n <= 8; n++) await createTestEvent(api, { title: `Canyon walk ${n}`, description: 'A guided walk along the river, learning how the canyon recovers after a flood.' });
  server = createServer(api.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

/** The raw reply: its headers and its bytes as sent. */
function fetchRaw(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('compressed replies', () => {
  it('sends the events list compressed (brotli first, else gzip) with the same content, still public and varying by encoding', async () => {
    const plain = await fetchRaw('/api/events');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const events = JSON.parse(plain.body.toString('utf8'));
    expect(events.events).toHaveLength(8);

    for (const [accepted, encoding, inflate] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const reply = await fetchRaw('/api/events', accepted);
      expect(reply.headers['content-encoding'], accepted).toBe(encoding);
      expect(reply.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(reply.headers['cache-control'], accepted).toBe(PUBLIC_CACHE_CONTROL);
      expect(reply.body.length, accepted).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(inflate(reply.body).toString('utf8')), accepted).toEqual(events);
    }
  });

  it('sends a reply under 1 kB as it is, and nothing compressed to a client that accepts no encoding', async () => {
    const small = await fetchRaw('/api/sponsors', 'gzip, br');
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ success: true });

    const identity = await fetchRaw('/api/events', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString('utf8')).events).toHaveLength(8);
  });

  it('reads request bodies as before: a JSON body is not taken for a compressed one', async () => {
    const event = await createTestEvent(api, { title: 'Bodies still read' });
    expect(event.id).toBeTruthy();
  });
});
