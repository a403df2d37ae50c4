// The seat rush of `npm run bench` on Google's Firestore emulator (issue 22 item 6):
// 500 people register for one free event at the same moment. Three rushes on the
// seat shards and per-e-mail key documents, a rush past capacity on them, and last
// one on today's single seat document (attendeeCount on the event, the e-mail's
// registrations found by a query inside the transaction), which the same API code
// still runs for an event stored without `seatShards` and `perEmailKeys`. The API
// runs in this process on the Firestore store, a fresh emulator project per rush,
// behind a real HTTP listener that autocannon loads, as in the SQLite capacity rush.
// BENCH_OLD_DESIGN_SECONDS cuts today's design off (default 180), BENCH_FIRESTORE_PORT
// moves the emulator (default 8099). Import it only once functions/lib is built.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { findFirestoreEmulator, startFirestoreEmulator } from './firestore-emulator.mjs';
import { numberedName } from './names.mjs';

/** Its own port: a developer's `npm start -- --store firestore` (8080) and `npm test`'s emulator may be running. */
const EMULATOR_PORT = Number(process.env.BENCH_FIRESTORE_PORT || 8099);
/** People registering at the same moment, each with an e-mail address of their own. */
const RUSH = 500;
/** Seats of the rushed event: more than the rush, so every registration can get one. */
const CAPACITY = 2000;
/** Seats of the rush past capacity: fewer than the rush. */
const SMALL_CAPACITY = 300;
const NEW_DESIGN_RUSHES = 3;
/** Registrations sent one at a time before each rush, on another event. */
const WARM_UP_REGISTRATIONS = 10;
/**
 * A registration waits this long for its answer: today's design queues on one document. More
 * than the Firestore SDK takes to give a transaction up (its backoff allows 10 retries, about
 * 115 s of waiting), so an API that gives up is seen answering its 500, not as a client timeout.
 */
const REQUEST_TIMEOUT_SECONDS = 180;
/** Today's design may not finish the rush in reasonable time: it is stopped after this many seconds, and reported as it stood. */
const OLD_DESIGN_SECONDS = Number(process.env.BENCH_OLD_DESIGN_SECONDS || 180);
/** After a rush (or its cut-off), registrations still running in the API get this long to finish before the seats are counted. */
const DRAIN_SECONDS = 60;
/** The shards' registrations per second against today's single document, at least. */
const SPEED_UP = 10;

const lib = (path) => import(new URL(`../../functions/lib/${path}`, import.meta.url));

/**
 * Runs the Firestore phase and adds what misses its targets to `failures`. Says in
 * one line, and goes on, when the emulator cannot run on this machine.
 */
export async function benchFirestoreSeats({ failures, log = console.log }) {
  const found = findFirestoreEmulator();
  if (found.missing) {
    log(`Firestore seat rush skipped: the Firestore emulator cannot run here. ${found.missing}`);
    return;
  }
  if (!Number.isFinite(OLD_DESIGN_SECONDS) || OLD_DESIGN_SECONDS < 1) {
    failures.push(`BENCH_OLD_DESIGN_SECONDS must be a number of seconds, at least 1 (got "${process.env.BENCH_OLD_DESIGN_SECONDS}")`);
    return;
  }
  const modules = await loadApi();
  const emulator = await startFirestoreEmulator({ port: EMULATOR_PORT });
  // Whatever ends the run, the emulator does not outlive it (it runs in a process group of its own).
  const killEmulator = () => {
    try {
      process.kill(-emulator.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killEmulator);
  const previous = { host: process.env.FIRESTORE_EMULATOR_HOST, detection: process.env.METADATA_SERVER_DETECTION };
  // firebase-admin's Firestore client connects to the emulator named here.
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  // Not on Google Cloud: the client need not look for a metadata server (and warn when a proxy answers for it).
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  // The API logs every unexpected error with its stack, and a rush on one document makes hundreds:
  // during a rush they are counted (the first one kept) instead of printed.
  const consoleError = console.error;
  const apiLogs = { into: null, quiet: false };
  console.error = (...args) => {
    if (apiLogs.into) {
      apiLogs.into.count += 1;
      apiLogs.into.first ??= args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' ');
    } else if (!apiLogs.quiet) consoleError(...args);
  };
  try {
    log(
      `\nFirestore seat rush on Google's Firestore emulator (${emulator.host}): ${RUSH} registrations at once from ${RUSH} e-mail addresses, ` +
        `API in this process on a real HTTP listener, a fresh emulator project per rush, ${REQUEST_TIMEOUT_SECONDS} s timeout per request`,
    );
    // The emulator is a JVM: its first rush runs interpreted code, which says nothing about Firestore in service.
    await measure(modules, apiLogs, { design: 'sharded', capacity: CAPACITY, label: 'Warm-up rush, not judged' }, log);
    const rushes = [];
    for (let run = 1; run <= NEW_DESIGN_RUSHES; run++) {
      rushes.push(await measure(modules, apiLogs, { design: 'sharded', capacity: CAPACITY, label: `New design (seat shards), rush ${run}/${NEW_DESIGN_RUSHES}` }, log));
    }
    const past = await measure(modules, apiLogs, { design: 'sharded', capacity: SMALL_CAPACITY, label: 'New design past capacity' }, log);
    // Last: registrations it leaves running in the API (cut off) would weigh on any rush after it.
    const old = await measure(
      modules,
      apiLogs,
      { design: 'single', capacity: CAPACITY, label: "Today's design (one seat document)", capSeconds: OLD_DESIGN_SECONDS },
      log,
    );
    judge({ old, rushes, past }, failures, log);
  } finally {
    // Registrations of today's design may still be running: they fail as the emulator stops, unprinted.
    apiLogs.quiet = true;
    restoreEnv('FIRESTORE_EMULATOR_HOST', previous.host);
    restoreEnv('METADATA_SERVER_DETECTION', previous.detection);
    await emulator.stop();
    process.off('exit', killEmulator);
    console.error = consoleError;
  }
}

function restoreEnv(name, value) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

async function loadApi() {
  const [app, store, events, seats, rsvps, offline, outbox, files, audiences, identity, clock, constants, model] = await Promise.all(
    [
      'app.js',
      'store/firestore.js',
      'events/repository.js',
      'seats/repository.js',
      'rsvps/repository.js',
      'payments/offline.js',
      'mail/local-outbox.js',
      'files/local.js',
      'mailchimp/offline.js',
      'auth/firebase.js',
      'clock.js',
      'shared/constants.js',
      'shared/rsvps-model.js',
    ].map(lib),
  );
  return { ...app, ...store, ...events, ...seats, ...rsvps, ...offline, ...outbox, ...files, ...audiences, ...identity, ...clock, ...constants, ...model };
}

/**
 * The API over a fresh emulator project, as config.ts composes a local run (offline
 * payments, the local outbox), listening on a free port. Registrations are counted
 * while they run, and what they throw other than a rule's refusal is kept.
 */
async function openApi(m) {
  const projectId = `demo-bench-${randomBytes(6).toString('hex')}`;
  const firebaseApp = initializeApp({ projectId }, `bench-${projectId}`);
  const store = m.firestoreStore(getFirestore(firebaseApp));
  const dir = mkdtempSync(join(tmpdir(), 'zion-bench-firestore-'));
  const clock = m.systemClock;
  const deps = {
    store,
    identity: m.firebaseIdentity(firebaseApp),
    files: m.localFileStore(join(dir, 'files')),
    payments: m.offlineGateway(store, 'whsec_bench_local_only'),
    mailer: m.localOutbox(store, clock),
    audiences: m.offlineAudiences(store, clock),
    clock,
    timeZone: m.ORGANISATION_TIME_ZONE,
    siteUrl: 'http://127.0.0.1:5000',
    mailFrom: 'Zion Events <events@example.org>',
    // One client address sends everything: lift the per-client limit.
    publicWritesPerMinute: 100_000_000,
    // Measure registration itself; queued e-mail waits for the sweep, as with the production trigger.
    deliverMailOnCommit: false,
  };
  const services = m.createServices(deps);
  const running = new Set();
  const unexpected = { count: 0, first: null };
  const create = services.rsvps.create;
  services.rsvps.create = (...args) => {
    const registration = create.apply(services.rsvps, args);
    running.add(registration);
    registration
      .catch((error) => {
        if (error?.name === 'RuleError') return;
        unexpected.count += 1;
        unexpected.first ??= `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`;
      })
      .finally(() => running.delete(registration));
    return registration;
  };
  const server = createServer({ keepAliveTimeout: 30_000 }, await m.createApi(deps, services));
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    store,
    services,
    port: server.address().port,
    running,
    unexpected,
    async close() {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
      // Registrations still running (today's design, cut off) keep their client: terminating it under them throws in the SDK.
      if (running.size) return;
      await store.close();
      await deleteApp(firebaseApp);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A free, public event's form body for the bench: one ticket type, no price. */
export function benchEventInput(title, maxAttendees) {
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
    maxAttendees,
    // Registrations confirmed at once, as the bench has always measured them (no e-mailed link to open).
    confirmByEmail: false,
  };
}

/**
 * A free event of `capacity` seats. 'sharded': created as the API creates events.
 * 'single': today's design, which the same code still runs for an event stored
 * without `seatShards` and `perEmailKeys` (seats/repository.ts layoutOf): the
 * event document is written again without them, with attendeeCount 0, and its shards go.
 */
async function createEvent(m, api, design, capacity) {
  // Through the API's own schema, so the event gets every field's default as a created event does.
  const { eventInputSchema } = await import('../../functions/lib/shared/events.js');
  const event = await api.services.events.create(eventInputSchema.parse(benchEventInput(`Bench seat rush (${design})`, capacity)));
  const stored = await api.store.get(m.EVENTS, event.id);
  if (design === 'single') {
    const { seatShards = 0, perEmailKeys: _perEmailKeys, ...rest } = stored.data;
    await api.store.set(m.EVENTS, event.id, { ...rest, attendeeCount: 0 });
    for (let index = 0; index < seatShards; index++) await api.store.delete(m.SEAT_SHARDS, m.shardId(event.id, index));
  }
  const doc = await api.store.get(m.EVENTS, event.id);
  const layout = m.layoutOf(doc.data);
  const expected = design === 'single' ? 'single' : 'sharded';
  if (layout !== expected || Boolean(doc.data.perEmailKeys) !== (design !== 'single')) {
    throw new Error(`the ${design} event was stored with layout ${layout} and perEmailKeys ${doc.data.perEmailKeys}`);
  }
  return { id: event.id, shards: doc.data.seatShards ?? 0 };
}

const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** RUSH registrations for `eventId` at once, each on a connection of its own; stopped after `capSeconds` if given. */
function rush(m, api, eventId, capSeconds) {
  const tag = randomBytes(4).toString('hex');
  let sequence = 0;
  const answers = { created: 0, full: 0, serverErrors: 0, other: 0, firstError: null };
  const latencies = { created: [], all: [] };
  let lastAnswer = 0;
  let capped = false;
  const keepError = (status, body) => {
    let message = body;
    try {
      message = JSON.parse(body).message ?? body;
    } catch {
      // not JSON: the body as it came
    }
    answers.firstError ??= `${status} ${String(message).slice(0, 200)}`;
  };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${api.port}`,
        connections: RUSH,
        amount: RUSH,
        timeout: REQUEST_TIMEOUT_SECONDS,
        requests: [
          {
            method: 'POST',
            path: `/api/events/${eventId}/rsvp`,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ name: numberedName('Rush Guest', ++sequence), email: `rush-${tag}-${sequence}@example.org` }),
            }),
            onResponse: (status, body) => {
              if (status === 201) answers.created += 1;
              else if (status === 409 && body.includes(m.RSVP_MESSAGES.eventFull)) answers.full += 1;
              else {
                if (status >= 500) answers.serverErrors += 1;
                else answers.other += 1;
                keepError(status, body);
              }
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) return reject(error);
        // Until the last answer; with none, or cut off, until the rush ended.
        const seconds = ((capped || !lastAnswer ? performance.now() : lastAnswer) - started) / 1000;
        resolve({ ...answers, result, seconds, capped, p99: percentile(latencies.created, 99), p99All: percentile(latencies.all, 99) });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      lastAnswer = performance.now();
      latencies.all.push(responseTime);
      if (status === 201) latencies.created.push(responseTime);
    });
    const timer = capSeconds
      ? setTimeout(() => {
          capped = true;
          instance.stop();
        }, capSeconds * 1000)
      : undefined;
  });
}

/** Waits for the registrations still running in the API (up to DRAIN_SECONDS); answers how many were left. */
async function drain(api) {
  const deadline = Date.now() + DRAIN_SECONDS * 1000;
  while (api.running.size && Date.now() < deadline) {
    await Promise.race([Promise.allSettled([...api.running]), new Promise((wait) => setTimeout(wait, 1000))]);
  }
  return api.running.size;
}

/** A few registrations one after the other, on an event of their own: the code paths compiled and the client connected, as in an instance in service. */
async function warmUp(m, api, design) {
  const event = await createEvent(m, api, design, CAPACITY);
  for (let i = 0; i < WARM_UP_REGISTRATIONS; i++) {
    const response = await fetch(`http://127.0.0.1:${api.port}/api/events/${event.id}/rsvp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: numberedName('Warm-up Guest', i), email: `warm-up-${i}@example.org` }),
    });
    if (response.status !== 201) throw new Error(`a warm-up registration answered ${response.status}: ${await response.text()}`);
  }
}

/** One rush on a fresh project: the answers, then the seats as stored once the API has finished. */
async function measure(m, apiLogs, { design, capacity, label, capSeconds }, log) {
  const api = await openApi(m);
  const logged = { count: 0, first: null };
  try {
    await warmUp(m, api, design);
    const event = await createEvent(m, api, design, capacity);
    apiLogs.into = logged;
    let answers;
    let leftRunning;
    try {
      answers = await rush(m, api, event.id, capSeconds);
      leftRunning = await drain(api);
    } finally {
      apiLogs.into = null;
    }
    const held = await m.countSeatHolders(api.store, event.id);
    const doc = await api.store.get(m.EVENTS, event.id);
    const counted = (await m.seatsTaken(api.store, [doc])).get(event.id) ?? 0;
    const { result } = answers;
    const outcome = {
      label,
      design,
      capacity,
      shards: event.shards,
      ...answers,
      answered: result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'],
      timeouts: result.timeouts,
      connectionErrors: result.errors - result.timeouts,
      unexpected: { ...api.unexpected },
      logged,
      leftRunning,
      held,
      counted,
      oversold: Math.max(0, held - capacity),
    };
    outcome.perSecond = answers.seconds > 0 ? outcome.created / answers.seconds : 0;
    report(outcome, log);
    return outcome;
  } finally {
    await api.close();
  }
}

function report(o, log) {
  const ms = (value) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
  const layout = o.design === 'single' ? 'attendeeCount on the event + per-e-mail query' : `${o.shards} seat shards + per-e-mail keys`;
  log(
    `${o.label} [${layout}], ${o.capacity} seats: ${o.answered}/${RUSH} answered in ${o.seconds.toFixed(1)} s` +
      `${o.capped ? ` (stopped at the ${OLD_DESIGN_SECONDS} s cut-off, ${RUSH - o.answered - o.timeouts - o.connectionErrors} still unanswered then)` : ''}` +
      ` -> ${o.perSecond.toFixed(1)} registrations/s, ` +
      `p99 ${ms(o.p99)} (all answers ${ms(o.p99All)})`,
  );
  log(
    `  ${o.created} got a seat, ${o.full} 'event full', ${o.serverErrors} 5xx, ${o.other} other answers, ` +
      `${o.timeouts} timed out (${REQUEST_TIMEOUT_SECONDS} s), ${o.connectionErrors} connection errors` +
      (o.firstError ? `; first: ${o.firstError}` : ''),
  );
  if (o.unexpected.count) log(`  thrown inside the API (contention and other errors): ${o.unexpected.count}, first: ${o.unexpected.first}`);
  if (o.logged.count && !o.unexpected.count) log(`  API error logs: ${o.logged.count}, first: ${o.logged.first}`);
  log(
    `  stored: ${o.held} RSVPs holding a seat, ${o.counted} seats counted, oversold ${o.oversold}` +
      `${o.counted !== o.held ? ` (count != RSVPs by ${o.counted - o.held})` : ''}${o.leftRunning ? `, ${o.leftRunning} registrations still running in the API` : ''}`,
  );
}

/** PASS/FAIL for the targets of issue 22 item 6; the FAILs go to `failures`. */
function judge({ old, rushes, past }, failures, log) {
  const checks = [];
  const check = (ok, text) => {
    checks.push({ ok, text });
    if (!ok) failures.push(`Firestore seats: ${text}`);
  };
  const slowest = Math.min(...rushes.map((o) => o.perSecond));
  const ratio = old.perSecond > 0 ? slowest / old.perSecond : Infinity;
  check(
    ratio >= SPEED_UP,
    `throughput: new design ${slowest.toFixed(1)} registrations/s (slowest of ${rushes.length} rushes) vs today's design ${old.perSecond.toFixed(1)}/s ` +
      `(${old.created} of ${RUSH} seated in ${old.seconds.toFixed(0)} s${old.capped ? ', cut off' : ''}): ` +
      `${Number.isFinite(ratio) ? `${ratio.toFixed(1)}x` : 'no registration at all on today\'s design'}, target >= ${SPEED_UP}x`,
  );
  const all = [old, ...rushes, past];
  const oversold = all.filter((o) => o.oversold > 0 || o.counted !== o.held || o.created > o.held);
  check(
    oversold.length === 0,
    oversold.length
      ? `oversold or miscounted in ${oversold.map((o) => `${o.label} (${o.held} RSVPs, ${o.counted} counted, ${o.created} answered 201, ${o.capacity} seats)`).join('; ')}`
      : `0 oversold, seats counted == RSVPs holding a seat, no 201 without its RSVP, in all ${all.length} rushes` +
          (all.some((o) => o.leftRunning) ? ` (counted with ${all.reduce((sum, o) => sum + o.leftRunning, 0)} registrations still running)` : ''),
  );
  const newDesign = [...rushes, past];
  const broken = newDesign.filter((o) => o.serverErrors || o.other || o.timeouts || o.connectionErrors || o.unexpected.count || o.leftRunning);
  check(
    broken.length === 0,
    broken.length
      ? `errors in the new design: ${broken.map((o) => `${o.label}: ${o.serverErrors} 5xx, ${o.other} other, ${o.timeouts} timeouts, ${o.unexpected.count} thrown (${o.unexpected.first ?? o.firstError})`).join('; ')}`
      : 'no 5xx, contention error or timeout in the new design',
  );
  const short = rushes.filter((o) => o.created !== RUSH);
  check(
    short.length === 0,
    short.length
      ? `rushes below capacity left people without a seat: ${short.map((o) => `${o.label}: ${o.created}/${RUSH}`).join('; ')}`
      : `every registration of the ${rushes.length} rushes below capacity got a seat`,
  );
  const seats = Math.min(RUSH, SMALL_CAPACITY);
  check(
    past.created + past.full === RUSH && past.created === seats,
    `past capacity (${SMALL_CAPACITY} seats): ${past.created} x 201 + ${past.full} x 409 'event full' = ${past.created + past.full} of ${RUSH} answers ` +
      `(want ${seats} + ${RUSH - seats}: every answer a seat or 'event full', every seat sold)`,
  );
  log('');
  for (const { ok, text } of checks) log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
}
