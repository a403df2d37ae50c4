import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API's shapes and constants live in functions/src/shared (they must ship
// inside the functions build); the site imports them through this alias.
const shared = fileURLToPath(new URL('../functions/src/shared', import.meta.url));
// Zod without its eval-based compiler, which the Content-Security-Policy refuses (see the module).
const zodWithoutEval = fileURLToPath(new URL('./src/staff/zod.ts', import.meta.url));

/**
 * Source maps are for local debugging, not for visitors: the build writes them to `<outDir>-maps`
 * (web/dist-maps) beside the site, so neither Hosting's deploy nor its local emulator (which
 * serves every file of web/dist, whatever firebase.json ignores) can hand them out.
 * scripts/report-bundle-size.mjs reads them there.
 */
function mapsBesideTheSite(): Plugin {
  let outDir = '';
  return {
    name: 'maps-beside-the-site',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      rmSync(`${outDir}-maps`, { recursive: true, force: true });
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!name.endsWith('.map')) continue;
        const target = join(`${outDir}-maps`, name);
        mkdirSync(dirname(target), { recursive: true });
        renameSync(join(outDir, name), target);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), mapsBesideTheSite()],
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
  // 'hidden': the files name no map (there is none to fetch beside them); devtools can load one from web/dist-maps.
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true },
});
