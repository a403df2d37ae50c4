// npm run e2e -- [--store firestore] [playwright args]: build, start a fresh seeded
// stack (as npm test does), run the given end-to-end journeys against it, stop it.
// For working on one journey without the whole test command; e.g.
// `npm run e2e -- tests/e2e/theme.spec.ts`. `--store firestore` runs the stack on
// Google's Firestore emulator (empty at the start, gone at the end) instead of SQLite.
// The builds are skipped when their sources did not change since the last one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/bootstrap.mjs';
import { parseStoreOption } from './lib/store-option.mjs';

const { store, rest: playwrightArgs, error: usage } = parseStoreOption(process.argv.slice(2));
if (usage) {
  console.error(usage);
  process.exit(1);
}
try {
  ensureInstalled(fileURLToPath(new URL('..', import.meta.url)));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const stack = await import('./lib/stack.mjs');
const unavailable = store === 'firestore' && stack.firestoreUnavailable();
if (unavailable) {
  console.error(unavailable);
  process.exit(1);
}
await stack.build();
const dataDir = mkdtempSync(join(tmpdir(), 'zion-e2e-stack-'));
let firestore;
let emulators;
let scheduler;
let status = 1;
async function stopStack() {
  await scheduler?.stop();
  await emulators?.stop();
  await firestore?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
// Ctrl-C: stop what has started (its processes run in their own groups, which Ctrl-C does not reach).
process.once('SIGINT', async () => {
  await stopStack();
  process.exit(130);
});
try {
  if (store === 'firestore') firestore = await stack.startFirestore({ dataDir });
  await stack.prepareData(dataDir, { store });
  emulators = await stack.startEmulators({ dataDir, store, quiet: true, env: { PUBLIC_WRITES_PER_MINUTE: '10000' }, warmWorkers: 8 });
  await stack.ensureAccounts();
  scheduler = await stack.startScheduler(dataDir, 3_000, { store });
  console.log(`stack up at ${stack.SITE_URL} on ${firestore ? `the Firestore emulator at ${firestore.host}` : 'SQLite'}, data in ${dataDir}`);
  // Not spawnSync: it would block this process's event loop, and with it the scheduler's
  // interval (holds, reminders, mail retries would not run while the journeys do).
  const child = spawn(join(stack.ROOT, 'node_modules', '.bin', 'playwright'), ['test', ...playwrightArgs], {
    cwd: stack.ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  });
  status = await new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
} catch (error) {
  console.error(error.message);
} finally {
  await stopStack();
}
process.exit(status);
