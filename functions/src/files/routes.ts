import type { Router } from 'express';
import { notFound } from '../http/errors.js';
import type { FileStore } from './port.js';

/** Serves the local file store's images; absent in production, where Cloud Storage serves them. */
export function fileRoutes(router: Router, files: FileStore) {
  const read = files.read;
  if (!read) return;
  router.get('/files/*path', async (req, res) => {
    const segments = (req.params as { path: string[] }).path;
    const file = await read(segments.join('/'));
    if (!file) throw notFound('File not found');
    // An SVG opened on its own must not run script on our origin.
    res.set({
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=3600',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(file.bytes);
  });
}
