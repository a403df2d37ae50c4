// vitest globalSetup: the API suites verify real Firebase ID tokens, minted by
// the Auth emulator. `npm test` runs them against the stack's emulator; a lone
// `npx vitest` starts one here.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// ZION_TEST_AUTH_EMULATOR_HOST: an Auth emulator kept running elsewhere (several sessions testing at
// once share one, and none of them stops it), so a local stack may keep 9099.
export const AUTH_EMULATOR_HOST = process.env.ZION_TEST_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
const root = fileURLToPath(new URL('../../..', import.meta.url));

async function isUp() {
  try {
    return (await fetch(`http://${AUTH_EMULATOR_HOST}/`)).ok;
  } catch {
    return false;
  }
}

let child: ChildProcess | undefined;

export async function setup() {
  if (await isUp()) return;
  // A configuration of its own, with hub and logging ports no other local stack uses, so a stack
  // already running (its hub on 4400) does not stop this one from starting.
  const config = join(mkdtempSync(join(tmpdir(), 'zion-auth-emulator-')), 'firebase.json');
  const [host, port] = AUTH_EMULATOR_HOST.split(':');
  const emulators = { auth: { host, port: Number(port) }, hub: { host, port: 4410 }, logging: { host, port: 4510 }, ui: { enabled: false } };
  writeFileSync(config, JSON.stringify({ emulators }));
  child = spawn(`${root}/node_modules/.bin/firebase`, ['emulators:start', '--config', config, '--only', 'auth', '--project', 'demo-zion-events'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
  });
  const deadline = Date.now() + 90_000;
  while (!(await isUp())) {
    if (Date.now() > deadline) throw new Error('The Auth emulator did not start');
    await new Promise((done) => setTimeout(done, 300));
  }
}

export async function teardown() {
  if (!child?.pid) return;
  const exited = new Promise((done) => child!.once('exit', done));
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // gone
  }
}
