// npm run admin -- add EMAIL [--role staff]
// Production: GOOGLE_CLOUD_PROJECT=<project> with application default credentials.
// Local stack: add --local (the SQLite store under .data/, the Auth emulator if running).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const localIndex = args.indexOf('--local');
if (localIndex >= 0) {
  args.splice(localIndex, 1);
  process.env.STORE_ADAPTER = 'sqlite';
  process.env.DATA_DIR ??= join(root, '.data');
  process.env.GCLOUD_PROJECT ??= 'demo-zion-events';
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
}
if (!existsSync(join(root, 'functions', 'lib', 'admin-cli.js'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'functions', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const { runAdminCli } = await import('../functions/lib/admin-cli.js');
process.exit(await runAdminCli(args));
