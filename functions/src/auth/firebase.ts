import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { IdentityVerifier, VerifiedIdentity } from './port.js';

/** How many verified tokens are remembered, and for how long at most (a token itself lives an hour). */
const REMEMBERED_TOKENS = 10_000;
const REMEMBER_MS = 5 * 60 * 1000;

/**
 * Firebase Auth token verification. With FIREBASE_AUTH_EMULATOR_HOST set (the
 * Functions emulator sets it), firebase-admin verifies against the Auth emulator.
 *
 * A token verified without the revocation check is remembered until it expires
 * (at most REMEMBER_MS): its signature and claims cannot change, so the answer is
 * the same, and a door scanning thousands of tickets does not re-verify the same
 * token each time (under the emulator firebase-admin even asks the emulator over
 * HTTP on every call). Calls that check revocation (admin routes) always verify.
 */
export function firebaseIdentity(app: App, now: () => number = Date.now): IdentityVerifier {
  const auth = getAuth(app);
  const remembered = new Map<string, { identity: VerifiedIdentity; until: number }>();

  function remember(token: string, identity: VerifiedIdentity, expiresAtMs: number) {
    const until = Math.min(expiresAtMs, now() + REMEMBER_MS);
    if (until <= now()) return;
    if (remembered.size >= REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value as string);
    remembered.set(token, { identity, until });
  }

  return {
    async verifyIdToken(token, options = {}) {
      const checkRevoked = options.checkRevoked ?? false;
      if (!checkRevoked) {
        const hit = remembered.get(token);
        if (hit && hit.until > now()) return hit.identity;
        if (hit) remembered.delete(token);
      }
      const decoded = await auth.verifyIdToken(token, checkRevoked);
      const identity = { uid: decoded.uid, email: (decoded.email ?? '').toLowerCase(), emailVerified: decoded.email_verified === true };
      remember(token, identity, decoded.exp * 1000);
      return identity;
    },
  };
}
