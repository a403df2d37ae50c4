#!/usr/bin/env node
// npm run lighthouse [-- --runs 3 --pages landing,event,ticket,admin --form-factors mobile,desktop
//                        --events 40 --out DIR --target 98]
//
// Runs Lighthouse (performance and accessibility) on the landing page, a paid event page, a
// ticket page and the admin login, with the mobile profile and the desktop preset, N runs each
// (default 3), and prints a table of medians: scores, CLS, LCP, TBT, FCP. For a page under the
// target score (98) it also says where the points went, read from the median run's report
// (points lost per metric, the LCP element and its phases, layout shifts, the largest estimated
// savings). Every report is kept as JSON in the output folder printed at the end.
//
// The stack: when one answers at 127.0.0.1:5000 (npm start), it is measured as it is; otherwise
// this script starts npm start's stack itself on a fresh seeded data folder in /tmp (your .data is
// not touched) and stops it at the end. Either way it first tops the active upcoming events up to
// 40 (--events) through the admin API, signed in as the demo admin, titled 'Lighthouse sample
// event N' so they are easy to spot; the demo content is left as it is. On a running stack the
// samples stay (and are reused next time). The ticket page is the first RSVP of a free event
// (one is registered when there is none).
//
// Lighthouse is not a dependency of the project (about 200 packages and 185 MB, 30 s more for a
// fresh install, which every first start pays): it runs through `npx --yes lighthouse@12.8.2`,
// which fetches it from the npm registry once into npm's cache. LIGHTHOUSE_CLI=/path/to/cli/index.js
// uses an installed copy instead. It drives the system Chromium (CHROME_PATH, default
// /usr/bin/chromium) headless; it never downloads a browser.
//
// Measure on an otherwise idle machine: Lighthouse's mobile profile simulates a slow phone from
// what it observes, so a busy CPU lowers the scores. The local Hosting emulator does not compress
// responses as the Firebase CDN does; the table's figures include that.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { failedAccessibility, formatPointsLost, formatTable, median, medianFigures, medianRun, runFigures } from './lib/lighthouse-report.mjs';

export const LIGHTHOUSE_VERSION = '12.8.2';
const SITE_URL = 'http://127.0.0.1:5000';
const API_URL = `${SITE_URL}/api`;
const AUTH_URL = 'http://127.0.0.1:9099';
const SAMPLE_TITLE = 'Lighthouse sample event';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'landing,event,ticket,admin' },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
    events: { type: 'string', default: '40' },
    out: { type: 'string' },
    target: { type: 'string', default: '98' },
  },
});
const runs = Number(options.runs);
const minimumEvents = Number(options.events);
const target = Number(options.target);
const pageNames = options.pages.split(',').map((name) => name.trim());
const formFactors = options['form-factors'].split(',').map((name) => name.trim());
for (const [name, value] of [['runs', runs], ['events', minimumEvents], ['target', target]]) {
  if (!Number.isInteger(value) || value < 0 || (name === 'runs' && value < 1)) fail(`--${name} must be a whole number${name === 'runs' ? ' of at least 1' : ''}.`);
}
for (const name of pageNames) if (!['landing', 'event', 'ticket', 'admin'].includes(name)) fail(`Unknown page '${name}': landing, event, ticket or admin.`);
for (const name of formFactors) if (!['mobile', 'desktop'].includes(name)) fail(`Unknown form factor '${name}': mobile or desktop.`);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) fail(`No Chromium at ${chromePath}: set CHROME_PATH to a Chrome or Chromium binary.`);

function fail(message) {
  console.error(message);
  process.exit(2);
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function call(path, { method = 'GET', token, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${API_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const reply = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} /api${path}: ${response.status} ${reply.message ?? ''}`);
  return reply;
}

/** An ID token of the demo admin from the Auth emulator. */
async function adminToken() {
  const seed = JSON.parse(readFileSync(fileURLToPath(new URL('../emulators/seed/content.json', import.meta.url)), 'utf8'));
  const admin = seed.accounts.find((account) => account.role === 'admin');
  const response = await fetch(`${AUTH_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password, returnSecureToken: true }),
  });
  const body = await response.json();
  if (!body.idToken) throw new Error(`The demo admin could not sign in at the Auth emulator: ${JSON.stringify(body.error ?? body)}`);
  return body.idToken;
}

const isUpcoming = (event) => event.isActive !== false && Date.parse(event.date) > Date.now();

/** Adds sample events until at least `count` active upcoming events exist; returns the public list. */
async function ensureEvents(token, count) {
  const listed = (await call('/events')).events.filter(isUpcoming);
  const missing = count - listed.length;
  if (missing > 0) {
    const images = ['night-sky', 'restoration', 'condor', 'photo-walk', 'gala'].map((name) => `/seed/event-${name}.svg`);
    const offset = listed.filter((event) => event.title.startsWith(SAMPLE_TITLE)).length;
    for (let i = 0; i < missing; i++) {
      const n = offset + i + 1;
      const date = new Date(Date.now() + (3 + n * 2) * 86_400_000);
      date.setUTCHours(16, 0, 0, 0);
      const paid = n % 3 === 0;
      await call('/events', {
        method: 'POST',
        token,
        body: {
          title: `${SAMPLE_TITLE} ${n}`,
          description: 'A guided walk with our volunteers along the river, learning how the canyon recovers after a flood and what we plant to help it.',
          date: date.toISOString(),
          location: 'Springdale, UT',
          maxAttendees: 30 + n,
          ticketTypes: paid ? ['General', 'Member'] : ['General'],
          ticketPrices: paid ? { General: 15, Member: 10 } : {},
          requiresPayment: paid,
          eventImage: images[n % images.length],
          tags: ['sample'],
        },
      });
    }
    console.log(`Added ${missing} sample events (${SAMPLE_TITLE} N) to reach ${count} active upcoming events.`);
  }
  return (await call('/events')).events.filter(isUpcoming);
}

/** The measured URLs: a paid event (the soonest), and the ticket of the first RSVP of a free event. */
async function pageUrls(token, events) {
  const paid = events.find((event) => event.requiresPayment && !event.title.startsWith(SAMPLE_TITLE)) ?? events.find((event) => event.requiresPayment);
  const free = events.find((event) => !event.requiresPayment && !event.title.startsWith(SAMPLE_TITLE)) ?? events.find((event) => !event.requiresPayment);
  if (!paid || !free) throw new Error('The measured pages need a paid and a free active upcoming event.');
  const path = (event) => `/${event.customUrl || event.id}`;
  let rsvps = (await call(`/events/${free.id}/rsvps`, { token })).rsvps;
  if (!rsvps.length) {
    await call(`/events/${free.id}/rsvp`, { method: 'POST', body: { name: 'Lighthouse Visitor', email: 'lighthouse@example.org', ticketType: free.ticketTypes[0] } });
    rsvps = (await call(`/events/${free.id}/rsvps`, { token })).rsvps;
  }
  return {
    landing: `${SITE_URL}/`,
    event: `${SITE_URL}${path(paid)}`,
    ticket: `${SITE_URL}/checkin/${rsvps[0].id}`,
    admin: `${SITE_URL}/admin`,
  };
}

/**
 * How to start Lighthouse: [command, args]. npx is asked once where it keeps the pinned version
 * (fetching it the first time), then each run starts that copy with node directly: npx itself
 * spends about 5 s per call checking the registry.
 */
function lighthouseCommand() {
  if (process.env.LIGHTHOUSE_CLI) return [process.execPath, [resolve(process.env.LIGHTHOUSE_CLI)]];
  const found = spawnSync('npx', ['--yes', '-p', `lighthouse@${LIGHTHOUSE_VERSION}`, '-c', 'command -v lighthouse'], { encoding: 'utf8' });
  const bin = found.status === 0 ? found.stdout.trim().split('\n').pop() : '';
  if (bin && existsSync(bin)) return [process.execPath, [realpathSync(bin)]];
  return ['npx', ['--yes', `lighthouse@${LIGHTHOUSE_VERSION}`]];
}

/** One Lighthouse run; resolves with its report (lhr). */
function lighthouse([command, prefix], url, formFactor, outputPath) {
  const args = [
    ...prefix,
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((done, reject) => {
    const child = spawn(command, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 || !existsSync(outputPath)) return reject(new Error(`Lighthouse failed on ${url} (${formFactor}, exit ${code}):\n${errors.slice(-2000)}`));
      const lhr = JSON.parse(readFileSync(outputPath, 'utf8'));
      if (lhr.runtimeError) return reject(new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`));
      done(lhr);
    });
  });
}

async function measure(urls, outDir) {
  const cli = lighthouseCommand();
  const rows = [];
  const reports = new Map();
  for (const page of pageNames) {
    for (const formFactor of formFactors) {
      const lhrs = [];
      for (let run = 1; run <= runs; run++) {
        const lhr = await lighthouse(cli, urls[page], formFactor, join(outDir, `${page}-${formFactor}-${run}.json`));
        const figures = runFigures(lhr);
        console.log(`  ${page} ${formFactor} run ${run}: performance ${figures.performance}, accessibility ${figures.accessibility}`);
        lhrs.push(lhr);
      }
      rows.push({ page, formFactor, runs, figures: medianFigures(lhrs.map(runFigures)) });
      reports.set(`${page} ${formFactor}`, lhrs);
    }
  }
  return { rows, reports };
}

/** Which code is measured: the commit, and whether the working tree differs from it (the stack builds the tree). */
function describeCode() {
  const git = (args) => spawnSync('git', args, { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' });
  const head = git(['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return 'not a git checkout';
  const changed = git(['status', '--porcelain', '--untracked-files=no']).stdout.trim();
  return `commit ${head.stdout.trim()}${changed ? ' with uncommitted changes' : ''}`;
}

async function startOwnStack() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { ensureInstalled } = await import('./lib/bootstrap.mjs');
  ensureInstalled(root);
  const stack = await import('./lib/stack.mjs');
  await stack.build();
  const dataDir = mkdtempSync(join(tmpdir(), 'zion-lighthouse-stack-'));
  await stack.prepareData(dataDir);
  // As npm start runs it (three warm Functions workers), so the figures are a visitor's on npm start.
  const emulators = await stack.startEmulators({ dataDir, quiet: true });
  await stack.ensureAccounts();
  return {
    async stop() {
      await emulators.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const started = Date.now();
let ownStack = null;
let status = 0;
try {
  if (await answers(`${API_URL}/theme`)) {
    console.log(`Measuring the stack running at ${SITE_URL}.`);
  } else {
    console.log('No stack at 127.0.0.1:5000: starting npm start\'s stack on a fresh seeded data folder...');
    ownStack = await startOwnStack();
  }
  const token = await adminToken();
  const events = await ensureEvents(token, minimumEvents);
  const urls = await pageUrls(token, events);
  const outDir = resolve(options.out ?? mkdtempSync(join(tmpdir(), 'zion-lighthouse-')));
  mkdirSync(outDir, { recursive: true });
  console.log(`${events.length} active upcoming events, ${describeCode()}. Lighthouse ${LIGHTHOUSE_VERSION}, ${runs} run(s) per page and form factor:`);
  for (const page of pageNames) console.log(`  ${page.padEnd(8)} ${urls[page]}`);
  const { rows, reports } = await measure(urls, outDir);

  // The scores depend on how busy the machine was: say so beside them.
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`\nMedians of ${runs} run(s), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${availableParallelism()} cores, load average ${load} (1, 5, 15 min):\n`);
  console.log(formatTable(rows));
  // Lighthouse's own measure of this machine's speed. The mobile profile slows the CPU 4x whatever
  // it is, which matches its reference phone on a machine scoring about 1,500 (Lighthouse's CPU
  // throttling calculator); a slower or busy machine emulates a slower phone and scores lower.
  const indexes = [...reports.values()].flat().map((lhr) => Math.round(lhr.environment?.benchmarkIndex)).filter(Number.isFinite).sort((a, b) => a - b);
  if (indexes.length) console.log(`\nBenchmark index: median ${median(indexes)}, ${indexes[0]}-${indexes.at(-1)} over the runs.`);
  const below = rows.filter((row) => row.figures.performance !== null && row.figures.performance < target);
  if (below.length) console.log(`\nUnder ${target}, where the points go:`);
  for (const row of below) console.log(formatPointsLost(`${row.page} ${row.formFactor}`, medianRun(reports.get(`${row.page} ${row.formFactor}`))));
  for (const row of rows.filter((r) => r.figures.accessibility !== null && r.figures.accessibility < 100)) {
    const failed = failedAccessibility(medianRun(reports.get(`${row.page} ${row.formFactor}`)));
    console.log(`Accessibility ${row.figures.accessibility} on ${row.page} ${row.formFactor}: ${failed.join('; ') || 'no failed audit in the median run'}`);
  }
  console.log(`\nReports (JSON): ${outDir}. Took ${Math.round((Date.now() - started) / 1000)} s.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  status = 1;
} finally {
  await ownStack?.stop();
}
process.exit(status);
