import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../../src/shared/constants.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { UPLOAD_MESSAGES } from '../../src/shared/uploads-model.js';
import { UPLOAD_BODY_LIMIT_BYTES } from '../../src/uploads/routes.js';
import { encodeWithinBudget, targetWidths } from '../../src/uploads/service.js';
import { createTestApi, type TestApi } from '../support/api.js';
import { asCloudFunction } from '../support/cloud-function.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const upload = (body: Record<string, unknown>, who: 'admin' | 'staff' = 'admin') =>
  api.request.post('/api/upload').set(api.bearer(who)).send(body);
const asBody = (bytes: Buffer, fileName = 'photo.jpg', mimeType = 'image/jpeg') => ({
  name: 'eventImage',
  imageData: bytes.toString('base64'),
  fileName,
  mimeType,
});

/** A body in 64 kB pieces, a little at a time, like a proxy forwarding what it receives. */
async function* chunks(bytes: Buffer) {
  for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
    yield bytes.subarray(offset, offset + 64 * 1024);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The stored bytes behind a URL the API handed out (the local file store). */
async function storedFile(url: string) {
  // supertest reads image/* replies as bytes.
  const response = await api.request.get(url);
  expect(response.status, url).toBe(200);
  expect(Buffer.isBuffer(response.body)).toBe(true);
  return { bytes: response.body as Buffer, headers: response.headers };
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 60 } } });
/** A photo-like image (noise barely compresses): about 1.07 bytes per pixel at quality 95. */
const noiseJpeg = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();

function expectRefused(response: { status: number; body: unknown }, status: number, code: string, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ success: false, code, message });
}

describe('POST /upload', () => {
  it('re-encodes a PNG into WebP at each width up to its own, never wider', async () => {
    const png = await solid(1200, 800).png().toBuffer();

    const response = await upload(asBody(png, 'banner.png', 'image/png'));

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { imageUrl, srcset, width, height } = response.body;
    expect(response.body).toMatchObject({ success: true, width: 1200, height: 800 });
    const entries = (srcset as string).split(', ').map((entry) => entry.split(' '));
    expect(entries.map(([, w]) => w)).toEqual(['480w', '960w', '1200w']);
    expect(entries.at(-1)?.[0]).toBe(imageUrl);
    for (const [url, w] of entries) {
      const file = await storedFile(url);
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}w`).toBe(w);
      expect(meta.height).toBe(Math.round((meta.width * height) / width));
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('re-encodes a JPEG upright (EXIF orientation applied) and strips its metadata', async () => {
    // Stored 300x200 with "rotate 90° clockwise" in EXIF, as a phone held upright writes it.
    const jpeg = await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).withExifMerge({ IFD0: { Copyright: 'Private', Artist: 'Ada' } }).toBuffer();
    expect(await sharp(jpeg).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });

    const response = await upload(asBody(jpeg));

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ width: 200, height: 300 });
    expect(response.body.srcset).toBe(`${response.body.imageUrl} 200w`);
    const meta = await sharp((await storedFile(response.body.imageUrl)).bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it.each([
    ['WebP', () => solid(640, 480).webp().toBuffer()],
    ['GIF', () => solid(640, 480).gif().toBuffer()],
    ['AVIF', () => solid(640, 480).avif().toBuffer()],
  ])('accepts a %s, whatever name and type it is sent with, and re-encodes it', async (_format, make) => {
    const response = await upload(asBody(await make(), 'download', 'application/octet-stream'));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ width: 640, height: 480 });
    expect(response.body.srcset).toMatch(/\.webp 480w, .+\.webp 640w$/);
  });

  it('a photo of almost 5MB is read (the route takes bodies far above the app’s 100 kB), and so it is through Cloud Functions', async () => {
    const photo = await noiseJpeg(2400, 1800);
    expect(photo.length).toBeGreaterThan(3.5 * 1024 * 1024);
    expect(photo.length).toBeLessThanOrEqual(UPLOAD_LIMIT_BYTES);

    const direct = await upload(asBody(photo));
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(direct.body).toMatchObject({ width: 1600, height: 1200 });
    expect(direct.body.srcset.split(', ').map((entry: string) => entry.split(' ')[1])).toEqual(['480w', '960w', '1600w']);

    const viaFunction = await supertest(asCloudFunction(api.app)).post('/api/upload').set(api.bearer('admin')).send(asBody(photo));
    expect(viaFunction.status, JSON.stringify(viaFunction.body)).toBe(200);
    // Named by content: the same photo is the same files.
    expect(viaFunction.body.imageUrl).toBe(direct.body.imageUrl);
  });

  it('a 6MB image is refused with 413 and the spec’s message, directly and through Cloud Functions', async () => {
    const big = Buffer.concat([await noiseJpeg(400, 300), randomBytes(6 * 1024 * 1024)]);
    expect(Buffer.byteLength(JSON.stringify(asBody(big)))).toBeGreaterThan(UPLOAD_BODY_LIMIT_BYTES);
    for (const request of [api.request, supertest(asCloudFunction(api.app))]) {
      const response = await request.post('/api/upload').set(api.bearer('admin')).send(asBody(big));
      expect(response.body).toEqual({ success: false, code: 'FILE_TOO_LARGE', message: UPLOAD_MESSAGES.fileTooLarge });
      expect(response.status).toBe(413);
    }
  });

  it('a client still sending an oversized body (as the local Hosting proxy does) reads the 413, not a reset connection', async () => {
    const server = createServer(api.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const body = JSON.stringify(asBody(randomBytes(7 * 1024 * 1024)));
      // Streamed in chunks as a proxy forwards it, with the length it announced.
      const response = await fetch(`http://127.0.0.1:${port}/api/upload`, {
        method: 'POST',
        headers: { ...api.bearer('admin'), 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
        body: Readable.toWeb(Readable.from(chunks(Buffer.from(body)))) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ success: false, code: 'FILE_TOO_LARGE', message: UPLOAD_MESSAGES.fileTooLarge });
      // Any other route's limit (100 kB) answers the same way.
      const other = await fetch(`http://127.0.0.1:${port}/api/events`, {
        method: 'POST',
        headers: { ...api.bearer('admin'), 'Content-Type': 'application/json' },
        body,
      });
      expect(other.status).toBe(413);
      expect(((await other.json()) as { code: string }).code).toBe('BODY_TOO_LARGE');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a body within the route’s limit whose decoded file is over 5MB is refused with 413 too', async () => {
    const over = randomBytes(UPLOAD_LIMIT_BYTES + 1024);
    expect(Buffer.byteLength(JSON.stringify(asBody(over)))).toBeLessThan(UPLOAD_BODY_LIMIT_BYTES);
    expectRefused(await upload(asBody(over)), 413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.fileTooLarge);
  });

  it.each([
    ['an HTML page named .png', Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'), 'cat.png', 'image/png'],
    [
      'an SVG with script (SVG is refused for now)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    ['a PDF named .jpg', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), 'scan.jpg', 'image/jpeg'],
    ['a truncated PNG', Buffer.from('89504e470d0a1a0a0000000d4948445200000100', 'hex'), 'broken.png', 'image/png'],
  ])('refuses %s with 400', async (_label, bytes, fileName, mimeType) => {
    expectRefused(await upload(asBody(bytes, fileName, mimeType)), 400, 'INVALID_IMAGE', UPLOAD_MESSAGES.invalidImage);
  });

  it('refuses a body without image data, or with data that is not base64', async () => {
    expectRefused(await upload({ fileName: 'a.png' }), 400, 'INVALID_INPUT', UPLOAD_MESSAGES.invalidImage);
    expectRefused(await upload({ imageData: 'not base64 at all!' }), 400, 'INVALID_IMAGE', UPLOAD_MESSAGES.invalidImage);
  });

  it('is admins only: 401 without a token, 403 for staff', async () => {
    const png = await solid(20, 20).png().toBuffer();
    const anonymous = await api.request.post('/api/upload').send(asBody(png));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, code: 'AUTH_REQUIRED', message: MESSAGES.authRequired });
    expect((await upload(asBody(png), 'staff')).status).toBe(403);
  });
});

describe('targetWidths', () => {
  it.each([
    [300, [300]],
    [480, [480]],
    [960, [480, 960]],
    [1000, [480, 960, 1000]],
    [4032, [480, 960, 1600]],
  ])('%i px wide -> %j', (width, widths) => {
    expect(targetWidths(width)).toEqual(widths);
  });
});

describe('encodeWithinBudget', () => {
  const webp = (image: Buffer, width: number, quality: number) => sharp(image).resize({ width }).webp({ quality }).toBuffer();

  it('keeps quality 80 for a photo whose copy fits about 190 bytes per pixel of width', async () => {
    const smooth = await solid(2400, 1800).jpeg().toBuffer();
    const encoded = await encodeWithinBudget(() => sharp(smooth), 960);
    expect(encoded.data.equals(await webp(smooth, 960, 80))).toBe(true);
  });

  it('squeezes a very detailed photo to a lower quality instead of sending a phone hundreds of kB', async () => {
    const detailed = await noiseJpeg(2400, 1800);
    const atEighty = await webp(detailed, 960, 80);
    expect(atEighty.length).toBeGreaterThan(960 * 187.5);
    const encoded = await encodeWithinBudget(() => sharp(detailed), 960);
    expect(encoded.info.width).toBe(960);
    expect(encoded.data.length).toBeLessThan(atEighty.length * 0.8);
  });
});
