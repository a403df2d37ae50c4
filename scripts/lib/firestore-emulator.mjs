// Google's Cloud Firestore emulator: where to find it and how to run it. Production
// runs on Firestore, so `npm test` runs the store's suites on it too, and
// `npm start -- --store firestore` serves the whole stack from it (DESIGN §4).
// Nothing here downloads anything: it uses an emulator already on the machine.
// Plain Node: it may import node: modules only.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { stopProcessGroup } from './process-group.mjs';

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

/** The name of the export inside an export folder (firebase-tools' own layout: `firestore_export/`). */
const EXPORT_NAME = 'firestore_export';
/** Keeps the end of the emulator's output (it logs every connection) for an error message. */
const OUTPUT_KEPT = 64 * 1024;

/**
 * The export in `path` that --seed_from_export takes: `path` itself when it is
 * an `.overall_export_metadata` file, else the one in `path` or in a folder
 * directly inside it (where exportData() writes it); null when there is none.
 */
export function findExport(path) {
  if (!path || !existsSync(path)) return null;
  if (!statSync(path).isDirectory()) return path.endsWith('.overall_export_metadata') ? path : null;
  const inside = (dir) => readdirSync(dir).find((name) => name.endsWith('.overall_export_metadata'));
  const here = inside(path);
  if (here) return join(path, here);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const found = inside(join(path, entry.name));
    if (found) return join(path, entry.name, found);
  }
  return null;
}

/**
 * Writes `projectId`'s documents to the folder `dir` (replacing what was there),
 * with the emulator's export call, as firebase-tools does on exit. The export
 * goes to `dir.partial` first, so an interrupted one leaves the last good
 * export in place.
 */
export async function exportData(host, projectId, dir) {
  const target = resolve(dir);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ database: `projects/${projectId}/databases/(default)`, export_directory: partial, export_name: EXPORT_NAME }),
  });
  if (!response.ok) {
    await rm(partial, { recursive: true, force: true });
    throw new Error(`Exporting the Firestore emulator's data to ${target} failed: ${response.status} ${await response.text()}`);
  }
  await rm(target, { recursive: true, force: true });
  await rename(partial, target);
}

/**
 * Starts the emulator on 127.0.0.1:`port` in its own process group and waits
 * until it answers. `importFrom` loads an export (a folder exportOnExit wrote,
 * or an `.overall_export_metadata` file; none there means an empty start).
 * `exportOnExit` (a folder) writes `projectId`'s documents there when stop()
 * is called, before the emulator stops: data that survives a restart. (The
 * emulator's own --export-on-exit writes nothing when it is stopped by a
 * signal, and fails on its /shutdown call for want of a database name.)
 * Returns `{ host, child, output(), stop() }`; throws with the emulator's output
 * if it does not come up.
 */
export async function startFirestoreEmulator({ port = FIRESTORE_EMULATOR_PORT, importFrom, exportOnExit, projectId, timeoutMs = 60_000, quiet = true } = {}) {
  if (exportOnExit && !projectId) throw new Error('startFirestoreEmulator: exportOnExit needs the projectId to export.');
  const found = findFirestoreEmulator();
  if (found.missing) throw new Error(found.missing);
  const host = `127.0.0.1:${port}`;
  if (await answers(host)) throw new Error(`Port ${port} is taken: another Firestore emulator (or another program) is running there.`);
  const args = [...found.args, `--host=127.0.0.1`, `--port=${port}`];
  const seed = findExport(importFrom);
  if (seed) args.push(`--seed_from_export=${resolve(seed)}`);
  // Quiet: its output goes to a file, not a pipe. A pipe is drained only while this process's event
  // loop runs, and npm test waits in spawnSync for vitest: the emulator, which logs every
  // connection, then filled the pipe and hung on its next line.
  const logFile = quiet ? join(mkdtempSync(join(tmpdir(), 'zion-firestore-emulator-')), 'emulator.log') : null;
  const log = logFile ? openSync(logFile, 'a') : 'inherit';
  const child = spawn(found.command, args, {
    detached: true,
    stdio: ['ignore', log, log],
    // A small heap is plenty for tests; the JVM's default takes a quarter of the machine.
    env: { ...process.env, JAVA_TOOL_OPTIONS: `${process.env.JAVA_TOOL_OPTIONS ?? ''} -Xmx1g`.trim() },
  });
  if (typeof log === 'number') closeSync(log);
  /** The end of what the emulator printed (quiet runs only). */
  const output = () => {
    if (!logFile || !existsSync(logFile)) return '';
    const text = readFileSync(logFile, 'utf8');
    return text.length > OUTPUT_KEPT ? text.slice(-OUTPUT_KEPT) : text;
  };
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      if (exportOnExit && child.exitCode === null && child.signalCode === null) {
        try {
          await exportData(host, projectId, exportOnExit);
        } catch (error) {
          console.error(`The Firestore emulator's data was not saved: ${error.message}`);
        }
      }
      await stopProcessGroup(child);
    })());
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(host))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopProcessGroup(child);
      throw new Error(`The Firestore emulator did not start (${found.source}${seed ? `, importing ${seed}` : ''}):\n${output()}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return { host, child, output, stop };
}

/** Deletes every document of one project in a running emulator (the emulator's own reset call). */
export async function clearProject(host, projectId) {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Clearing project ${projectId} in the Firestore emulator failed: ${response.status}`);
}
