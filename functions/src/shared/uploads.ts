import { z } from 'zod';
import type { UploadRequest } from './uploads-model.js';
import type { Same } from './type-checks.js';
import { UPLOAD_MESSAGES } from './uploads-model.js';

/** POST /upload (SPEC §7). The size and the type are checked on the decoded bytes, not here. */
export const uploadSchema = z
  .object({
    name: z.string().trim().max(200).optional(),
    imageData: z.string({ error: UPLOAD_MESSAGES.invalidImage }).min(1, UPLOAD_MESSAGES.invalidImage),
    fileName: z.string().trim().max(300).optional(),
    mimeType: z.string().trim().max(100).optional(),
  })
  .strip();

const _request: Same<z.input<typeof uploadSchema>, UploadRequest> = true;
void _request;
