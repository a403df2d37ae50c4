import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { UPLOAD_LIMIT_BYTES } from '../shared/constants.js';
import { UPLOAD_MESSAGES, UPLOAD_WIDTHS, type UploadReply, type UploadRequest } from '../shared/uploads-model.js';
import type { FileStore } from '../files/port.js';
import { RuleError } from '../rule-error.js';

/*
 * Image uploads (SPEC §5, §7; DESIGN §4): at most 5 MB decoded, the type read
 * from the bytes (the name and the declared type are never trusted), and every
 * photo re-encoded by sharp into WebP at a few widths, so no visitor downloads
 * an original. The re-encoding applies the EXIF orientation and drops all
 * metadata (GPS position included). SVG is refused: it is a document that can
 * carry script, and no sanitiser is wired in yet.
 */

/** Types sniffed from the bytes that may go on to sharp; HEIC only where sharp's libvips can decode it. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif']);

/** A decompression bomb guard: about a 60-megapixel photo (phones take 12 to 50). */
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * WebP qualities tried in turn until a copy fits its byte budget: most photos fit at the first,
 * a very detailed one (foliage, gravel, sensor noise) is squeezed rather than sent to a phone at
 * several hundred kB, which would cost the landing page its mobile speed.
 */
const WEBP_QUALITIES = [80, 65, 50, 40] as const;
/** Bytes a copy may weigh per pixel of its width: 960 px -> 180 kB, 480 px -> 90 kB. */
const BYTES_PER_WIDTH_PIXEL = 187.5;

/** The copy at `width`, at the first quality whose bytes fit the copy's budget (else the lowest). */
export async function encodeWithinBudget(image: () => Sharp, width: number): Promise<{ data: Buffer; info: OutputInfo }> {
  const budget = width * BYTES_PER_WIDTH_PIXEL;
  const encode = (quality: number) => image().resize({ width, withoutEnlargement: true }).webp({ quality }).toBuffer({ resolveWithObject: true });
  let encoded = await encode(WEBP_QUALITIES[0]);
  for (const quality of WEBP_QUALITIES.slice(1)) {
    if (encoded.data.length <= budget) break;
    encoded = await encode(quality);
  }
  return encoded;
}

const invalidImage = () => new RuleError('INVALID_IMAGE', UPLOAD_MESSAGES.invalidImage, 'invalid', 'imageData');

/** The bytes of the body's base64 (a `data:` URL prefix is tolerated); anything that is not base64 is not an image. */
export function decodeImageData(imageData: string): Buffer {
  const base64 = imageData.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) && !/^[A-Za-z0-9_-]*={0,2}$/.test(base64)) throw invalidImage();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > UPLOAD_LIMIT_BYTES) throw new RuleError('FILE_TOO_LARGE', UPLOAD_MESSAGES.fileTooLarge, 'too-large', 'imageData');
  if (bytes.length === 0) throw invalidImage();
  return bytes;
}

/** The widths to write for an image `width` px wide (after orientation): never wider than the original. */
export function targetWidths(width: number): number[] {
  const largest = Math.min(width, UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1]);
  return [...new Set([...UPLOAD_WIDTHS.filter((target) => target < largest), largest])];
}

const decode = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true });

/** Checks the bytes are an image sharp can read, of an accepted type; answers its displayed width. */
async function readableImage(bytes: Buffer): Promise<number> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw invalidImage();
  try {
    const { autoOrient } = await decode(bytes).metadata();
    if (!autoOrient.width || !autoOrient.height) throw invalidImage();
    return autoOrient.width;
  } catch {
    throw invalidImage();
  }
}

export function createUploadService({ files }: { files: FileStore }) {
  return {
    async upload(request: UploadRequest): Promise<UploadReply> {
      const bytes = decodeImageData(request.imageData);
      const width = await readableImage(bytes);
      // Named by content: the same photo uploaded twice is the same files, and a URL never changes meaning.
      const name = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
      const copies: { url: string; width: number; height: number }[] = [];
      for (const target of targetWidths(width)) {
        let encoded: { data: Buffer; info: OutputInfo };
        try {
          encoded = await encodeWithinBudget(() => decode(bytes), target);
        } catch {
          throw invalidImage();
        }
        const url = await files.put(`uploads/${name}-${encoded.info.width}.webp`, encoded.data, 'image/webp');
        copies.push({ url, width: encoded.info.width, height: encoded.info.height });
      }
      const largest = copies[copies.length - 1];
      return {
        success: true,
        message: 'Image uploaded',
        imageUrl: largest.url,
        srcset: copies.map((copy) => `${copy.url} ${copy.width}w`).join(', '),
        width: largest.width,
        height: largest.height,
      };
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
