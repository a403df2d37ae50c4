// npm run bench: RSVP creation and ticket lookups against the API process
// (SQLite store) at 50 concurrent connections; prints throughput and p50/p99,
// checks the targets of the registration issue, and that no seat is oversold.
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, PROJECT_ID } from './lib/stack.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
if (!Number.isInteger(SECONDS) || SECONDS < 1) {
  console.error(`BENCH_SECONDS must be a whole number of seconds, at least 1 (got "${process.env.BENCH_SECONDS}").`);
  process.exit(2);
}
const WARM_UP_SECONDS = 2;
const PORT = 5199;
const TARGETS = { rsvpsPerSecond: 1000, lookupsPerSecond: 3000, p99Ms: 50 };

if (!existsSync(join(ROOT, 'functions', 'lib', 'app.js'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'functions', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'zion-bench-'));
const env = {
  ...process.env,
  STORE_ADAPTER: 'sqlite',
  DATA_DIR: dataDir,
  GCLOUD_PROJECT: PROJECT_ID,
  PORT: String(PORT),
  // One client address sends everything here: lift the per-client limit.
  PUBLIC_WRITES_PER_MINUTE: '100000000',
  // Measure registration itself; queued e-mail waits for the sweep, as with the production trigger.
  DELIVER_MAIL_ON_COMMIT: 'false',
};
Object.assign(process.env, { STORE_ADAPTER: 'sqlite', DATA_DIR: dataDir, GCLOUD_PROJECT: PROJECT_ID });
const { dependenciesFromEnvironment } = await import('../functions/lib/config.js');
const { createEventService } = await import('../functions/lib/events/service.js');
const { EVENTS } = await import('../functions/lib/events/repository.js');
const { RSVPS } = await import('../functions/lib/rsvps/repository.js');
const deps = dependenciesFromEnvironment();
const events = createEventService(deps);
const unlimited = await events.create({ ...eventBase('Bench unlimited'), maxAttendees: null });
const CAPACITY = 2000;
const limited = await events.create({ ...eventBase('Bench capacity'), maxAttendees: CAPACITY });

const server = fork(join(ROOT, 'scripts', 'lib', 'api-server.mjs'), { env, stdio: 'inherit' });
await new Promise((resolve, reject) => {
  server.once('message', resolve);
  server.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
});

function eventBase(title) {
  return {
    title,
    description: '',
    date: '2027-06-01T19:00',
    location: 'Bench',
    ticketTypes: ['General'],
    ticketPrices: {},
    requiresPayment: false,
    eventImage: '',
    mailchimpAudienceId: '',
    mailchimpTags: [],
    tags: [],
    isActive: true,
    generateTickets: true,
    allowAdditionalInfo: false,
    customUrl: '',
  };
}

function load(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: `http://127.0.0.1:${PORT}`, connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/**
 * One measured phase, after WARM_UP_SECONDS of the same load that is not
 * measured: the first requests run unoptimised code (V8 compiles the hot
 * paths as it sees them), which says nothing about a server in service.
 */
async function run(options) {
  await load({ ...options, duration: WARM_UP_SECONDS });
  return load(options);
}

let sequence = 0;
const rsvpRequest = (eventId) => ({
  method: 'POST',
  path: `/api/events/${eventId}/rsvp`,
  headers: { 'content-type': 'application/json' },
  setupRequest: (request) => ({ ...request, body: JSON.stringify({ name: `Guest ${++sequence}`, email: `guest${sequence}@example.org` }) }),
});

function report(label, result) {
  const ok = result.requests.total - result.non2xx - result.errors - result.timeouts;
  const perSecond = ok / (result.duration || SECONDS);
  console.log(
    `${label}: ${perSecond.toFixed(0)} ok/s over ${result.duration.toFixed(1)} s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
      ` (${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
  );
  return { perSecond, p99: result.latency.p99 };
}

const failures = [];
try {
  console.log(`Benchmark: ${CONNECTIONS} connections, ${SECONDS} s per phase, API process on 127.0.0.1:${PORT}, SQLite in ${dataDir}\n`);
  const rsvps = report('RSVP creation', await run({ requests: [rsvpRequest(unlimited.id)] }));
  if (rsvps.perSecond < TARGETS.rsvpsPerSecond) failures.push(`RSVPs ${rsvps.perSecond.toFixed(0)}/s < ${TARGETS.rsvpsPerSecond}/s`);
  if (rsvps.p99 > TARGETS.p99Ms) failures.push(`RSVP p99 ${rsvps.p99} ms > ${TARGETS.p99Ms} ms`);

  const tickets = (await deps.store.query(RSVPS, { where: [['eventId', '==', unlimited.id]], limit: 5000 })).map((doc) => doc.id);
  let next = 0;
  const lookups = report(
    'Ticket lookup',
    await run({
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/checkin/${tickets[next++ % tickets.length]}?format=json` }) }],
    }),
  );
  if (lookups.perSecond < TARGETS.lookupsPerSecond) failures.push(`lookups ${lookups.perSecond.toFixed(0)}/s < ${TARGETS.lookupsPerSecond}/s`);
  if (lookups.p99 > TARGETS.p99Ms) failures.push(`lookup p99 ${lookups.p99} ms > ${TARGETS.p99Ms} ms`);

  // Not warmed up: the warm-up would take the seats. This phase is about correctness, not latency.
  const rush = await load({ requests: [rsvpRequest(limited.id)], duration: Math.min(SECONDS, 5) });
  const held = (await deps.store.query(RSVPS, { where: [['eventId', '==', limited.id]] })).length;
  const count = (await deps.store.get(EVENTS, limited.id)).data.attendeeCount;
  console.log(`Capacity rush: ${rush.requests.total} requests for ${CAPACITY} seats -> ${held} RSVPs, attendeeCount ${count}`);
  if (held > CAPACITY || count !== held) failures.push(`oversold: ${held} RSVPs, attendeeCount ${count}, capacity ${CAPACITY}`);
  const totalUnlimited = (await deps.store.get(EVENTS, unlimited.id)).data.attendeeCount;
  const storedUnlimited = (await deps.store.query(RSVPS, { where: [['eventId', '==', unlimited.id]] })).length;
  if (totalUnlimited !== storedUnlimited) failures.push(`attendeeCount ${totalUnlimited} != ${storedUnlimited} RSVPs`);
} finally {
  server.kill('SIGTERM');
  await deps.store.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(failures.length ? `\nBelow target: ${failures.join('; ')}` : '\nAll targets met; no seat oversold.');
process.exit(failures.length ? 1 : 0);
