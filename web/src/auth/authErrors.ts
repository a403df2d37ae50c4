/** Readable texts for the identity provider's error codes (the login screen shows them). */
const AUTH_ERROR_TEXT: Record<string, string> = {
  'auth/invalid-credential': 'Invalid email or password.',
  'auth/invalid-login-credentials': 'Invalid email or password.',
  'auth/wrong-password': 'Invalid email or password.',
  'auth/user-not-found': 'Invalid email or password.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/user-disabled': 'This account has been disabled. Contact the system administrator.',
  'auth/too-many-requests': 'Too many sign-in attempts. Please wait a moment and try again.',
  'auth/network-request-failed': 'Network error. Please check your connection and try again.',
  'auth/internal-error': 'Sign-in failed because of a server problem. Please try again.',
  'auth/operation-not-allowed': 'Email and password sign-in is not enabled. Contact the system administrator.',
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/weak-password': 'The password is too weak.',
  'auth/popup-closed-by-user': 'Sign-in was cancelled.',
};

export const GENERIC_SIGN_IN_ERROR = 'Sign in failed. Please try again.';

/**
 * Turns an identity-provider error into a sentence for people: known codes
 * get a plain text; otherwise the provider's own message without the
 * "Firebase:" prefix and "(auth/...)" suffix.
 */
export function authErrorMessage(error: unknown): string {
  if (!error || typeof error !== 'object') return GENERIC_SIGN_IN_ERROR;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && AUTH_ERROR_TEXT[code]) return AUTH_ERROR_TEXT[code];
  if (typeof message === 'string') {
    const fromMessage = /\((auth\/[a-z-]+)\)/.exec(message)?.[1];
    if (fromMessage && AUTH_ERROR_TEXT[fromMessage]) return AUTH_ERROR_TEXT[fromMessage];
    const cleaned = message
      .replace(/^Firebase:\s*/i, '')
      .replace(/\s*\(auth\/[a-z-]+\)\.?\s*$/i, '')
      .trim();
    if (cleaned && !/^error$/i.test(cleaned)) return cleaned.endsWith('.') ? cleaned : `${cleaned}.`;
  }
  return GENERIC_SIGN_IN_ERROR;
}
