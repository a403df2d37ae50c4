// npm test: typecheck, lint, unit + API + store-contract suites, and the
// end-to-end journeys in headless Chromium against the stack `npm start` runs.
// The last line is `N passed, N failed`, counted over every suite.
// On a fresh clone it first installs the packages, as `npm start` does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/bootstrap.mjs';

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

/** Each failed vitest test as `file › test`, and each file that failed outside its tests (a hook, an import). */
function failedVitestTests(results) {
  const names = [];
  for (const file of results.testResults ?? []) {
    const where = relative(ROOT, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) names.push(`vitest: ${where} › ${test.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0) names.push(`vitest: ${where} (${(file.message ?? '').split('\n')[0]})`);
  }
  return names;
}

/** Each end-to-end test that failed (not one that passed on a retry), as `[project] file › title`. */
function failedPlaywrightTests(report) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push(`e2e: [${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
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

try {
  step('unit, API and store-contract suites (vitest)');
  const unitReport = join(ROOT, 'test-results', 'unit.json');
  rmSync(unitReport, { force: true });
  const unit = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const unitResults = readJson(unitReport);
  if (unitResults) {
    passed += unitResults.numPassedTests;
    failed += unitResults.numFailedTests;
    if (unitResults.numFailedTests > 0) failures.push(`${unitResults.numFailedTests} vitest test(s)`);
    failedNames.push(...failedVitestTests(unitResults));
  }
  if (!unitResults || (unit.status !== 0 && unitResults.numFailedTests === 0)) {
    failed++;
    failures.push('vitest run (did not complete)');
  }

  if (emulators) {
    step('end-to-end journeys (Playwright, system Chromium)');
    const e2eReport = join(ROOT, 'test-results', 'e2e.json');
    rmSync(e2eReport, { force: true });
    const e2e = spawnSync(bin('playwright'), ['test'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir } });
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
