import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { transform as transformCss } from 'lightningcss';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { apiBase, PRELOADED_PATHS } from './src/api/paths.js';
import { DOOR_SCOPE, DOOR_SERVICE_WORKER } from './src/checkin/serviceWorker.js';
import { TICKET_SERVICE_WORKER } from './src/checkin/ticketServiceWorker.js';

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

/**
 * Every page needs the theme before it shows (a first visit waits for it): the HTML asks for it
 * while the scripts download, instead of after they ran. `crossorigin` gives the preload the
 * credentials mode the client then asks with (api/client.ts, `preloaded`).
 */
function preloadApiCalls(): Plugin {
  // The base the client is built with: Vite's own env for this build (its envDir, its mode).
  let base = '';
  return {
    name: 'preload-api-calls',
    configResolved(config) {
      base = apiBase(config.env.VITE_API_BASE as string | undefined);
    },
    transformIndexHtml: () =>
      PRELOADED_PATHS.map((path) => ({ tag: 'link', attrs: { rel: 'preload', href: `${base}${path}`, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' as const })),
  };
}

/** The boot script's module (see the module): an entry of its own, which the app imports too. */
const BOOT_MODULE = 'src/boot/boot.ts';

/** The modules the boot script imports, itself included (found once per build, from the module graph). */
let bootModules: Set<string> | undefined;
function reachableFromBoot(ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }): Set<string> {
  if (bootModules) return bootModules;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    ctx.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  visit(resolve(import.meta.dirname, BOOT_MODULE));
  bootModules = seen;
  return seen;
}

/**
 * The boot script runs first, on its own: a second entry, whose chunk index.html lists before the
 * app's script. (A second <script> in index.html itself would be bundled into the app's entry.)
 * The app imports the module too, and gets the same instance from the same chunk. In the build,
 * the app's own <script> becomes a modulepreload that the boot script runs (boot/appScript.ts).
 */
function bootScript(): Plugin {
  let root = '';
  return {
    name: 'boot-script',
    config: (config) => ({
      build: { rollupOptions: { input: { index: resolve(config.root ?? '', 'index.html'), boot: resolve(config.root ?? '', BOOT_MODULE) } } },
    }),
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      bootModules = undefined;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = context.bundle && Object.values(context.bundle).find((item) => item.type === 'chunk' && item.isEntry && item.facadeModuleId === resolve(root, BOOT_MODULE));
        if (context.bundle && !chunk) throw new Error(`index.html: no chunk for ${BOOT_MODULE}`);
        const src = chunk ? `/${chunk.fileName}` : `/${BOOT_MODULE}`;
        // Module scripts run in document order: just before the app's.
        const app = /<script type="module"[^>]*\ssrc="([^"]+)"><\/script>/.exec(html);
        if (!app) throw new Error('index.html: no module script to put the boot script before');
        // In the build the app's script is fetched from the start but run by the boot script once the
        // first paint is shown (boot/appScript.ts): as a <script>, a copy that arrived before that
        // frame (a fast connection) ran first, and the first paint waited for its whole evaluation.
        const appTag = context.bundle ? `<link rel="modulepreload" crossorigin href="${app[1]}" data-app-script>` : app[0];
        return `${html.slice(0, app.index)}<script type="module" crossorigin src="${src}"></script>\n    ${appTag}${html.slice(app.index + app[0].length)}`;
      },
    },
  };
}

/** What the first paint needs (see the file); inlined into the HTML by firstPaintCss. */
const FIRST_PAINT_CSS = 'src/styles/first-paint.css';

/**
 * The first paint waits for no stylesheet: the build inlines styles/first-paint.css (the default
 * colours, the body, the 'Loading...' block) into index.html, and turns the app's render-blocking
 * stylesheets into preloads (`data-app-style`), which the boot script applies at once and the app
 * waits for before it renders (boot/boot.ts). The Content-Security-Policy allows inline styles.
 */
function firstPaintCss(): Plugin {
  let root = '';
  return {
    name: 'first-paint-css',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const file = resolve(root, FIRST_PAINT_CSS);
        const { code } = transformCss({ filename: file, code: readFileSync(file), minify: true });
        const sheets = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;
        if (!sheets.test(html)) throw new Error('index.html: no stylesheet to load beside the first paint');
        return html
          .replace(sheets, '<link rel="preload" as="style" crossorigin href="$1" data-app-style>')
          .replace('  </head>', `    <style>${code.toString()}</style>\n  </head>`);
      },
    },
  };
}

/**
 * A page whose own chunk the HTML fetches beside the app's, so the page does not wait for the app's
 * script to run before its chunk is even asked for: index.html plus `modulepreload` links for the
 * chunk of `module` and the chunks it imports, and preloads of its stylesheets. Hosting serves each
 * for its pages (firebase.json): staff.html for the staff pages (/admin, the dashboard path,
 * /checkin; the staff shell, its login screen included), ticket.html for a ticket (/checkin/{id}).
 * Other pages keep index.html and never load that code.
 */
function pageHtml(fileName: string, module: string): Plugin {
  let outDir = '';
  return {
    name: `page-html:${fileName}`,
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const page = Object.values(bundle).find((item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(module));
      if (!page) throw new Error(`${fileName}: no chunk for ${module}`);
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (chunkName: string) => {
        if (scripts.has(chunkName)) return;
        const chunk = bundle[chunkName];
        if (chunk?.type !== 'chunk' || chunk.isEntry) return;
        scripts.add(chunkName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        chunk.imports.forEach(visit);
      };
      visit(page.fileName);
      const links = [
        ...[...scripts].filter((file) => !index.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        // Fetched early but not render-blocking: the first paint ('Loading...') needs only the app's
        // styles; the chunk's loader applies these when the page renders.
        ...[...styles].filter((file) => !index.includes(`/${file}"`)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ];
      writeFileSync(join(outDir, fileName), index.replace('  </head>', `${links.map((link) => `    ${link}\n`).join('')}  </head>`));
    },
  };
}

/**
 * The door's offline shell (issue 24 item 3): a service worker that precaches the built site and
 * answers a navigation to /checkin with staff.html from that cache, so a door phone reloading
 * without a network reopens the door (its list and queue are on the device, checkin/offline.ts)
 * instead of the browser's 'no internet' page. Only the door page registers it, with the scope
 * /checkin: /admin and the public pages are never controlled by it. API calls (/api/**) are not
 * routed at all, so they always go to the network; the door decides from their failures that it is
 * offline. The sign-in library's configuration is kept by the page itself (auth/firebase.ts
 * loadSignInConfig), not here: the first visit fetches it before this worker exists. It runs after
 * pageHtml wrote staff.html (closeBundle follows writeBundle), so the precache holds it. Hosting serves it with Cache-Control: no-cache like every page (firebase.json),
 * so a deploy's new worker is found at the next visit.
 */
function doorServiceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    filename: DOOR_SERVICE_WORKER,
    // Registered by the door page itself (checkin/serviceWorker.ts), never injected into every page.
    injectRegister: false,
    manifest: false,
    scope: DOOR_SCOPE,
    workbox: {
      globPatterns: ['staff.html', 'assets/**/*.{js,css,woff2,svg,png,webp}'],
      navigateFallback: '/staff.html',
      navigateFallbackAllowlist: [/^\/checkin\/?$/],
      navigateFallbackDenylist: [/^\/api\//],
      // One file: the workbox runtime would otherwise be a second script beside it.
      inlineWorkboxRuntime: true,
      // A new deploy's worker takes over at once (the door's data lives in IndexedDB, not in this cache).
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // The hashed assets need no revision query; Vite's hashes name their content.
      dontCacheBustURLsMatching: /^assets\//,
      sourcemap: false,
    },
  });
}

/**
 * The ticket page's offline copy (issue 25 item 1): src/checkin/ticket-sw.js, written to the site's
 * root with what this build's ticket page needs to start without a network: ticket.html and the
 * files it names (the boot and app scripts, the ticket chunk and its imports, their styles). A
 * worker of its own rather than a second VitePWA: the door's worker precaches the staff shell and
 * answers /checkin with staff.html; the ticket page is the public app and must get ticket.html, and
 * a visitor's phone should not download the staff app. The version is the shell's hash, so a deploy
 * that changes it installs a new worker and drops the old copy. Runs after pageHtml wrote
 * ticket.html (closeBundle follows writeBundle).
 */
function ticketServiceWorker(): Plugin {
  let outDir = '';
  let base = '';
  return {
    name: 'ticket-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = apiBase(config.env.VITE_API_BASE as string | undefined);
    },
    closeBundle() {
      const html = readFileSync(join(outDir, 'ticket.html'), 'utf8');
      const files = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
      const shell = ['/ticket.html', ...new Set(files)];
      const version = createHash('sha256').update(html).digest('hex').slice(0, 16);
      const source = readFileSync(resolve(import.meta.dirname, 'src/checkin/ticket-sw.js'), 'utf8');
      if (!source.includes('TICKET_SW_CONFIG;')) throw new Error('ticket-sw.js: no TICKET_SW_CONFIG to fill in');
      writeFileSync(join(outDir, TICKET_SERVICE_WORKER), source.replace('TICKET_SW_CONFIG;', `${JSON.stringify({ version, shell, apiBase: base })};`));
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    mapsBesideTheSite(),
    bootScript(),
    firstPaintCss(),
    pageHtml('staff.html', 'src/staff/StaffShell.tsx'),
    pageHtml('ticket.html', 'src/checkin/TicketPage.tsx'),
    preloadApiCalls(),
    doorServiceWorker(),
    ticketServiceWorker(),
  ],
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
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    manifest: true,
    // A page starts with three scripts: the boot chunk (the boot script and every module it imports,
    // which the app then imports from it), the app's chunk (everything else the first render needs,
    // the lazy pages' shared modules included), and the bundler's runtime. Left to itself, the
    // bundler split five small chunks off (the modules shared by the two entries and the lazy
    // pages); over HTTP/1.1, as the local Hosting emulator serves, each took a connection of the
    // six, ahead of the app's script.
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: (id, ctx) => (reachableFromBoot(ctx).has(id) ? 'boot' : null), priority: 2 },
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
