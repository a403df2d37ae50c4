import { describe, expect, it } from 'vitest';
import { uploadSrcset } from '@shared/uploads-model.js';
import { refreshStorageUrl } from './slides.js';

const HASH = '0123456789abcdef01234567';

describe('uploadSrcset: the copies of an uploaded image, from its stored URL', () => {
  it('lists every upload width below the stored one, then the stored one', () => {
    expect(uploadSrcset(`/api/files/uploads/${HASH}-1600.webp`)).toBe(
      `/api/files/uploads/${HASH}-480.webp 480w,/api/files/uploads/${HASH}-960.webp 960w,/api/files/uploads/${HASH}-1600.webp 1600w`,
    );
  });

  it('an original narrower than the largest width has its own width last, and nothing wider', () => {
    expect(uploadSrcset(`/api/files/uploads/${HASH}-1200.webp`)).toBe(
      `/api/files/uploads/${HASH}-480.webp 480w,/api/files/uploads/${HASH}-960.webp 960w,/api/files/uploads/${HASH}-1200.webp 1200w`,
    );
    expect(uploadSrcset(`/api/files/uploads/${HASH}-300.webp`)).toBe(`/api/files/uploads/${HASH}-300.webp 300w`);
  });

  it('works on Cloud Storage addresses, with their encoded path and query (also after the fresh token)', () => {
    const stored = `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/images%2Fuploads%2F${HASH}-960.webp?alt=media`;
    const shown = refreshStorageUrl(stored, 'tok');
    expect(uploadSrcset(shown)).toBe(
      [480, 960].map((w) => `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/images%2Fuploads%2F${HASH}-${w}.webp?alt=media&t=tok ${w}w`).join(','),
    );
  });

  it('leaves every other address alone: one size only', () => {
    for (const url of ['/seed/slide1.svg', 'https://example.org/photo.jpg', `/api/files/uploads/${HASH}.webp`, `/api/files/other/${HASH}-960.webp`, '', `/api/files/uploads/nothex-960.webp`]) {
      expect(uploadSrcset(url)).toBeUndefined();
    }
  });
});
