// npm test: typecheck, lint, unit + API + store-contract suites, and the
// end-to-end journeys in headless Chromium against the stack `npm start` runs.
// The last line is `N passed, N failed`, counted over every suite.
// On a fresh clone it first installs the packages, as `npm start` does.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/bootstrap.mjs';
import { failedPlaywrightTests, failedVitestTests } from './lib/test-report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Before anything that runs or imports an installed package (tsc, eslint, the stack helpers).
try {
  ensureInstalled(ROOT);
} catch (error) {
  console.error(error.message);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
const stack = await import('./lib/stack.mjs');
const firestore = await import('./lib/firestore-emulator.mjs');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
const failures = [];
// The names of the failed tests, repeated just above the last line: CI shows only the end of
// the output, where the vitest run's own report is long gone behind the end-to-end one.
const failedNames = [];

function step(title) {
  console.log(`\n=== ${title} ===`);
}

/** A check that is one pass or one failure: a typecheck, the lint, the build. */
function record(title, ok) {
  if (ok) passed++;
  else {
    failed++;
    failures.push(title);
  }
  return ok;
}

/**
 * The checks run two at a time (each of tsc, eslint and the API transpile uses one core), their
 * output held and printed whole under its title when it ends, so two never interleave. Answers
 * each check's outcome by title, as a promise: the stack starts as soon as the build is done.
 */
function runChecks(list, concurrency = 2) {
  const queue = [...list];
  const outcomes = new Map(
    list.map(({ title }) => {
      let resolve;
      const promise = new Promise((done) => (resolve = done));
      return [title, { promise, resolve }];
    }),
  );
  const next = () => {
    const item = queue.shift();
    if (!item) return;
    const started = Date.now();
    const child = spawn(item.command, item.args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const done = (ok, extra = '') => {
      step(`${item.title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      process.stdout.write(Buffer.concat(output).toString() + extra);
      outcomes.get(item.title).resolve(record(item.title, ok));
      next();
    };
    child.on('error', (error) => done(false, `${error.message}\n`));
    child.on('close', (code) => done(code === 0));
  };
  for (let i = 0; i < concurrency; i++) next();
  return Object.fromEntries([...outcomes].map(([title, { promise }]) => [title, promise]));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// The build first: the stack waits for it, the other checks do not hold anything up.
const checks = runChecks([
  // Always a full build here (the stamps it leaves let the next `npm start` skip it).
  { title: 'build', command: process.execPath, args: [join(ROOT, 'scripts', 'lib', 'builds.mjs'), '--force'] },
  { title: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { title: 'typecheck: functions', command: bin('tsc'), args: ['-p', 'functions', '--noEmit'] },
  { title: 'typecheck: web', command: bin('tsc'), args: ['-p', 'web', '--noEmit'] },
  { title: 'typecheck: tests', command: bin('tsc'), args: ['-p', 'tests', '--noEmit'] },
]);
const built = await checks.build;

const dataDir = mkdtempSync(join(tmpdir(), 'zion-test-stack-'));
let emulators;
let scheduler;
if (built) {
  step('starting the stack (Auth, Functions and Hosting emulators, seeded SQLite store)');
  try {
    await stack.prepareData(dataDir);
    // The journeys register many people from one address: lift the per-client limit.
    emulators = await stack.startEmulators({ dataDir, quiet: true, env: { PUBLIC_WRITES_PER_MINUTE: '10000' }, warmWorkers: 8 });
    await stack.ensureAccounts();
    scheduler = await stack.startScheduler(dataDir, 3_000);
    console.log(`stack up at ${stack.SITE_URL} with data in ${dataDir}`);
  } catch (error) {
    console.error(error);
    failed++;
    failures.push('start the stack');
  }
}

/** One vitest run, its results counted; `label` names it in the summary. */
function vitestRun(label, args, env = {}) {
  const report = join(ROOT, 'test-results', `${label}.json`);
  rmSync(report, { force: true });
  const run = spawnSync(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const results = readJson(report);
  if (results) {
    passed += results.numPassedTests;
    failed += results.numFailedTests;
    if (results.numFailedTests > 0) failures.push(`${results.numFailedTests} vitest test(s) (${label})`);
    failedNames.push(...failedVitestTests(results, ROOT));
  }
  if (!results || (run.status !== 0 && results.numFailedTests === 0)) {
    failed++;
    failures.push(`vitest run (${label}: did not complete)`);
  }
}

// Production's store: the functions suites run again on Google's Firestore emulator (vitest.config.ts,
// project functions@firestore), and the store contract runs on it rather than on an imitation.
// Its own port, so that a developer's `npm start -- --store firestore` (8080) can keep running.
// The typechecks and the lint ran while the stack started; the suites wait for their verdicts.
await Promise.all(Object.values(checks));

const FIRESTORE_TEST_PORT = 8085;
let firestoreEmulator;
const found = firestore.findFirestoreEmulator();
if (found.missing) {
  console.log(`\nThe Firestore emulator cannot run here, so the functions suites run on SQLite only. ${found.missing}`);
} else {
  step(`starting Google's Firestore emulator (${found.source})`);
  try {
    firestoreEmulator = await firestore.startFirestoreEmulator({ port: FIRESTORE_TEST_PORT });
  } catch (error) {
    console.error(error.message);
    failed++;
    failures.push('start the Firestore emulator');
  }
}

try {
  step(`unit, API and store-contract suites (vitest)${firestoreEmulator ? ': the functions suites on SQLite and on the Firestore emulator' : ''}`);
  const shapesDir = mkdtempSync(join(tmpdir(), 'zion-query-shapes-'));
  vitestRun('unit', [], {
    ZION_QUERY_SHAPES_DIR: shapesDir,
    ...(firestoreEmulator ? { FIRESTORE_EMULATOR_HOST: firestoreEmulator.host } : {}),
  });
  step('the queries those suites issued, against firestore.indexes.json');
  vitestRun('indexes', ['--project', 'firestore-indexes'], { ZION_QUERY_SHAPES_DIR: shapesDir, ZION_CHECK_QUERY_SHAPES: '1' });
  rmSync(shapesDir, { recursive: true, force: true });
  await firestoreEmulator?.stop();
  firestoreEmulator = undefined;

  if (emulators) {
    step('end-to-end journeys (Playwright, system Chromium)');
    const e2eReport = join(ROOT, 'test-results', 'e2e.json');
    rmSync(e2eReport, { force: true });
    // Not spawnSync: it would block this process's event loop and the scheduler's interval with it
    // (the reminder journey waits for the scheduled work).
    const e2e = await new Promise((resolve) => {
      const child = spawn(bin('playwright'), ['test'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir } });
      child.once('error', () => resolve({ status: 1 }));
      child.once('close', (code) => resolve({ status: code ?? 1 }));
    });
    const e2eResults = readJson(e2eReport);
    const stats = e2eResults?.stats;
    if (stats) {
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected;
      if (stats.unexpected > 0) failures.push(`${stats.unexpected} end-to-end test(s)`);
      failedNames.push(...failedPlaywrightTests(e2eResults));
    }
    if (!stats || (e2e.status !== 0 && stats.unexpected === 0)) {
      failed++;
      failures.push('playwright run (did not complete)');
    }
  }
} finally {
  await firestoreEmulator?.stop();
  if (emulators) {
    step('stopping the stack');
    await scheduler?.stop();
    await emulators.stop();
  }
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
}

if (failedNames.length) console.log(`\nThe failed tests:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
