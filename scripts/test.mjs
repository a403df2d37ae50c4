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
function check(title, command, args, env = {}) {
  step(title);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status === 0) passed++;
  else {
    failed++;
    failures.push(title);
  }
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

check('typecheck: functions', bin('tsc'), ['-p', 'functions', '--noEmit']);
check('typecheck: web', bin('tsc'), ['-p', 'web', '--noEmit']);
check('typecheck: tests', bin('tsc'), ['-p', 'tests', '--noEmit']);
check('lint', bin('eslint'), ['.', '--max-warnings=0']);
// Always a full build here (the stamps it leaves let the next `npm start` skip it).
const built = check('build', process.execPath, [join(ROOT, 'scripts', 'lib', 'builds.mjs'), '--force']);

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
