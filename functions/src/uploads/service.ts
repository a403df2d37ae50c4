import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { UPLOAD_LIMIT_BYTES } from '../shared/constants.js';
import {
  UPLOAD_MAX_DECODED_BYTES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_MESSAGES,
  UPLOAD_WIDTHS,
  type UploadReply,
  type UploadRequest,
} from '../shared/uploads-model.js';
import type { FileStore } from '../files/port.js';
import { RuleError } from '../rule-error.js';

/*
 * Image uploads (SPEC §5, §7; DESIGN §4): at most 5 MB decoded, the type read
 * from the bytes (the name and the declared type are never trusted), and every
 * photo re-encoded by sharp into WebP at a few widths, so no visitor downloads
 * an original. The re-encoding applies the EXIF orientation and drops all
 * metadata (GPS position included). SVG is refused: it is a document that can
 * carry script, and no sanitiser is wired in yet.
 *
 * Memory (issue 23 item 8): a few hundred kB of PNG can decode to hundreds of MB, and the API has
 * 512 MiB. So the header is read first (sharp's metadata decodes no pixels) and an image whose
 * decoded size, width x height x channels x bytes per sample, is over UPLOAD_MAX_DECODED_BYTES is
 * refused with 413 before any decoding; and one image at a time is decoded per instance
 * (imageQueue), so concurrent uploads cannot add their peaks up.
 */

/** Types sniffed from the bytes that may go on to sharp; HEIC only where sharp's libvips can decode it. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif']);

/**
 * One image decoded at a time in this process: uploads wait their turn here, after the cheap
 * checks (size, type, header), so a refusal never waits behind another admin's photo.
 * Exported for the tests, which read its `activeCount` and `pendingCount`.
 */
export const imageQueue = pLimit(1);

// libvips keeps recent operations' pixels (up to 50 MB) for reuse; an upload never repeats one
// after it is done, so that memory would only stay taken between uploads.
sharp.cache(false);

/** Bytes per sample of each libvips pixel format (sharp's `depth`). */
const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** What an image takes once decoded, from its header: width x height x channels x bytes per sample (an unknown format counts as the widest). */
export function decodedBytes(metadata: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>): number {
  return metadata.width * metadata.height * metadata.channels * (BYTES_PER_SAMPLE[metadata.depth] ?? 16);
}

/**
 * WebP qualities tried in turn until a copy fits its byte budget: most photos fit at the first,
 * a very detailed one (foliage, gravel, sensor noise) is squeezed rather than sent to a phone at
 * several hundred kB, which would cost the landing page its mobile speed.
 */
const WEBP_QUALITIES = [80, 65, 50, 40] as const;
/** Bytes a copy may weigh per pixel of its width: 960 px -> 180 kB, 480 px -> 90 kB. */
const BYTES_PER_WIDTH_PIXEL = 187.5;

/**
 * The copy at `width`, at the first quality whose bytes fit the copy's budget (else the lowest).
 * The image is decoded and resized once, to raw pixels of the copy's size; each quality is encoded
 * from those (libvips' operation cache, which used to spare the repeated decoding, is off).
 */
export async function encodeWithinBudget(image: () => Sharp, width: number): Promise<{ data: Buffer; info: OutputInfo }> {
  const budget = width * BYTES_PER_WIDTH_PIXEL;
  const resized = await image().resize({ width, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels } = resized.info;
  const encode = (quality: number) => sharp(resized.data, { raw: { width: w, height: h, channels } }).webp({ quality }).toBuffer({ resolveWithObject: true });
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

const decode = (bytes: Buffer) => sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', autoOrient: true });

/** The header only (sharp's metadata decodes no pixels): without a pixel limit, so an image over it is told apart from one that is not an image. */
const header = (bytes: Buffer) => sharp(bytes, { limitInputPixels: false, failOn: 'error', autoOrient: true }).metadata();

const imageTooLarge = () => new RuleError('FILE_TOO_LARGE', UPLOAD_MESSAGES.imageTooLarge, 'too-large', 'imageData');

/**
 * Checks the bytes are an image sharp can read, of an accepted type, whose decoded size fits;
 * answers its displayed width. Reads the header only: no pixel is decoded here.
 */
async function readableImage(bytes: Buffer): Promise<number> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw invalidImage();
  let metadata: Metadata;
  try {
    metadata = await header(bytes);
  } catch {
    throw invalidImage();
  }
  const { width, height, channels, autoOrient } = metadata;
  if (!width || !height || !channels || !autoOrient.width || !autoOrient.height) throw invalidImage();
  if (width * height > UPLOAD_MAX_PIXELS || decodedBytes(metadata) > UPLOAD_MAX_DECODED_BYTES) throw imageTooLarge();
  return autoOrient.width;
}

export function createUploadService({ files }: { files: FileStore }) {
  return {
    async upload(request: UploadRequest): Promise<UploadReply> {
      const bytes = decodeImageData(request.imageData);
      const width = await readableImage(bytes);
      // Named by content: the same photo uploaded twice is the same files, and a URL never changes meaning.
      const name = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
      const copies = await imageQueue(async () => {
        const written: { url: string; width: number; height: number }[] = [];
        for (const target of targetWidths(width)) {
          let encoded: { data: Buffer; info: OutputInfo };
          try {
            encoded = await encodeWithinBudget(() => decode(bytes), target);
          } catch {
            throw invalidImage();
          }
          const url = await files.put(`uploads/${name}-${encoded.info.width}.webp`, encoded.data, 'image/webp');
          written.push({ url, width: encoded.info.width, height: encoded.info.height });
        }
        return written;
      });
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
