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
// Everything started so far, stopped in this order on Ctrl-C or when a part fails: what
// writes to the store first, the Firestore emulator last, since it saves its export as it stops.
let auth;
let firestoreStarting;
let firestore;
let emulators;
let scheduler;
let startup;
let ready = false;
let stopping = false;
async function stopAll() {
  await scheduler?.stop();
  await emulators?.stop();
  await auth?.stop();
  // One that failed to start has stopped already.
  await (firestore ?? (await firestoreStarting?.catch(() => null)))?.stop();
}
/** Stops everything and exits, once, whichever comes first: Ctrl-C, SIGTERM, a failure, or a part of the stack ending. */
async function stopAndExit(code, message) {
  if (stopping) return;
  stopping = true;
  if (code === 0) console.log(store === 'firestore' ? '\nStopping the emulators (the Firestore emulator saves its data last)...' : '\nStopping the emulators...');
  else console.error(message);
  // Stopped during the start-up: with Auth gone, a start of the other emulators in progress
  // gives up and stops what it started; let the start-up end (each step checks `stopping`)
  // so that nothing starts after stopAll().
  if (!ready) {
    await auth?.stop();
    await Promise.race([startup?.catch(() => {}), new Promise((done) => setTimeout(done, 30_000).unref())]);
  }
  await stopAll();
  process.exit(code);
}
process.on('SIGINT', () => stopAndExit(0));
process.on('SIGTERM', () => stopAndExit(0));

const interrupted = () => {
  if (stopping) throw new Error('interrupted');
};
startup = (async () => {
  // The Auth emulator needs no build: it starts (about 10 s of one core) while the builds run,
  // and so does the Firestore emulator (a few seconds of Java), which loads the last run's export.
  auth = stack.startAuthEmulator({ dataDir, store });
  firestoreStarting = store === 'firestore' ? stack.startFirestore({ dataDir, persist: true }) : null;
  [firestore] = await Promise.all([firestoreStarting, stack.build()]);
  firestore?.child.once('exit', (code) =>
    stopAndExit(code || 1, `The Firestore emulator stopped unexpectedly (exit ${code}); what changed since this start is not saved.\n${firestore.output().slice(-2000)}`),
  );
  interrupted();
  if (await stack.prepareData(dataDir, { store })) console.log(`Seeded demo content into ${firestore ? 'the Firestore emulator' : dataDir}`);
  interrupted();
  emulators = await stack.startEmulators({ dataDir, auth, store });
  emulators.onExit((code) => stopAndExit(code || 1, `The emulators stopped unexpectedly (exit ${code}).`));
  interrupted();
  await stack.ensureAccounts();
  interrupted();
  scheduler = await stack.startScheduler(dataDir, undefined, { store });
  ready = true;
})();
await startup.catch((error) => stopAndExit(1, error.message));
// Stopping (Ctrl-C during the start-up, or a failure): stopAndExit() ends the process.
if (stopping) await new Promise(() => {});

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
