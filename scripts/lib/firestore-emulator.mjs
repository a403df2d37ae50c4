// Google's Cloud Firestore emulator: where to find it and how to run it. Production
// runs on Firestore, so `npm test` runs the store's suites on it too, and
// `npm start -- --store firestore` serves the whole stack from it (DESIGN §4).
// Nothing here downloads anything: it uses an emulator already on the machine.
// Plain Node: it may import node: modules only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The port firebase.json gives the Firestore emulator; the stack and the tests use it too. */
export const FIRESTORE_EMULATOR_PORT = 8080;

/** What to say when the emulator cannot run here, and how to get it. */
export const INSTALL_HINT =
  'install it with `apt-get install google-cloud-cli-firestore-emulator` (needs Java 11+), or on a machine with internet `npx firebase setup:emulators:firestore`';

/** The gcloud package's launcher (Debian: google-cloud-cli-firestore-emulator). */
const GCLOUD_LAUNCHERS = [
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator',
  '/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator',
];

function onPath(name, env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** firebase-tools' own copy, which `firebase setup:emulators:firestore` leaves in its cache. */
function firebaseToolsJar(home) {
  const cache = join(home, '.cache', 'firebase', 'emulators');
  if (!existsSync(cache)) return null;
  const jars = readdirSync(cache)
    .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return jars.length ? join(cache, jars.at(-1)) : null;
}

/**
 * How to start the emulator on this machine: `{ command, args }` to which the
 * listening options are added, or `{ missing }` saying in one line what is
 * absent and how to install it. FIRESTORE_EMULATOR_JAR or
 * FIRESTORE_EMULATOR_LAUNCHER point at a copy elsewhere.
 */
export function findFirestoreEmulator({ env = process.env, home = homedir(), exists = existsSync } = {}) {
  const java = env.JAVA || onPath('java', env);
  const javaWorks = java && spawnSync(java, ['-version'], { stdio: 'ignore' }).status === 0;
  if (!javaWorks) return { missing: `Java is not installed, and the Firestore emulator runs on it: ${INSTALL_HINT}.` };
  const launcher = env.FIRESTORE_EMULATOR_LAUNCHER || [...GCLOUD_LAUNCHERS, onPath('cloud_firestore_emulator', env)].find((path) => path && exists(path));
  if (launcher) return { command: launcher, args: ['start'], java, source: launcher };
  const jar = env.FIRESTORE_EMULATOR_JAR || firebaseToolsJar(home);
  if (jar && exists(jar)) return { command: java, args: ['-Duser.language=en', '-jar', jar], java, source: jar };
  return { missing: `The Cloud Firestore emulator is not installed: ${INSTALL_HINT}.` };
}

async function answers(host) {
  try {
    const response = await fetch(`http://${host}/`);
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the emulator on 127.0.0.1:`port` in its own process group and waits
 * until it answers. `importFrom` loads an export (the emulator's own format);
 * `exportOnExit` writes one there when it is stopped (data that survives a restart).
 * Returns `{ host, child, output(), stop() }`; throws with the emulator's output
 * if it does not come up.
 */
export async function startFirestoreEmulator({ port = FIRESTORE_EMULATOR_PORT, importFrom, exportOnExit, timeoutMs = 60_000, quiet = true } = {}) {
  const found = findFirestoreEmulator();
  if (found.missing) throw new Error(found.missing);
  const host = `127.0.0.1:${port}`;
  if (await answers(host)) throw new Error(`Port ${port} is taken: another Firestore emulator (or another program) is running there.`);
  const args = [...found.args, `--host=127.0.0.1`, `--port=${port}`];
  if (importFrom) args.push(`--seed_from_export=${importFrom}`);
  if (exportOnExit) args.push(`--export-on-exit=${exportOnExit}`);
  const child = spawn(found.command, args, {
    detached: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    // A small heap is plenty for tests; the JVM's default takes a quarter of the machine.
    env: { ...process.env, JAVA_TOOL_OPTIONS: `${process.env.JAVA_TOOL_OPTIONS ?? ''} -Xmx1g`.trim() },
  });
  let output = '';
  if (quiet) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  const stop = () => stopGroup(child);
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(host))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The Firestore emulator did not start (${found.source}):\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return { host, child, output: () => output, stop };
}

async function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  // SIGINT lets the emulator write its export (--export-on-exit) before it exits.
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 20_000);
  await exited;
  clearTimeout(timer);
}

/** Deletes every document of one project in a running emulator (the emulator's own reset call). */
export async function clearProject(host, projectId) {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Clearing project ${projectId} in the Firestore emulator failed: ${response.status}`);
}
