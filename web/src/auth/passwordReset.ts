import { MIN_PASSWORD_LENGTH } from '@shared/constants.js';
import { authErrorMessage } from './authErrors.js';
import { authLibrary, getFirebaseAuth } from './firebase.js';

/** The words of 'Forgot password?' (issue 27 item 1), declared once for the three screens that offer it. */
export const RESET_TEXT = {
  forgot: 'Forgot password?',
  requestTitle: 'Reset your password',
  requestIntro: "Enter your account's e-mail address and we'll send you a link to choose a new password.",
  send: 'Send reset link',
  sending: 'Sending...',
  // The same answer whether or not the account exists: the form must not tell who has one.
  sent: "If an account exists for that address, we've sent a link",
  back: 'Back to sign in',
  chooseTitle: 'Choose a new password',
  chooseFor: 'For',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  save: 'Save new password',
  saving: 'Saving...',
  checking: 'Checking the link...',
  changed: 'Your password has been changed. Sign in with your new password.',
  verifyTitle: 'Verify your email',
  verifying: 'Verifying your email address...',
  verified: 'Your email address is verified. You can go back to your invitation and finish there.',
  verifyExpired: 'This link has expired or has already been used. Your invitation page can send a new one.',
  continue: 'Continue',
  expired: "This link has expired or has already been used. Ask for a new one with 'Forgot password?'.",
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  mismatch: 'The two passwords do not match',
  missingEmail: 'Please enter your email address.',
} as const;

/**
 * The action code of a password reset link, or null. The Firebase console's e-mail template sends
 * its links to the address set as the action URL (docs/configuration.md: the site's /admin), with
 * `?mode=resetPassword&oobCode=…`.
 */
export function resetCodeOf(search: string): string | null {
  return actionCodeOf(search, 'resetPassword');
}

/**
 * The code of an address verification link: the console's action URL applies to every Firebase
 * Auth e-mail, so once it points at the site, the invitation's 'verify your address' link opens
 * here too (VerifyEmailScreen).
 */
export function verifyCodeOf(search: string): string | null {
  return actionCodeOf(search, 'verifyEmail');
}

function actionCodeOf(search: string, mode: string): string | null {
  const query = new URLSearchParams(search);
  const code = query.get('oobCode')?.trim();
  return query.get('mode') === mode && code ? code : null;
}

/**
 * Where the reset link returns after the new password is saved: the page it was asked from
 * (the door's sign-in, the admin login, the invitation), on this site only.
 */
export function continuePathOf(search: string, origin: string): string | null {
  const raw = new URLSearchParams(search).get('continueUrl');
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Asks Firebase to send the reset e-mail. Resolves (the neutral answer) when it is sent and when
 * no such account exists (a project without e-mail enumeration protection says so: we do not);
 * rejects with a sentence for people on a malformed address, too many attempts or no network.
 */
export async function requestPasswordReset(email: string, continueUrl: string): Promise<void> {
  const address = email.trim();
  if (!address) throw new Error(RESET_TEXT.missingEmail);
  const [auth, { sendPasswordResetEmail }] = await Promise.all([getFirebaseAuth(), authLibrary()]);
  try {
    await sendPasswordResetEmail(auth, address, { url: continueUrl });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'auth/user-not-found') return;
    throw new Error(authErrorMessage(error));
  }
}

const EXPIRED_CODES = new Set(['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-disabled', 'auth/user-not-found']);

function resetError(error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  return new Error(typeof code === 'string' && EXPIRED_CODES.has(code) ? RESET_TEXT.expired : authErrorMessage(error));
}

/** The account a reset link is for; rejects with RESET_TEXT.expired when the link cannot be used. */
export async function accountOfResetCode(code: string): Promise<string> {
  const [auth, { verifyPasswordResetCode }] = await Promise.all([getFirebaseAuth(), authLibrary()]);
  try {
    return await verifyPasswordResetCode(auth, code);
  } catch (error) {
    throw resetError(error);
  }
}

/** What is wrong with a new password and its confirmation, or null. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return RESET_TEXT.tooShort;
  if (password !== confirmation) return RESET_TEXT.mismatch;
  return null;
}

export async function saveNewPassword(code: string, password: string): Promise<void> {
  const [auth, { confirmPasswordReset }] = await Promise.all([getFirebaseAuth(), authLibrary()]);
  try {
    await confirmPasswordReset(auth, code, password);
  } catch (error) {
    throw resetError(error);
  }
}

/** Marks the address verified (the link's code); rejects with a sentence when the link cannot be used. */
export async function verifyEmailWithCode(code: string): Promise<void> {
  const [auth, { applyActionCode }] = await Promise.all([getFirebaseAuth(), authLibrary()]);
  try {
    await applyActionCode(auth, code);
  } catch (error) {
    const problem = (error as { code?: unknown } | null)?.code;
    throw new Error(typeof problem === 'string' && EXPIRED_CODES.has(problem) ? RESET_TEXT.verifyExpired : authErrorMessage(error));
  }
}
