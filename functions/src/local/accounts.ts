import type { Auth } from 'firebase-admin/auth';

/**
 * Makes sure the demo sign-ins exist in the Auth emulator with their documented
 * password, whatever happened to them in an earlier run.
 */
export async function ensureDemoAccounts(auth: Auth, accounts: { email: string; password: string; displayName?: string }[]) {
  for (const account of accounts) {
    try {
      const user = await auth.getUserByEmail(account.email);
      await auth.updateUser(user.uid, { password: account.password, emailVerified: true, disabled: false });
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      await auth.createUser({ email: account.email, password: account.password, emailVerified: true, displayName: account.displayName });
    }
  }
}
