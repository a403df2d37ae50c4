import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
