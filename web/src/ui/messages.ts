/**
 * Product wording the site needs that functions/src/shared does not declare yet.
 * To move into shared (an uploads model) when the upload endpoint lands.
 */
export const UI_MESSAGES = {
  fileTooLarge: 'File too large. Maximum size is 5MB.',
  invalidImage: 'Please select a valid image file.',
  fileReadFailed: 'Failed to read file',
  uploadFailed: 'Failed to upload image',
  uploading: 'Uploading...',
  tryAgain: 'Try Again',
  cancel: 'Cancel',
  confirm: 'Confirm',
  working: 'Working...',
  noResults: 'No matching results',
  search: 'Search',
  dismiss: 'Dismiss',
} as const;
