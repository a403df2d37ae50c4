// What web/vite.config.ts writes into the site's HTML (issue 13): index.html preloads the theme
// from the API base the client is built with; staff.html (Hosting's page for /admin, the dashboard
// and /checkin) also fetches the staff shell's chunks and, without blocking the first paint, its
// stylesheet. A real build, with the API base set in an env file as a deployment would.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('../../web', import.meta.url));
let dir;
let read;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zion-site-html-'));
  writeFileSync(join(dir, '.env'), 'VITE_API_BASE=/v2\n');
  await build({ root: WEB, configFile: join(WEB, 'vite.config.ts'), mode: 'production', envDir: dir, logLevel: 'silent', build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
  read = (file) => readFileSync(join(dir, 'dist', file), 'utf8');
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the site's HTML", () => {
  it('preloads the theme from the API base the client is built with', () => {
    expect(read('index.html')).toContain('<link rel="preload" href="/v2/theme" as="fetch" crossorigin="anonymous">');
    // The client's base (api/paths.ts), as the minifier quotes it, in one of the scripts the page
    // starts with (checked as a boolean: the chunks are large).
    const initial = [...read('index.html').matchAll(/(?:src|href)="\/(assets\/[\w-]+\.js)"/g)].map((match) => match[1]);
    expect(initial.some((file) => /["'`]\/v2["'`]/.test(read(file))), 'the client is built with /v2').toBe(true);
  });

  it("runs the boot script first, its own chunk; the app's script is fetched from the start and run by the boot script", () => {
    const html = read('index.html');
    const scripts = [...html.matchAll(/<script type="module" crossorigin src="\/assets\/([\w-]+)\.js"><\/script>/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^boot-/);
    // Fetched from the start, beside the boot script; run once the first paint is shown (boot.ts, runAppScript).
    const app = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([\w-]+)\.js" data-app-script>/g)].map((match) => match[1]);
    expect(app).toHaveLength(1);
    expect(app[0]).toMatch(/^index-/);
    expect(html.indexOf(`/assets/${app[0]}.js`)).toBeGreaterThan(html.indexOf(`/assets/${scripts[0]}.js`));
    // The app imports it: one module instance, whose early replies the client takes.
    expect(read(`assets/${app[0]}.js`)).toContain(`./${scripts[0]}.js`);
  });

  it('asks for no icon of its own: the theme sets its icon once the first screen is shown', () => {
    for (const page of ['index.html', 'staff.html', 'ticket.html']) expect(read(page)).toContain('<link rel="icon" id="favicon" href="data:," />');
  });

  it('starts every page with three scripts: the boot chunk, the app and the bundler runtime, no small shared chunks', () => {
    const html = read('index.html');
    const initial = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="\/assets\/([\w-]+)\.js"/g)].map((match) => match[1].replace(/-[\w-]{8}$/, ''));
    expect([...new Set(initial)].sort()).toEqual(['boot', 'index', 'rolldown-runtime']);
    // What the boot chunk would have shared with the app (the theme's defaults) is in it, not beside it.
    expect(readdirSync(join(dir, 'dist/assets')).filter((file) => /^(?:constants|theme-model|cx)-/.test(file))).toEqual([]);
  });

  it('styles the first paint inline and blocks it on no stylesheet: the app\'s stylesheets are preloads the boot script applies', () => {
    const html = read('index.html');
    const inline = /<style>([^<]+)<\/style>/.exec(html)?.[1] ?? '';
    for (const rule of ['.page-loading{', '.spinner{', '--color-primary:#a14717', '@keyframes spin']) expect(inline).toContain(rule);
    expect(html).not.toContain('rel="stylesheet"');
    const css = readdirSync(join(dir, 'dist/assets')).filter((file) => /^(?:index|ui)-[\w-]+\.css$/.test(file));
    expect(css.length).toBeGreaterThan(0);
    for (const file of css) expect(html).toContain(`<link rel="preload" as="style" crossorigin href="/assets/${file}" data-app-style>`);
  });

  /**
   * `page` (staff.html, ticket.html) is index.html plus links that fetch, beside the app, the
   * chunks whose files `own` matches (scripts as modulepreloads, stylesheets as preloads that do
   * not block the first paint); index.html names none of them.
   */
  function expectPageHtml(page, own) {
    const html = read(page);
    const files = readdirSync(join(dir, 'dist/assets')).filter((file) => own.test(file));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      expect(html).toContain(file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="/assets/${file}">` : `<link rel="modulepreload" crossorigin href="/assets/${file}">`);
      expect(read('index.html')).not.toContain(file);
    }
    // The rest is index.html's, unchanged: the page only adds links fetching its code early.
    const index = read('index.html').split('\n');
    const added = html.split('\n').filter((line) => !index.includes(line));
    for (const line of added) expect(line).toMatch(/^ {4}<link rel="(?:modulepreload|preload" as="style)" crossorigin href="\/assets\/[\w.-]+">$/);
    expect(html.split('\n').filter((line) => !added.includes(line))).toEqual(index);
  }

  it("staff.html fetches the staff shell's chunks and its stylesheet beside the app; index.html names none of it", () => {
    expectPageHtml('staff.html', /^StaffShell-/);
  });

  it("ticket.html fetches the ticket page's chunk and its stylesheet beside the app; index.html names none of it", () => {
    // The page's chunk and the check-in folder's stylesheet it imports; a `checkin-*.js` chunk, when the
    // bundler makes one, is the door's (staff) code, which the ticket page does not load.
    expectPageHtml('ticket.html', /^(?:TicketPage-[\w-]+\.js|checkin-[\w-]+\.css)$/);
  });
});
