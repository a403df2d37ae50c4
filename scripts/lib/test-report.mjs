import { relative } from 'node:path';

/*
 * The end of `npm test`'s output: which tests failed and why. CI shows only the last lines of a
 * run, so each failed test's name comes with the first lines of its failure.
 */

/**
 * The first lines of a failure's message, indented under its name: CI shows only the end of the
 * output, so the summary must say why, not only what, failed.
 */
export function why(message) {
  if (!message) return '';
  // eslint-disable-next-line no-control-regex
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trimEnd()).filter(Boolean).slice(0, 4);
  return `\n${lines.map((line) => `      ${line.slice(0, 300)}`).join('\n')}`;
}

/** Each failed vitest test as `file › test`, and each file that failed outside its tests (a hook, an import). */
export function failedVitestTests(results, root) {
  const names = [];
  for (const file of results.testResults ?? []) {
    const where = relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) names.push(`vitest: ${where} › ${test.fullName}${why(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) names.push(`vitest: ${where} (${(file.message ?? '').split('\n')[0]})`);
  }
  return names;
}

/** Each end-to-end test that failed (not one that passed on a retry), as `[project] file › title`. */
export function failedPlaywrightTests(report) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push(`e2e: [${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}${why(test.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}
