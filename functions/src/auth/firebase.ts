import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { IdentityVerifier } from './port.js';

/**
 * Firebase Auth token verification. With FIREBASE_AUTH_EMULATOR_HOST set (the
 * Functions emulator sets it), firebase-admin verifies against the Auth emulator.
 */
export function firebaseIdentity(app: App): IdentityVerifier {
  const auth = getAuth(app);
  return {
    async verifyIdToken(token, options = {}) {
      const decoded = await auth.verifyIdToken(token, options.checkRevoked ?? false);
      return { uid: decoded.uid, email: (decoded.email ?? '').toLowerCase(), emailVerified: decoded.email_verified === true };
    },
  };
}
