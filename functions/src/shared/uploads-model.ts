/** Image uploads (SPEC §5, §7, §8), without zod: the limit is UPLOAD_LIMIT_BYTES in constants.ts. */
export const UPLOAD_MESSAGES = {
  fileTooLarge: 'File too large. Maximum size is 5MB.',
  invalidImage: 'Please select a valid image file.',
  fileReadFailed: 'Failed to read file',
  uploadFailed: 'Failed to upload image',
} as const;
