import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

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
          include: ['functions/test/**/*.test.ts'],
          exclude: ['functions/test/store/**', 'functions/test/api/admin-cli.test.ts'],
          environment: 'node',
          globalSetup: ['functions/test/support/auth-emulator.ts'],
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
          include: ['functions/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['functions/test/support/auth-emulator.ts'],
        },
      },
      ...onFirestore,
      // After the functions suites (npm test runs it on its own): the query shapes they recorded against firestore.indexes.json.
      ...(process.env.ZION_CHECK_QUERY_SHAPES
        ? [{ extends: true, test: { name: 'firestore-indexes', include: ['functions/test/indexes/*.check.ts'], environment: 'node' } } as TestProjectInlineConfiguration]
        : []),
      { extends: true, test: { name: 'web', include: ['web/src/**/*.test.ts'], environment: 'node' } },
      // The scripts behind npm start and npm test (install, build skipping, hosting config): plain Node.
      { extends: true, test: { name: 'scripts', include: ['scripts/test/**/*.test.mjs'], environment: 'node' } },
      {
        extends: true,
        test: { name: 'web-dom', include: ['web/src/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['web/src/test/setup-dom.ts'] },
      },
    ],
  },
});
