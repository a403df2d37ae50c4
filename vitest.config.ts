import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The functions suites spend most of their time waiting for the Auth and Firestore emulators, not
 * computing: three files at once on a 2-core machine took them from 379 s to 112 s (six slowest
 * files; docs/testing.md "Where the time goes"). They share one module graph per worker
 * (`isolate: false`): each file otherwise imported the whole API again, 174 s of a run's 397. They
 * keep no state in modules between files (each test API opens its own store and clock; the files
 * that intercept HTTP put nock back, support/recorded-http.ts), and a run in shuffled file order
 * passes. Vitest runs projects with different worker counts in separate phases
 * (sequence.groupOrder): these first, then the site's and scripts' suites, which compute (jsdom,
 * builds), two at a time. The site's component suites share one jsdom per worker too: a fresh
 * process and jsdom per file was half the phase's CPU (82 s to 33 s on their own). Their modules keep
 * state (the first screen, the kept theme), so each file loads them anew and starts from an empty
 * page (web/src/test/setup-dom.ts); runs in shuffled file order pass. The site's pure modules'
 * suites (node) share their graph as well (6 s to 2 s).
 */
const ON_THE_EMULATORS = { maxWorkers: 3, isolate: false, sequence: { groupOrder: 0 } } as const;
const COMPUTING = { maxWorkers: 2, sequence: { groupOrder: 1 } } as const;

/**
 * The functions suites again on Google's Firestore emulator (production's store), when one
 * runs at FIRESTORE_EMULATOR_HOST: `npm test` starts it. Each test API gets a project id of
 * its own there (functions/test/support/store.ts). Left out: the SQLite adapter's own suites,
 * and the store contract, which already runs on both adapters in the first pass.
 */
const onFirestore: TestProjectInlineConfiguration[] = process.env.FIRESTORE_EMULATOR_HOST
  ? [
      {
        extends: true,
        test: {
          name: 'functions@firestore',
          ...ON_THE_EMULATORS,
          include: ['functions/test/**/*.test.ts'],
          exclude: ['functions/test/store/**', 'functions/test/api/admin-cli.test.ts'],
          environment: 'node',
          globalSetup: ['functions/test/support/auth-emulator.ts'],
          // Shorter pauses between the client's transaction retries (see the file).
          setupFiles: ['functions/test/support/firestore-backoff.ts'],
          env: { ZION_TEST_STORE: 'firestore' },
        },
      },
    ]
  : [];

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./functions/src/shared', import.meta.url)) } },
  // The site's components use the automatic JSX runtime (web/tsconfig.json: "jsx": "react-jsx").
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Three projects so each suite pays only for what it needs: the API suites start the Auth
    // emulator, the site's pure modules run in node, its components (*.test.tsx) in jsdom.
    projects: [
      {
        extends: true,
        test: {
          name: 'functions',
          ...ON_THE_EMULATORS,
          include: ['functions/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['functions/test/support/auth-emulator.ts'],
        },
      },
      ...onFirestore,
      // After the functions suites (npm test runs it on its own): the query shapes they recorded against firestore.indexes.json.
      ...(process.env.ZION_CHECK_QUERY_SHAPES
        ? [{ extends: true, test: { name: 'firestore-indexes', ...COMPUTING, include: ['functions/test/indexes/*.check.ts'], environment: 'node' } } as TestProjectInlineConfiguration]
        : []),
      { extends: true, test: { name: 'web', ...COMPUTING, isolate: false, include: ['web/src/**/*.test.ts'], environment: 'node' } },
      // The scripts behind npm start and npm test (install, build skipping, hosting config): plain Node.
      { extends: true, test: { name: 'scripts', ...COMPUTING, include: ['scripts/test/**/*.test.mjs'], environment: 'node' } },
      {
        extends: true,
        test: { name: 'web-dom', ...COMPUTING, isolate: false, include: ['web/src/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['web/src/test/setup-dom.ts'] },
      },
    ],
  },
});
