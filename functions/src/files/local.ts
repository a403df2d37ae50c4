import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FileStore } from './port.js';

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

/** Files in a folder, served by the API under `{publicBase}/{path}` (DESIGN §3, local runs). */
export function localFileStore(root: string, publicBase = '/api/files'): FileStore {
  function resolveInside(path: string) {
    const full = normalize(join(root, path));
    if (!full.startsWith(normalize(root) + sep)) return null;
    return full;
  }
  return {
    async put(path, bytes) {
      const full = resolveInside(path);
      if (!full) throw new Error(`Invalid file path: ${path}`);
      await mkdir(join(full, '..'), { recursive: true });
      await writeFile(full, bytes);
      return `${publicBase}/${path}`;
    },
    async read(path) {
      const full = resolveInside(path);
      const contentType = CONTENT_TYPES[extname(path).toLowerCase()];
      if (!full || !contentType) return null;
      try {
        return { bytes: await readFile(full), contentType };
      } catch {
        return null;
      }
    },
  };
}
