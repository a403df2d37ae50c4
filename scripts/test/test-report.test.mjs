// The end of `npm test`'s output (scripts/lib/test-report.mjs): each failed test with why it failed.
import { describe, expect, it } from 'vitest';
import { failedPlaywrightTests, failedVitestTests } from '../lib/test-report.mjs';

describe('the failed tests summary', () => {
  it('names a failed vitest test with the first lines of its failure, colours stripped', () => {
    const results = {
      testResults: [
        {
          name: '/repo/functions/test/rsvps/orders.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'fine' },
            {
              status: 'failed',
              fullName: 'one ticket refunded',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n- Expected\n+ Received\n- 2\n+ 1\n    at orders.test.ts:299:7'],
            },
          ],
        },
      ],
    };
    expect(failedVitestTests(results, '/repo')).toEqual([
      'vitest: functions/test/rsvps/orders.test.ts › one ticket refunded\n      AssertionError: expected 1 to be 2\n      - Expected\n      + Received\n      - 2',
    ]);
  });

  it('names a file that failed outside its tests by its first line', () => {
    const results = { testResults: [{ name: '/repo/a.test.ts', status: 'failed', message: 'Cannot find module x\nstack', assertionResults: [] }] };
    expect(failedVitestTests(results, '/repo')).toEqual(['vitest: a.test.ts (Cannot find module x)']);
  });

  it('names an end-to-end test that failed with its last attempt’s error, not one that passed on a retry', () => {
    const report = {
      suites: [
        {
          title: 'landing.spec.ts',
          specs: [
            { file: 'landing.spec.ts', title: 'flaky', tests: [{ status: 'flaky', projectName: 'phone', results: [] }] },
            {
              file: 'landing.spec.ts',
              title: 'shows events',
              tests: [{ status: 'unexpected', projectName: 'desktop', results: [{ error: { message: 'first' } }, { error: { message: 'Timed out 5000ms waiting for expect(locator).toBeVisible()' } }] }],
            },
          ],
          suites: [],
        },
      ],
    };
    expect(failedPlaywrightTests(report)).toEqual(['e2e: [desktop] landing.spec.ts › shows events\n      Timed out 5000ms waiting for expect(locator).toBeVisible()']);
  });
});
