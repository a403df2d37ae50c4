// vitest globalSetup: the API suites verify real Firebase ID tokens, minted by
// the Auth emulator. `npm test` runs them against the stack's emulator; a lone
// `npx vitest` starts one here.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const AUTH_EMULATOR_HOST = '127.0.0.1:9099';
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
  child = spawn(`${root}/node_modules/.bin/firebase`, ['emulators:start', '--only', 'auth', '--project', 'demo-zion-events'], {
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
