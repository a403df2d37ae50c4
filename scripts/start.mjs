// npm start: install what is missing, build, seed on first run, and serve the
// site, the API and sign-in from the emulators until Ctrl-C.
// A warm start (nothing changed since the last one) skips both builds.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/bootstrap.mjs';

const started = Date.now();
const root = fileURLToPath(new URL('..', import.meta.url));
// Before anything that imports an installed package (the stack helpers load firebase-admin).
try {
  ensureInstalled(root);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const stack = await import('./lib/stack.mjs');
// DATA_DIR may be absolute or relative to where npm start was run.
const dataDir = process.env.DATA_DIR ? resolve(process.cwd(), process.env.DATA_DIR) : stack.DEFAULT_DATA_DIR;
// The Auth emulator needs no build: it starts (about 10 s of one core) while the builds run.
const auth = stack.startAuthEmulator({ dataDir });
let emulators;
try {
  await stack.build();
  if (await stack.prepareData(dataDir)) console.log(`Seeded demo content into ${dataDir}`);
  emulators = await stack.startEmulators({ dataDir, auth });
} catch (error) {
  console.error(error.message);
  await auth.stop();
  process.exit(1);
}
await stack.ensureAccounts();
const scheduler = await stack.startScheduler(dataDir);

const accounts = stack.seedContent().accounts.map((a) => `    ${a.email.padEnd(20)} password ${a.password}   (${a.role})`).join('\n');
console.log(`
  Zion events site is running.

    Site        ${stack.SITE_URL}
    API         ${stack.API_URL}
    Admin       ${stack.SITE_URL}/admin
    Check-in    ${stack.SITE_URL}/checkin
    Mailbox     ${stack.API_URL}/mailbox   (e-mails the site sent, rendered)
    Functions   ${stack.FUNCTIONS_URL}
    Auth        http://${stack.AUTH_EMULATOR_HOST}

  Test cards (offline payments): 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.

  Demo sign-ins:
${accounts}

  Data lives in ${dataDir} (npm run reset returns to the seed). Press Ctrl-C to stop.
  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the emulators...');
  await scheduler.stop();
  await emulators.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
emulators.onExit(async (code) => {
  if (stopping) return;
  stopping = true;
  console.error(`The emulators stopped unexpectedly (exit ${code}).`);
  await scheduler.stop();
  await emulators.stop();
  process.exit(code || 1);
});
