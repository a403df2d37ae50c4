import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API's shapes and constants live in functions/src/shared (they must ship
// inside the functions build); the site imports them through this alias.
const shared = fileURLToPath(new URL('../functions/src/shared', import.meta.url));
// Zod without its eval-based compiler, which the Content-Security-Policy refuses (see the module).
const zodWithoutEval = fileURLToPath(new URL('./src/staff/zod.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@shared', replacement: shared },
      { find: /^zod$/, replacement: zodWithoutEval },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000', '/__': 'http://127.0.0.1:5000' },
  },
  // The manifest lets scripts/report-bundle-size.mjs find the landing page's initial JavaScript.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
