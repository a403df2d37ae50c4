import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { roleSchema } from './shared/session.js';
import { dependenciesFromEnvironment } from './config.js';
import { grantRole } from './admins/roles.js';

const USAGE = 'Usage: npm run admin -- add EMAIL [--role admin|staff]';

/**
 * `npm run admin -- add EMAIL [--role staff]`: grants a role by e-mail. This is
 * how the first admin of a real deployment is made; it binds the role to the
 * Auth account when one already exists.
 */
export async function runAdminCli(argv: string[], log: (line: string) => void = console.log): Promise<number> {
  const [command, email, ...rest] = argv;
  const roleIndex = rest.indexOf('--role');
  const role = roleSchema.safeParse(roleIndex >= 0 ? rest[roleIndex + 1] : 'admin');
  if (command !== 'add' || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !role.success) {
    log(USAGE);
    return 2;
  }
  const deps = dependenciesFromEnvironment();
  let uid: string | undefined;
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST || process.env.STORE_ADAPTER !== 'sqlite') {
    try {
      uid = (await getAuth(getApps()[0] ?? initializeApp()).getUserByEmail(email)).uid;
    } catch {
      uid = undefined; // No account yet: the role applies once they sign up and verify the address.
    }
  }
  const record = await grantRole(deps.store, { email, role: role.data, addedBy: 'cli', uid, now: deps.clock.now() });
  await deps.store.close();
  log(`${record.email} now has the ${record.role} role${uid ? ` (bound to account ${uid})` : ''}.`);
  return 0;
}
