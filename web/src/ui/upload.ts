import { UPLOAD_LIMIT_BYTES } from '@shared/constants.js';
import { UPLOAD_MESSAGES } from '@shared/uploads-model.js';

/** Why a chosen file cannot be uploaded (checked before anything is sent), or null. */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > UPLOAD_LIMIT_BYTES) return UPLOAD_MESSAGES.fileTooLarge;
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.invalidImage;
  return null;
}

/** Reads a file as a data URL; rejects with 'Failed to read file'. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(UPLOAD_MESSAGES.fileReadFailed)));
    reader.onerror = () => reject(new Error(UPLOAD_MESSAGES.fileReadFailed));
    reader.readAsDataURL(file);
  });
}

/** The base64 part of a data URL. */
export function base64OfDataUrl(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma === -1 ? dataUrl : dataUrl.slice(comma + 1);
}
