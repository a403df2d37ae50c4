/** Image uploads (SPEC §5, §7, §8), without zod: the limit is UPLOAD_LIMIT_BYTES in constants.ts. */
export const UPLOAD_MESSAGES = {
  fileTooLarge: 'File too large. Maximum size is 5MB.',
  invalidImage: 'Please select a valid image file.',
  fileReadFailed: 'Failed to read file',
  uploadFailed: 'Failed to upload image',
  // Issue 23 item 8: a small file can still decode to hundreds of MB (UPLOAD_MAX_DECODED_BYTES below).
  imageTooLarge: 'Image dimensions too large. Please use a smaller image (a 12-megapixel photo fits).',
} as const;

/** POST /upload body (SPEC §7): the image as base64 (no `data:` prefix). Name and type are hints, never trusted. */
export interface UploadRequest {
  name?: string;
  imageData: string;
  fileName?: string;
  mimeType?: string;
}

/**
 * POST /upload reply: `imageUrl` is the largest re-encoded copy (WebP), `srcset` lists every
 * width for `<img srcset>`, so a phone downloads the size that fits, never the original.
 */
export interface UploadReply {
  success: true;
  message: string;
  imageUrl: string;
  srcset: string;
  width: number;
  height: number;
}

/** The widths a photo is re-encoded to (px); smaller photos keep their own width. */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

/**
 * The `srcset` of an uploaded image from its stored URL. The upload service names each copy
 * `uploads/<content hash, 24 hex>-<width>.webp`, one per width of UPLOAD_WIDTHS below the
 * original's and one at its own (at most the largest), and answers the widest one's URL (local
 * `/api/files/uploads/<hash>-1600.webp` or Cloud Storage's
 * `...o/images%2Fuploads%2F<hash>-1600.webp?alt=media`), so every copy's address follows from
 * it (functions/test/api/theme-admin.test.ts checks this against the service). Undefined for any other address (seed images, links): those have one size.
 */
export function uploadSrcset(url: string): string | undefined {
  // Terse on purpose: the landing page's JavaScript budget counts every byte of this.
  const m = /^(.*uploads(?:\/|%2F)[0-9a-f]{24}-)(\d+)(\.webp.*)$/.exec(url);
  return m ? [...UPLOAD_WIDTHS.filter((w) => w < +m[2]), m[2]].map((w) => `${m[1]}${w}${m[3]} ${w}w`).join() : undefined;
}

// Issue 23 item 8: what one upload may cost in memory, read from the image's header before anything is decoded.
/**
 * The most bytes an upload may take once decoded: width x height x channels x bytes per sample.
 * A 461 KB 16-bit PNG of 7000x7000 px decodes to 392 MB; the API has 512 MiB in all. At 64 MiB
 * the re-encoding peaked at about 90-140 MB above the process's own (docs/security.md, "Uploads cannot exhaust memory"), and every
 * ordinary photo fits: 12 MP (4032x3024) 8-bit RGB is 36.6 MB, with alpha 48.8 MB; 20 MP RGB 60 MB.
 */
export const UPLOAD_MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** The most pixels, whatever the channels (sharp's `limitInputPixels`): a 24-megapixel image. */
export const UPLOAD_MAX_PIXELS = 24_000_000;
