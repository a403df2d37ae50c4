// npm run e2e -- [playwright args]: build, start a fresh seeded stack (as npm test
// does), run the given end-to-end journeys against it, stop it. For working on one
// journey without the whole test command; e.g. `npm run e2e -- tests/e2e/theme.spec.ts`.
// The builds are skipped when their sources did not change since the last one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/bootstrap.mjs';

try {
  ensureInstalled(fileURLToPath(new URL('..', import.meta.url)));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const stack = await import('./lib/stack.mjs');
await stack.build();
const dataDir = mkdtempSync(join(tmpdir(), 'zion-e2e-stack-'));
let emulators;
let scheduler;
let status = 1;
try {
  await stack.prepareData(dataDir);
  emulators = await stack.startEmulators({ dataDir, quiet: true, env: { PUBLIC_WRITES_PER_MINUTE: '10000' }, warmWorkers: 8 });
  await stack.ensureAccounts();
  scheduler = await stack.startScheduler(dataDir, 3_000);
  const result = spawnSync(join(stack.ROOT, 'node_modules', '.bin', 'playwright'), ['test', ...process.argv.slice(2)], {
    cwd: stack.ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  });
  status = result.status ?? 1;
} finally {
  await scheduler?.stop();
  await emulators?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
