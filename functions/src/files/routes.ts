import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import type { FileStore } from './port.js';

/** Serves the local file store's images; absent in production, where Cloud Storage serves them. */
export function fileRoutes(api: FastifyInstance, files: FileStore) {
  const read = files.read;
  if (!read) return;
  api.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const path = request.params['*'];
    const file = await read(path);
    if (!file) throw notFound('File not found');
    // An SVG opened on its own must not run script on our origin.
    return reply
      .headers({
        'Content-Type': file.contentType,
        // Uploads are named by their content (uploads/service.ts): they never change.
        'Cache-Control': path.startsWith('uploads/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      })
      .send(file.bytes);
  });
}
