import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './tests/e2e/browser.js';

/**
 * End-to-end journeys in the system Chromium (never a downloaded browser; which one:
 * tests/e2e/browser.ts) against the stack `npm start` runs; scripts/test.mjs starts it first.
 */

export default defineConfig({
  testDir: 'tests/e2e',
  // The first journey starts as warm as the later ones (see the file).
  globalSetup: './tests/e2e/warm-up.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: process.env.SITE_URL || 'http://127.0.0.1:5000',
    // No trace and no failure screenshot by default: recording a trace snapshots every page for
    // every journey (to throw it away when it passes), a large share of the browser's CPU on a
    // 2-core machine, and CI shows only the text output. The failure's error text and the
    // summary of npm test say what failed; for the picture, run the journey again with
    // `npm run e2e -- --trace on <file>` (issue 27 item 5).
    trace: 'off',
    screenshot: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions } },
    { name: 'phone', grep: /@phone/, use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, launchOptions } },
  ],
});
