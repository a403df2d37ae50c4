// npm start: install what is missing, build, seed on first run, and serve the
// site, the API and sign-in from the emulators until Ctrl-C.
// A warm start (nothing changed since the last one) skips both builds.
// `npm start -- --store firestore` serves it from Google's Firestore emulator
// instead of the SQLite file (production's store; needs Java and the emulator).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/bootstrap.mjs';
import { parseStoreOption } from './lib/store-option.mjs';

const started = Date.now();
const root = fileURLToPath(new URL('..', import.meta.url));
const { store, rest, error: usage } = parseStoreOption(process.argv.slice(2));
if (usage || rest.length) {
  console.error(usage ?? `Unknown argument ${rest[0]}: npm start takes only --store sqlite (the default) or --store firestore.`);
  process.exit(1);
}
// Before anything that imports an installed package (the stack helpers load firebase-admin).
try {
  ensureInstalled(root);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const stack = await import('./lib/stack.mjs');
// An explicit --store firestore never falls back to SQLite: say what is missing, before starting anything.
const unavailable = store === 'firestore' && stack.firestoreUnavailable();
if (unavailable) {
  console.error(unavailable);
  process.exit(1);
}
// DATA_DIR may be absolute or relative to where npm start was run.
const dataDir = process.env.DATA_DIR ? resolve(process.cwd(), process.env.DATA_DIR) : stack.DEFAULT_DATA_DIR;
// The Auth emulator needs no build: it starts (about 10 s of one core) while the builds run,
// and so does the Firestore emulator (a few seconds of Java), which loads the last run's export.
const auth = stack.startAuthEmulator({ dataDir, store });
const firestoreStarting = store === 'firestore' ? stack.startFirestore({ dataDir, persist: true }) : null;
let firestore;
let emulators;
try {
  const [firestoreStarted] = await Promise.all([firestoreStarting, stack.build()]);
  firestore = firestoreStarted;
  if (await stack.prepareData(dataDir, { store })) console.log(`Seeded demo content into ${firestore ? `the Firestore emulator` : dataDir}`);
  emulators = await stack.startEmulators({ dataDir, auth, store });
} catch (error) {
  console.error(error.message);
  await auth.stop();
  // A Firestore emulator that did start stops too (saving what it holds); one that failed has stopped.
  await (firestore ?? (await firestoreStarting?.catch(() => null)))?.stop();
  process.exit(1);
}
await stack.ensureAccounts();
const scheduler = await stack.startScheduler(dataDir, undefined, { store });

const storeLine = firestore
  ? `Cloud Firestore emulator at ${firestore.host} (npm start -- --store firestore);
                saved to ${join(dataDir, stack.FIRESTORE_EXPORT_DIR)} on Ctrl-C`
  : `SQLite, ${join(dataDir, 'store.sqlite')} (--store firestore runs on the Firestore emulator)`;
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
    Store       ${storeLine}

  Test cards (offline payments): 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.

  Demo sign-ins:
${accounts}

  Data lives in ${dataDir} (npm run reset returns to the seed). Press Ctrl-C to stop.
  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.
`);

// Everything that writes to the store stops before the Firestore emulator, which saves its export as it stops.
let stopping = false;
async function stopAll() {
  await scheduler.stop();
  await emulators.stop();
  await firestore?.stop();
}
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log(firestore ? '\nStopping the emulators (the Firestore emulator saves its data last)...' : '\nStopping the emulators...');
  await stopAll();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
emulators.onExit(async (code) => {
  if (stopping) return;
  stopping = true;
  console.error(`The emulators stopped unexpectedly (exit ${code}).`);
  await stopAll();
  process.exit(code || 1);
});
firestore?.child.once('exit', async (code) => {
  if (stopping) return;
  stopping = true;
  console.error(`The Firestore emulator stopped unexpectedly (exit ${code}); its data since this start is not saved.\n${firestore.output().slice(-2000)}`);
  await stopAll();
  process.exit(code || 1);
});
