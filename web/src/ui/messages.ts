/** The kit's default control labels; callers pass their own where the spec words them. */
export const UI_TEXT = {
  tryAgain: 'Try Again',
  cancel: 'Cancel',
  confirm: 'Confirm',
  working: 'Working...',
  noResults: 'No matching results',
  search: 'Search',
  dismiss: 'Dismiss',
  uploading: 'Uploading...',
} as const;
