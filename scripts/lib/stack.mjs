// The local stack that `npm start` runs and `npm test` tests: the Auth,
// Functions and Hosting emulators over the SQLite store (DESIGN §6), or with
// `--store firestore` over Google's Firestore emulator (production's store).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled as installIfNeeded } from './bootstrap.mjs';
import { buildAll } from './builds.mjs';
import { FIRESTORE_EMULATOR_PORT, findFirestoreEmulator, startFirestoreEmulator } from './firestore-emulator.mjs';
import { builtAssets, withBuiltAssets } from './hosting-config.mjs';
import { DEFAULT_STORE, STORES } from './store-option.mjs';
import { stopProcessGroup } from './process-group.mjs';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PROJECT_ID = 'demo-zion-events';
export const SITE_URL = 'http://127.0.0.1:5000';
export const API_URL = `${SITE_URL}/api`;
export const FUNCTIONS_URL = `http://127.0.0.1:5001/${PROJECT_ID}/us-central1/api`;
export const AUTH_EMULATOR_HOST = '127.0.0.1:9099';
/** `--store firestore`: Google's Firestore emulator, on firebase.json's port. */
export const FIRESTORE_EMULATOR_HOST = `127.0.0.1:${FIRESTORE_EMULATOR_PORT}`;
/** Where `--store firestore` keeps its documents between runs, inside the data folder. */
export const FIRESTORE_EXPORT_DIR = 'firestore-export';
export const DEFAULT_DATA_DIR = join(ROOT, '.data');
export const SEED_DIR = join(ROOT, 'emulators', 'seed');

export function seedContent() {
  return JSON.parse(readFileSync(join(SEED_DIR, 'content.json'), 'utf8'));
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** `npm install` when node_modules is missing or older than the lock file (scripts/lib/bootstrap.mjs). */
export function ensureInstalled() {
  installIfNeeded(ROOT);
}

/** Builds the API and the site, at once, each only when its sources changed (scripts/lib/builds.mjs); `force` always builds. */
export async function build({ force = false } = {}) {
  if (!(await buildAll({ force, root: ROOT }))) throw new Error('The build failed.');
}

/**
 * The Hosting emulator's configuration: firebase.json as deployed with the
 * build's `assets` (the year-long cache of exactly its files: hosting-config.mjs),
 * with the Auth emulator added to the pages' connect-src (the site signs in
 * against it locally). The deployed policy never allows it. Written to
 * firebase.local.json (not committed) beside firebase.json, so every relative
 * path in it still holds.
 */
export function localFirebaseConfig(root = ROOT, assets = builtAssets(root)) {
  const config = withBuiltAssets(JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')), assets);
  const emulatorOrigins = [`http://${AUTH_EMULATOR_HOST}`, `http://localhost:${AUTH_EMULATOR_HOST.split(':')[1]}`];
  for (const rule of config.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key !== 'Content-Security-Policy') continue;
      if (!/(^|;\s*)connect-src /.test(header.value)) throw new Error('firebase.json: the Content-Security-Policy has no connect-src to extend');
      header.value = header.value.replace(/(^|;\s*)(connect-src [^;]*)/, `$1$2 ${emulatorOrigins.join(' ')}`);
    }
  }
  return config;
}

export const LOCAL_FIREBASE_CONFIG = join(ROOT, 'firebase.local.json');
/** The Auth emulator's own process needs its own hub and logging ports. */
export const LOCAL_AUTH_CONFIG = join(ROOT, 'firebase.local-auth.json');

/** firebase.local.json, for the Hosting emulator: after the build, whose files it names. */
function writeLocalSiteConfig() {
  const config = localFirebaseConfig();
  writeFileSync(LOCAL_FIREBASE_CONFIG, `${JSON.stringify(config, null, 2)}\n`);
  return config;
}

function writeLocalFirebaseConfig() {
  const config = writeLocalSiteConfig();
  const { hub, logging } = config.emulators;
  const auth = { ...config, emulators: { ...config.emulators, hub: { ...hub, port: hub.port + 1 }, logging: { ...logging, port: logging.port + 1 } } };
  writeFileSync(LOCAL_AUTH_CONFIG, `${JSON.stringify(auth, null, 2)}\n`);
}

/**
 * What selects the store in the API's configuration (functions/src/config.ts),
 * for the Functions workers, the seeding and the scheduled work alike: SQLite
 * under DATA_DIR, or Firestore at FIRESTORE_EMULATOR_HOST (which also makes the
 * run local: offline payments, the mail outbox, files under DATA_DIR).
 */
export function storeEnv(dataDir, store = DEFAULT_STORE) {
  if (!STORES.includes(store)) throw new Error(`Unknown store "${store}": use ${STORES.join(' or ')}.`);
  const env = { STORE_ADAPTER: store, DATA_DIR: dataDir, GCLOUD_PROJECT: PROJECT_ID };
  return store === 'firestore' ? { ...env, FIRESTORE_EMULATOR_HOST } : env;
}

function stackEnv(dataDir, store) {
  return {
    ...process.env,
    ...storeEnv(dataDir, store),
    NO_UPDATE_NOTIFIER: '1',
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
  };
}

/** Why `--store firestore` cannot run here (one line: Java or the emulator missing, and how to install it), or null. */
export function firestoreUnavailable() {
  return findFirestoreEmulator().missing ?? null;
}

/**
 * `--store firestore`: starts Google's Firestore emulator on 127.0.0.1:8080, a
 * process of its own (not one of firebase-tools' emulators, which would
 * download its own copy); the Functions workers, the seeding and the
 * scheduler find it through FIRESTORE_EMULATOR_HOST. With `persist` (npm
 * start) it loads DATA_DIR/firestore-export, and writes it back when stopped:
 * stop it after everything that writes to it.
 */
export async function startFirestore({ dataDir, persist = false, quiet = true }) {
  const exportDir = persist ? join(dataDir, FIRESTORE_EXPORT_DIR) : undefined;
  return startFirestoreEmulator({ port: FIRESTORE_EMULATOR_PORT, projectId: PROJECT_ID, importFrom: exportDir, exportOnExit: exportDir, quiet });
}

/** Seeds the store on first run; returns true when it seeded. On Firestore, its emulator must be running (startFirestore). */
export async function prepareData(dataDir, { store = DEFAULT_STORE, imagesDir = join(SEED_DIR, 'images') } = {}) {
  await mkdir(dataDir, { recursive: true });
  Object.assign(process.env, storeEnv(dataDir, store));
  const { dependenciesFromEnvironment } = await import('../../functions/lib/config.js');
  const { isSeeded, seedDemoContent } = await import('../../functions/lib/local/seed.js');
  const deps = dependenciesFromEnvironment();
  try {
    if (await isSeeded(deps)) return false;
    await seedDemoContent(deps, seedContent(), imagesDir);
    return true;
  } finally {
    // The Firestore client is the app's one instance (getFirestore() keeps it, and a
    // closed one cannot reopen): it stays open for the scheduler, which closes it.
    if (store === 'sqlite') await deps.store.close();
  }
}

async function waitFor(url, { timeoutMs, child }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`The emulators exited early (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

/** The demo images are static files of the local site, at /seed/ (not deployed: a build empties dist). */
async function publishSeedImages() {
  await cp(join(SEED_DIR, 'images'), join(ROOT, 'web', 'dist', 'seed'), { recursive: true });
}

/**
 * The Functions emulator runs one request per worker process and starts a new
 * worker (a Node process loading the whole API, about 1.5 s of CPU) for each
 * request in flight when none is idle; the landing page's first visit asks for
 * the theme, events and sponsors at once. Three workers started now keep that
 * first visit as quick as every later one; more would only lengthen the start
 * (they come when a burst needs them, and stay). The test runs ask for more:
 * two browsers at once each load a page's calls in parallel, and a worker
 * started cold under that load took over 10 s, past a journey's patience.
 */
async function warmUp(workers) {
  await Promise.all(Array.from({ length: workers }, () => fetch(`${API_URL}/theme`).then((response) => response.arrayBuffer())));
}

/** Starts one `firebase emulators:start` in its own process group (so stopping it leaves no worker behind). */
function startFirebase(args, { env, quiet, onOutput }) {
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'firebase'), args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  if (quiet) {
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
  }
  return child;
}

/**
 * Starts the Auth emulator, in a firebase process of its own. It spends most
 * of its start-up compiling its API schema (about 10 s of one core on the
 * 2-core VM), which would hold up the Functions emulator's start and warm-up
 * were both in one process (it starts its emulators one after the other). It
 * needs no build, so `npm start` starts it first and builds meanwhile. The
 * Functions workers find it through FIREBASE_AUTH_EMULATOR_HOST, as they would
 * were it in the same process.
 */
export function startAuthEmulator({ dataDir, quiet = false, env = {}, store = DEFAULT_STORE }) {
  writeLocalFirebaseConfig();
  const authData = join(dataDir, 'auth-emulator');
  const args = ['emulators:start', '--config', LOCAL_AUTH_CONFIG, '--only', 'auth', '--project', PROJECT_ID, '--export-on-exit', authData];
  if (existsSync(join(authData, 'firebase-export-metadata.json'))) args.push('--import', authData);
  let output = '';
  const child = startFirebase(args, { env: emulatorEnv(dataDir, env, store), quiet, onOutput: (chunk) => (output += chunk) });
  return { child, output: () => output, stop: () => stopProcessGroup(child) };
}

/**
 * The firebase processes' environment, which the Functions workers inherit.
 * firebase-tools adds FIRESTORE_EMULATOR_HOST for the workers only when it runs
 * the Firestore emulator itself; it does not here, so ours passes through as is.
 */
function emulatorEnv(dataDir, env, store) {
  return { ...stackEnv(dataDir, store), FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST, ...env };
}

/**
 * Starts the Functions and Hosting emulators (and Auth, unless `auth` is one
 * startAuthEmulator() already started) and waits until the site, the API and
 * Auth answer. With `store: 'firestore'` the Firestore emulator must be running.
 */
export async function startEmulators({ dataDir, quiet = false, env = {}, warmWorkers = 3, store = DEFAULT_STORE, auth = startAuthEmulator({ dataDir, quiet, env, store }) }) {
  // startAuthEmulator() has written the local configuration; the site's is written again now that
  // the build is done (`npm start` starts Auth first and builds meanwhile), for the files it names.
  writeLocalSiteConfig();
  await publishSeedImages();
  const siteArgs = ['emulators:start', '--config', LOCAL_FIREBASE_CONFIG, '--only', 'functions,hosting', '--project', PROJECT_ID];
  let siteOutput = '';
  const site = startFirebase(siteArgs, { env: emulatorEnv(dataDir, env, store), quiet, onOutput: (chunk) => (siteOutput += chunk) });
  const children = [auth.child, site];
  const output = () => auth.output() + siteOutput;
  const handle = {
    children,
    output,
    /** Calls back once, with the exit code, when either firebase process ends. */
    onExit(callback) {
      let called = false;
      for (const child of children) {
        child.once('exit', (code) => {
          if (!called) callback(code);
          called = true;
        });
      }
    },
    async stop() {
      await Promise.all(children.map(stopProcessGroup));
    },
  };
  try {
    await Promise.all([
      waitFor(`http://${AUTH_EMULATOR_HOST}/`, { timeoutMs: 120_000, child: children[0] }),
      waitFor(`${API_URL}/theme`, { timeoutMs: 120_000, child: children[1] }),
    ]);
    await warmUp(warmWorkers);
  } catch (error) {
    await handle.stop();
    if (quiet) console.error(output());
    throw error;
  }
  return handle;
}

/**
 * The scheduled work (release unpaid holds, deliver and retry e-mail) on an
 * interval, in this process: production runs it with onSchedule, but the
 * Pub/Sub emulator that drives schedules locally is not available offline.
 * It opens the same SQLite file, whose transactions hold across processes, or
 * the same Firestore emulator.
 */
export async function startScheduler(dataDir, intervalMs = 15_000, { store = DEFAULT_STORE } = {}) {
  Object.assign(process.env, storeEnv(dataDir, store));
  const { dependenciesFromEnvironment } = await import('../../functions/lib/config.js');
  const { createServices, runScheduledWork } = await import('../../functions/lib/app.js');
  const deps = dependenciesFromEnvironment();
  const services = createServices(deps);
  let running = Promise.resolve();
  const tick = () => {
    running = running.then(() => runScheduledWork(services)).catch((error) => console.error('Scheduled work failed:', error));
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await services.mail.whenIdle();
      await deps.store.close();
    },
  };
}

/**
 * The local Auth emulator answers as a new Firebase project does (issue 27 item 2): with e-mail
 * enumeration protection on, a sign-in to a missing account is refused like a wrong password
 * ('auth/invalid-credential'), never 'auth/user-not-found'. The screens are built and tested for that.
 */
export async function protectEmailEnumeration() {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!response.ok) throw new Error(`The Auth emulator refused its configuration: ${response.status} ${await response.text()}`);
}

/** Demo sign-ins in the Auth emulator, with their documented passwords, on a project set up as a real one is. */
export async function ensureAccounts() {
  await protectEmailEnumeration();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = AUTH_EMULATOR_HOST;
  const { getApps, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { ensureDemoAccounts } = await import('../../functions/lib/local/accounts.js');
  const app = getApps().find((candidate) => candidate.name === 'stack') ?? initializeApp({ projectId: PROJECT_ID }, 'stack');
  await ensureDemoAccounts(getAuth(app), seedContent().accounts);
}
