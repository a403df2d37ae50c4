// Installs the packages when they are missing or older than the lock file.
// `npm start`, `npm test` and `npm run e2e` call it first, before anything
// imports an installed package, so both commands work on a fresh clone.
// Plain Node: it may import node: modules only.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Why the packages must be (re)installed, or null when they are in place:
 * npm writes node_modules/.package-lock.json at the end of every install, so
 * its absence means no (complete) install, and a lock file newer than it means
 * the dependencies changed since. The tools the commands run are checked too,
 * in case node_modules was only partly removed.
 */
export function installReason(root) {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return 'no packages installed yet';
  const lock = join(root, 'package-lock.json');
  if (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs) return 'package-lock.json changed since the last install';
  for (const tool of ['tsc', 'vite', 'firebase', 'vitest', 'eslint', 'playwright']) {
    if (!existsSync(join(root, 'node_modules', '.bin', tool))) return `${tool} is missing from node_modules`;
  }
  return null;
}

/**
 * Runs `npm ci` when installReason() says so; returns true when it installed.
 * `npm ci` installs exactly what package-lock.json lists and never rewrites it
 * (`npm install` may, leaving a fresh clone with a changed file). A failed
 * install throws: nothing after it could run.
 */
export function ensureInstalled(root, { log = console.log } = {}) {
  const reason = installReason(root);
  if (!reason) return false;
  log(`Installing packages (${reason})...`);
  // `shell` lets Windows find npm.cmd; the arguments are fixed strings.
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    throw new Error(`npm ci failed (exit ${result.status ?? result.signal ?? result.error?.message}); run it yourself to see why.`);
  }
  return true;
}
