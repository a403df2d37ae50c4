/**
 * Product wording of image uploads (SPEC §5, §8) that functions/src/shared does not declare
 * yet. To move into shared (an uploads model) when the upload endpoint lands.
 */
export const UPLOAD_MESSAGES = {
  fileTooLarge: 'File too large. Maximum size is 5MB.',
  invalidImage: 'Please select a valid image file.',
  fileReadFailed: 'Failed to read file',
  uploadFailed: 'Failed to upload image',
  uploading: 'Uploading...',
} as const;

/** The kit's default control labels; callers pass their own where the spec words them. */
export const UI_TEXT = {
  tryAgain: 'Try Again',
  cancel: 'Cancel',
  confirm: 'Confirm',
  working: 'Working...',
  noResults: 'No matching results',
  search: 'Search',
  dismiss: 'Dismiss',
} as const;
