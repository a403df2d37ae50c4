// The admin invitation screen's wording (SPEC §2, §4, §8) and its pure decisions, tested on their own.
import { MIN_PASSWORD_LENGTH } from '@shared/constants.js';
import type { Role } from '@shared/session-model.js';
import { ApiError } from '../../api/client.js';
import { authErrorMessage } from '../../auth/authErrors.js';

export const INVITATION_TEXT = {
  heading: 'Admin Invitation',
  invalidLink: '❌ Invalid invitation link',
  found: '📧 Admin invitation found! Please sign in or create an account to continue.',
  missingFields: '❌ Please enter email and password',
  accountNotFound: '❌ Account not found. Please create an account or check your email.',
  accountExists: '❌ Account already exists. Please sign in instead.',
  authenticationFailed: '❌ Authentication failed',
  processing: 'Processing Admin Invitation',
  welcome: '✅ Welcome to the admin team! Redirecting to dashboard...',
  acceptFailed: '❌ Failed to accept invitation',
  processFailed: '❌ Failed to process invitation',
  passwordTooShort: `❌ Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  nextSteps: 'What happens next',
  // Issue 23 item 5: the invited address must be proven before the invitation is accepted.
  sendingVerification: 'Sending the verification e-mail...',
  waitingForVerification: 'Waiting for you to open the link...',
  verificationResent: 'Sent again. It can take a minute to arrive; check your spam folder too.',
  resendVerification: 'Send the e-mail again',
  tooManyVerificationMails: '❌ Too many e-mails were sent to this address. Please wait a few minutes, then send it again.',
  anotherAccount: 'Use another account',
  // Issue 27 item 2: the two paths, offered plainly, and a refusal that names both possibilities.
  accountChoice: 'Your account',
  haveAccount: 'I have an account',
  createAccount: 'Create my account',
  signInRefused: "❌ Wrong password, or no account for this e-mail yet. Check the password, or choose 'Create my account'.",
} as const;

/**
 * The screen's words for the role offered (issue 24 item 10): an admin invitation keeps SPEC's
 * wording; a staff one is named a staff invitation, not an admin one.
 */
const ROLE_TEXT = {
  admin: { heading: INVITATION_TEXT.heading, found: INVITATION_TEXT.found, processing: INVITATION_TEXT.processing, welcome: INVITATION_TEXT.welcome },
  staff: {
    heading: 'Staff Invitation',
    found: '📧 Staff invitation found! Please sign in or create an account to continue.',
    processing: 'Processing Staff Invitation',
    welcome: '✅ Welcome to the staff team! Redirecting to dashboard...',
  },
} as const satisfies Record<Role, Record<'heading' | 'found' | 'processing' | 'welcome', string>>;

/** The wording for `role`; a role not named (an older link or reply) is an admin's, as they all were. */
export function invitationRoleText(role: Role | undefined) {
  return role === 'staff' ? ROLE_TEXT.staff : ROLE_TEXT.admin;
}

/**
 * The role the e-mailed link names (&role=staff, added by invitationUrl): only a wording hint
 * before sign-in; the role granted is the stored invitation's, and the welcome says that one.
 * Links made before it name none: an admin's, as they all were.
 */
export function inviteRoleOf(search: URLSearchParams): Role {
  return search.get('role') === 'staff' ? 'staff' : 'admin';
}

/** How often the screen asks whether the address has been verified meanwhile (also on returning to the tab). */
export const VERIFY_POLL_MS = 3000;

/** What the waiting screen says: where the link went, and that nothing more is needed here. */
export function checkMailboxText(email: string | null): string {
  const where = email ? ` to ${email}` : '';
  return `📧 Check your mailbox: we sent a verification link${where}. Open it to confirm the address is yours; your invitation is then accepted here automatically.`;
}

/** The API refused the accept because the account's address is not verified yet (403 EMAIL_NOT_VERIFIED). */
export function needsVerification(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
}

/** A verification e-mail that could not be sent: too many at once, or the provider's words. */
export function verificationSendFailure(error: unknown): string {
  return authCode(error) === 'auth/too-many-requests' ? INVITATION_TEXT.tooManyVerificationMails : `❌ ${authErrorMessage(error)}`;
}

/** Sign in with an existing account, or create one (SPEC §2: a toggle between the two). */
export type AuthMode = 'signIn' | 'signUp';

/** What a failed sign-in or sign-up says, and the mode it moves the screen to (SPEC §4: not found -> create, exists -> sign in). */
export interface AuthFailure {
  message: string;
  mode?: AuthMode;
}

function authCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && code.startsWith('auth/')) return code;
  // Some SDK paths only carry the code inside the message: 'Firebase: Error (auth/user-not-found).'
  return typeof message === 'string' ? /\((auth\/[a-z-]+)\)/.exec(message)?.[1] : undefined;
}

/**
 * SPEC §8: user-not-found -> 'Account not found...' and create mode; email-already-in-use ->
 * 'Account already exists...' and sign-in mode; invalid-credential (enumeration protection: either
 * case) -> a message naming both; another provider error -> '❌ {its text}';
 * anything that is not a provider error (sign-in could not even start) -> 'Authentication failed'.
 */
export function authFailure(error: unknown): AuthFailure {
  const code = authCode(error);
  if (code === 'auth/user-not-found') return { message: INVITATION_TEXT.accountNotFound, mode: 'signUp' };
  if (code === 'auth/email-already-in-use') return { message: INVITATION_TEXT.accountExists, mode: 'signIn' };
  // A project with e-mail enumeration protection (new projects have it) answers a missing account
  // and a wrong password alike: the message says both, and the screen stays where it is.
  if (code === 'auth/invalid-credential' || code === 'auth/invalid-login-credentials') return { message: INVITATION_TEXT.signInRefused };
  if (code) return { message: `❌ ${authErrorMessage(error)}` };
  return { message: INVITATION_TEXT.authenticationFailed };
}

/** The form's own check before the provider is asked (SPEC §5: both required). */
export function credentialsProblem(email: string, password: string, mode: AuthMode): string | null {
  if (!email.trim() || !password) return INVITATION_TEXT.missingFields;
  if (mode === 'signUp' && password.length < MIN_PASSWORD_LENGTH) return INVITATION_TEXT.passwordTooShort;
  return null;
}

/**
 * SPEC §8: a refused accept says the API's message ('❌ Invalid or expired invitation'), or
 * 'Failed to accept invitation' when it gave none; a call that never got an answer
 * (network, no token) 'Failed to process invitation'.
 */
export function acceptFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return INVITATION_TEXT.processFailed;
  return error.serverMessage ? `❌ ${error.serverMessage}` : INVITATION_TEXT.acceptFailed;
}

/** The invitation token of the page's query: absent or blank is an invalid link. */
export function inviteTokenOf(search: URLSearchParams): string | null {
  const token = search.get('invite')?.trim();
  return token ? token : null;
}
