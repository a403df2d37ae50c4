#!/usr/bin/env node
// Prints the initial JavaScript and CSS (gzip, level 9) of the public pages after `vite build`
// and fails the build when one of them grows past its budget in web/bundle-budgets.json, or when
// they contain Firebase SDK modules or the staff area's libraries (read from the source maps):
// the public pages must not load them.
//
// The site is one single-page app, so a page's initial code is what it fetches before it is
// complete, found in web/dist/.vite/manifest.json (vite.config.ts sets build.manifest):
//   shell    index.html's entry chunk, every chunk it imports statically and their CSS. Every page
//            loads this first; the landing page paints with it alone (the original landing budget).
//   landing  the shell + the contact form's lazy chunk (src/landing/ContactForm.tsx), which the
//            page renders at once at its foot (web/src/landing/ContactSection.tsx).
//   event    the shell + the registration form's lazy chunk (src/rsvps/RegistrationForm.tsx),
//            rendered as soon as the event arrives (web/src/events/EventPage.tsx). The payment
//            step and Stripe load only when a visitor goes on to pay, so they are not counted.
//   ticket   the shell + the ticket page's lazy route chunk (src/checkin/TicketPage.tsx, route
//            /checkin/:ticketId in web/src/App.tsx).
// Each lazy chunk counts with its own static imports and CSS; a file shared by several chunks
// counts once. When a route changes which chunks a page loads at once, change PAGES with it.
//
// `node scripts/report-bundle-size.mjs [dist] [--budgets file]` (defaults: web/dist and
// web/bundle-budgets.json). Plain Node, no dependencies.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));

/** Each public page: its name in the budgets file and the lazy chunks (manifest keys) it loads at once. */
export const PAGES = [
  { name: 'shell', lazy: [] },
  { name: 'landing', lazy: ['src/landing/ContactForm.tsx'] },
  { name: 'event', lazy: ['src/rsvps/RegistrationForm.tsx'] },
  { name: 'ticket', lazy: ['src/checkin/TicketPage.tsx'] },
];

// Sign-in, card, scanner, query-cache, form and validation libraries belong to lazy chunks.
const FORBIDDEN = /[\\/]node_modules[\\/](?:firebase|@firebase|@stripe|html5-qrcode|qr-scanner|jsqr|@tanstack|react-hook-form|@hookform|zod)[\\/]/;

/** The manifest key of index.html's entry chunk. */
export function entryKey(manifest) {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const entry = entries.find(([key]) => key.endsWith('index.html')) ?? entries[0];
  if (!entry) throw new Error('The build manifest lists no entry chunk.');
  return entry[0];
}

/** The JavaScript and CSS files a page loads at once: the entry and the page's lazy chunks, with their static imports. */
export function pageFiles(manifest, page) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  for (const key of page.lazy) {
    // A renamed or removed module would otherwise be measured as nothing and pass silently.
    if (!manifest[key]) throw new Error(`The ${page.name} page's chunk ${key} is not in the build manifest: update PAGES in scripts/report-bundle-size.mjs.`);
  }
  const stack = [entryKey(manifest), ...page.lazy];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file?.endsWith('.js')) js.add(chunk.file);
    if (chunk.file?.endsWith('.css')) css.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) stack.push(imported);
  }
  return { js: [...js], css: [...css] };
}

const gzipSize = (dist, file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** Sizes (gzip bytes) of each page's initial JavaScript and CSS: [{ page, js, css, files }]. */
export function measurePages(dist, manifest, pages = PAGES) {
  return pages.map((page) => {
    const files = pageFiles(manifest, page);
    const sum = (list) => list.reduce((total, file) => total + gzipSize(dist, file), 0);
    return { page: page.name, js: sum(files.js), css: sum(files.css), files };
  });
}

/** One message per page and kind over its budget, or without one (a new page needs a budget). */
export function budgetFailures(results, budgets) {
  const failures = [];
  for (const result of results) {
    for (const kind of ['js', 'css']) {
      const budget = budgets[result.page]?.[kind];
      if (typeof budget !== 'number') {
        failures.push(`The ${result.page} page has no ${kind.toUpperCase()} budget: add "${result.page}": { "${kind}": bytes } to the budgets file.`);
      } else if (result[kind] > budget) {
        failures.push(
          `The ${result.page} page's initial ${kind === 'js' ? 'JavaScript' : 'CSS'} is ${result[kind]} bytes gzip, over its budget of ${budget} bytes` +
            ` by ${result[kind] - budget}: load the new code lazily, or raise the budget in the budgets file on purpose.`,
        );
      }
    }
  }
  return failures;
}

/** Forbidden modules in the pages' JavaScript, as "file: source" (from each file's source map). */
export function forbiddenModules(dist, files) {
  const offenders = [];
  for (const file of files) {
    // The build keeps the maps beside the site (web/dist-maps: never served nor deployed); older builds kept them inside.
    const mapPath = [join(`${dist}-maps`, `${file}.map`), join(dist, `${file}.map`)].find((path) => existsSync(path));
    if (!mapPath) continue;
    const sources = JSON.parse(readFileSync(mapPath, 'utf8')).sources ?? [];
    for (const source of sources) if (FORBIDDEN.test(source)) offenders.push(`${file}: ${source}`);
  }
  return offenders;
}

const bytes = (count) => (typeof count === 'number' ? count.toLocaleString('en-GB') : '-');

/** Prints the report; returns the exit code. */
export function report({ dist, budgetsPath, log = console.log, error = console.error }) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    error(`No build manifest at ${manifestPath}. Run \`vite build\` with build.manifest enabled first.`);
    return 1;
  }
  if (!existsSync(budgetsPath)) {
    error(`No bundle budgets at ${budgetsPath}.`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const budgets = JSON.parse(readFileSync(budgetsPath, 'utf8'));
  let results;
  try {
    results = measurePages(dist, manifest);
  } catch (cause) {
    error(cause instanceof Error ? cause.message : String(cause));
    return 1;
  }
  log('Initial JavaScript and CSS per page, bytes gzip / budget:');
  for (const result of results) {
    const budget = budgets[result.page] ?? {};
    log(
      `  ${result.page.padEnd(8)} JS ${bytes(result.js).padStart(7)} / ${bytes(budget.js).padStart(7)}` +
        `   CSS ${bytes(result.css).padStart(6)} / ${bytes(budget.css).padStart(6)}   (${result.files.js.length} + ${result.files.css.length} files)`,
    );
  }
  const failures = budgetFailures(results, budgets);
  const offenders = forbiddenModules(dist, [...new Set(results.flatMap((result) => result.files.js))]);
  if (offenders.length) {
    failures.push(`The public pages' initial JavaScript includes code they must load lazily:\n  ${offenders.slice(0, 10).join('\n  ')}`);
  }
  for (const failure of failures) error(failure);
  return failures.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const budgetsAt = args.indexOf('--budgets');
  const budgetsPath = resolve(budgetsAt >= 0 ? args[budgetsAt + 1] : join(here, '..', 'web', 'bundle-budgets.json'));
  const positional = args.filter((_, index) => budgetsAt < 0 || (index !== budgetsAt && index !== budgetsAt + 1));
  const dist = resolve(positional[0] ?? join(here, '..', 'web', 'dist'));
  process.exit(report({ dist, budgetsPath }));
}
