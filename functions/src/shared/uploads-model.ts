/** Image uploads (SPEC §5, §7, §8), without zod: the limit is UPLOAD_LIMIT_BYTES in constants.ts. */
export const UPLOAD_MESSAGES = {
  fileTooLarge: 'File too large. Maximum size is 5MB.',
  invalidImage: 'Please select a valid image file.',
  fileReadFailed: 'Failed to read file',
  uploadFailed: 'Failed to upload image',
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
