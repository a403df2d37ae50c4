import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./functions/src/shared', import.meta.url)) } },
  test: {
    include: ['functions/test/**/*.test.ts', 'web/src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['functions/test/support/auth-emulator.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
