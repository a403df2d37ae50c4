import type { App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import type { FileStore } from './port.js';

/**
 * Cloud Storage: the project's default bucket; storage.rules allow public reads of images/.
 * Cached for a year: uploads are named by their content, so a name never changes meaning.
 */
export function cloudStorageFiles(app: App): FileStore {
  const bucket = getStorage(app).bucket();
  return {
    async put(path, bytes, contentType) {
      const file = bucket.file(`images/${path}`);
      await file.save(bytes, { contentType, resumable: false, metadata: { cacheControl: 'public, max-age=31536000' } });
      return `https://firebasestorage.googleapis.com/v0/b/${bucket.name}/o/${encodeURIComponent(`images/${path}`)}?alt=media`;
    },
  };
}
