// node scripts/measure-first-start.mjs [repository]: how long a newcomer waits, from `git clone`
// to the site answering, with an empty npm cache (issue 27 item 7; docs/measurements.md).
// Clones the repository (default: this one's committed HEAD) into a temporary folder, runs
// `npm start` there with npm_config_cache set to a new empty folder, so every package comes from
// the registry, and polls until both `/` and `/api/events` answer 200 on port 5000. Prints each
// line of npm start's output with the seconds since the clone began, then the total. Needs the
// ports npm start uses free: stop any other `npm start`, `npm test` or `npm run e2e` first.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcessGroup } from './lib/process-group.mjs';

const SITE = 'http://127.0.0.1:5000';
const LIMIT_MS = 10 * 60_000;
const source = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'zion-first-start-'));
const clone = join(work, 'zion-events');
const cache = join(work, 'npm-cache');

const began = Date.now();
const seconds = () => ((Date.now() - began) / 1000).toFixed(1).padStart(6);
// --no-local: copy the objects as a clone from a server would, not hard-link them.
const cloned = spawnSync('git', ['clone', '--quiet', '--no-local', source, clone], { stdio: 'inherit' });
if (cloned.status !== 0) {
  rmSync(work, { recursive: true, force: true });
  console.error(`git clone of ${source} failed`);
  process.exit(1);
}
console.log(`${seconds()} s  cloned`);

const child = spawn('npm', ['start'], {
  cwd: clone,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, npm_config_cache: cache, DATA_DIR: join(work, 'data') },
});
for (const stream of [child.stdout, child.stderr]) {
  let partial = '';
  stream.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) if (line.trim()) console.log(`${seconds()} s  ${line}`);
  });
}
let exited = false;
child.once('exit', () => (exited = true));

async function answers(path) {
  try {
    const response = await fetch(`${SITE}${path}`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

let ready = false;
while (!exited && Date.now() - began < LIMIT_MS) {
  if ((await answers('/')) && (await answers('/api/events'))) {
    ready = true;
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const total = seconds();
await stopProcessGroup(child);
rmSync(work, { recursive: true, force: true });
if (!ready) {
  console.error(exited ? 'npm start ended before the site answered' : `the site did not answer within ${LIMIT_MS / 60_000} minutes`);
  process.exit(1);
}
console.log(`\nFirst start: ${total} s from git clone to / and /api/events answering 200 (empty npm cache).`);
