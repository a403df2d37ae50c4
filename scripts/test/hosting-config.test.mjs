// firebase.json's Hosting rules, read as Firebase Hosting and its emulator read
// them (RE2 regular expressions, first matching rewrite wins, every matching
// header rule applies). The end-to-end specs tests/e2e/headers.spec.ts and
// deploy.spec.ts check the same against the running Hosting emulator.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAFF_PAGE_SLUGS } from '../../functions/src/shared/constants.ts';
import { DOOR_SERVICE_WORKER } from '../../web/src/checkin/serviceWorker.ts';
import { ROUTES, STAFF_ROUTES } from '../../web/src/routes.ts';
import { builtAssets, deployConfig, IMMUTABLE_CACHE_CONTROL, withBuiltAssets } from '../lib/hosting-config.mjs';
import { localFirebaseConfig } from '../lib/stack.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const config = JSON.parse(readFileSync(`${ROOT}firebase.json`, 'utf8'));
const { rewrites, headers } = config.hosting;

/** A glob of firebase.json for the paths used here: `/x/**` is x and everything under it. */
function globMatches(glob, path) {
  if (glob === '**') return true;
  const prefix = glob.replace(/\/\*\*$/, '');
  return path === prefix || path.startsWith(`${prefix}/`);
}
const matches = (rule, path) => (rule.regex ? new RegExp(rule.regex, 'u').test(path) : globMatches(rule.source, path));
const rewriteFor = (path) => rewrites.find((rule) => matches(rule, path));
function headersFor(path, hostingHeaders = headers) {
  const out = {};
  for (const rule of hostingHeaders.filter((each) => matches(each, path))) for (const { key, value } of rule.headers) out[key] = value;
  return out;
}
function directives(policy) {
  return Object.fromEntries(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

// The pages of an e-mail's links (/confirm/{rsvpId}, /pay/{rsvpId}; issue 23) are public pages too.
const PAGES = ['/', '/index.html', '/checkin/abc/def', '/event/spring-walk', '/spring-walk', '/payment-success', '/confirm/uwtmBPK4hh-ZFdpOk4YvKQ', '/pay/uwtmBPK4hh-ZFdpOk4YvKQ', '/apiary', '/assets-day', '/a', '/admins', '/checkins', '/admin/x', '/no/such/page'];
// The staff pages get staff.html: the site plus its staff shell's chunk, fetched at once (web/vite.config.ts).
const STAFF_PAGES = STAFF_PAGE_SLUGS.flatMap((slug) => [`/${slug}`, `/${slug}/`]);

describe('firebase.json: which paths are pages', () => {
  it('every rule pattern is RE2 (no lookaround, which Hosting refuses)', () => {
    for (const rule of [...rewrites, ...headers]) if (rule.regex) expect(rule.regex).not.toMatch(/\(\?[=!<]/);
  });

  it.each(PAGES)('%s is a page: the site, with the page headers', (path) => {
    expect(rewriteFor(path)).toEqual(expect.objectContaining({ destination: '/index.html' }));
    expect(headersFor(path)).toMatchObject({ 'Cache-Control': 'no-cache', 'X-Frame-Options': 'DENY' });
  });

  it.each(STAFF_PAGES)('%s is a staff page: staff.html, with the page headers', (path) => {
    expect(rewriteFor(path)).toEqual(expect.objectContaining({ destination: '/staff.html' }));
    expect(headersFor(path)).toMatchObject({ 'Cache-Control': 'no-cache', 'X-Frame-Options': 'DENY' });
    expect(headersFor('/staff.html')).toMatchObject({ 'Cache-Control': 'no-cache', 'X-Frame-Options': 'DENY' });
  });

  // A ticket gets ticket.html: the site plus the ticket page's chunk, fetched at once (web/vite.config.ts).
  it.each(['/checkin/abc123', '/checkin/abc123/', '/checkin/uwtmBPK4hh-ZFdpOk4YvKQ'])('%s is a ticket: ticket.html, with the page headers', (path) => {
    expect(rewriteFor(path)).toEqual(expect.objectContaining({ destination: '/ticket.html' }));
    expect(headersFor(path)).toMatchObject({ 'Cache-Control': 'no-cache', 'X-Frame-Options': 'DENY' });
    expect(headersFor('/ticket.html')).toMatchObject({ 'Cache-Control': 'no-cache', 'X-Frame-Options': 'DENY' });
  });

  // Each of the site's routes (web/src/routes.ts), with its parameters filled in, gets the HTML it needs.
  it('every route of the site is served the HTML that fetches its chunk', () => {
    const address = (route) => route.replace(/:[^/]+/g, 'x1');
    const html = { staff: '/staff.html', ticket: '/ticket.html', site: '/index.html' };
    const want = (route) => (STAFF_ROUTES.includes(route) ? html.staff : route === ROUTES.ticket ? html.ticket : html.site);
    for (const route of Object.values(ROUTES)) expect(rewriteFor(address(route))?.destination, route).toBe(want(route));
  });

  it.each(['/api', '/api/theme', '/api/mailbox', '/api/mailbox/abc'])('%s goes to the api function, without the page headers', (path) => {
    expect(rewriteFor(path)).toEqual(expect.objectContaining({ function: expect.objectContaining({ functionId: 'api' }) }));
    const sent = headersFor(path);
    // The local mailbox sets its own policy and frames its own messages; Hosting would override them.
    expect(sent).not.toHaveProperty('Content-Security-Policy');
    expect(sent).not.toHaveProperty('X-Frame-Options');
    expect(sent).toMatchObject({ 'X-Content-Type-Options': 'nosniff' });
  });

  // A file of the build is served as it is (static content wins over rewrites); any other path under
  // /assets/ goes to the api function, which answers 404 `private, no-store`
  // (functions/test/api/cache-headers.test.ts), never to the site.
  it.each(['/assets/index-abc123.js', '/assets/missing-abc123.js', '/assets/nested/missing.js', '/assets'])('%s is never rewritten to the site: a missing asset is the api function’s 404', (path) => {
    expect(rewriteFor(path)).toEqual(expect.objectContaining({ function: expect.objectContaining({ functionId: 'api' }) }));
  });

  it('pages are revalidated every time', () => {
    expect(headersFor('/')['Cache-Control']).toBe('no-cache');
    expect(headersFor('/index.html')['Cache-Control']).toBe('no-cache');
  });
});

/*
 * Issue 23 item 11: a missing /assets/*.js was answered 404 with `immutable` for a year, since
 * Hosting applies a header rule to whatever the response is. firebase.json gives /assets/ no
 * Cache-Control; the configuration a build is deployed and served with names its files.
 */
describe('the year-long cache names the build’s files only', () => {
  const BUILD = ['index-abc123.js', 'StaffShell-Wy_-9z.css', 'qr-scanner.min-DE8yWE6A.js', 'nested/chunk-x1.js'];
  const built = withBuiltAssets(config, BUILD);
  const cacheOf = (path, hosting = built.hosting) => headersFor(path, hosting.headers)['Cache-Control'];

  it('each file of the build is cached for a year, immutable', () => {
    for (const file of BUILD) expect(cacheOf(`/assets/${file}`), file).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    '/assets/missing-abc123.js',
    '/assets/index-abc124.js',
    '/assets/index-abc123.js.map',
    '/assets/index-abc123.jsx',
    '/assets/xindex-abc123.js',
    // The dots are literal: no other character stands in for one.
    '/assets/index-abc123xjs',
    '/assets/qr-scanner-min-DE8yWE6A.js',
    '/assets/nested/chunk-x2.js',
    '/assets/',
    '/assets',
  ])('%s, no file of the build, gets no Cache-Control from Hosting (the function’s no-store stands)', (path) => {
    expect(cacheOf(path)).toBeUndefined();
  });

  it('firebase.json itself gives nothing under /assets/ a Cache-Control: a deploy without the build’s rule caches no 404', () => {
    for (const path of ['/assets/index-abc123.js', '/assets/missing-abc123.js', '/assets']) expect(cacheOf(path, config.hosting), path).toBeUndefined();
  });

  it('the rule is RE2 (no lookaround), first among the headers, and everything else is firebase.json’s', () => {
    const [rule, ...rest] = built.hosting.headers;
    expect(rule.regex).not.toMatch(/\(\?[=!<]/);
    expect(rest).toEqual(config.hosting.headers);
    expect({ ...built, hosting: { ...built.hosting, headers: null } }).toEqual({ ...config, hosting: { ...config.hosting, headers: null } });
    expect(withBuiltAssets(config, [])).toEqual(config);
  });

  it('the build’s files are every file under web/dist/assets, nested ones included', () => {
    const root = mkdtempSync(join(tmpdir(), 'hosting-config-'));
    try {
      expect(builtAssets(root)).toEqual([]);
      mkdirSync(join(root, 'web', 'dist', 'assets', 'nested'), { recursive: true });
      for (const file of ['index-abc.js', 'a.css', 'nested/b-1.js']) writeFileSync(join(root, 'web', 'dist', 'assets', file), '');
      writeFileSync(join(root, 'web', 'dist', 'index.html'), '');
      writeFileSync(join(root, 'firebase.json'), JSON.stringify(config));
      expect(builtAssets(root)).toEqual(['a.css', 'index-abc.js', 'nested/b-1.js']);
      expect(cacheOf('/assets/nested/b-1.js', deployConfig(root).hosting)).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(cacheOf('/assets/index.html', deployConfig(root).hosting)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('firebase.json: the page headers', () => {
  const page = headersFor('/admin');
  const csp = directives(page['Content-Security-Policy']);

  it('scripts from the site and the card provider only; frames from the card provider only', () => {
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  // Issue 23 item 7: a page's styles could send what they read to any https host. Images come
  // from the site, uploads from Cloud Storage (functions/src/files/cloud-storage.ts), and the card
  // provider's own; nothing else.
  it('images from the site, Cloud Storage and the card provider only; never any https host', () => {
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://firebasestorage.googleapis.com', 'https://*.stripe.com']);
    for (const directive of Object.values(csp)) expect(directive).not.toContain('https:');
  });

  it('no plugins, no <base> elsewhere, never framed', () => {
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(page['X-Frame-Options']).toBe('DENY');
  });

  it('connects to the site, Firebase Auth and the card provider; never to a local emulator', () => {
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.stripe.com',
    ]);
    expect(JSON.stringify(config.hosting)).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('the camera for the site itself only; the rest off; nosniff and the referrer policy kept', () => {
    expect(page['Permissions-Policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()');
    expect(page['X-Content-Type-Options']).toBe('nosniff');
    expect(page['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  // Issue 24 item 3: the door's service worker. A browser checks its script for a new version at
  // each visit only when no cache keeps it; the door page's policy must let the site's own worker run.
  it("the door's service worker is revalidated at every visit, even beside the build's year-long asset rule, and the door page may register it", () => {
    const path = `/${DOOR_SERVICE_WORKER}`;
    expect(rewriteFor(path)?.function).toBeUndefined();
    expect(headersFor(path)['Cache-Control']).toBe('no-cache');
    const deployed = withBuiltAssets(config, ['index-abc123.js', 'staff-def456.css']).hosting.headers;
    expect(headersFor(path, deployed)['Cache-Control']).toBe('no-cache');
    expect(directives(headersFor(ROUTES.checkin)['Content-Security-Policy'])['worker-src']).toContain("'self'");
  });
});

describe('the local Hosting emulator configuration', () => {
  const assets = ['index-abc123.js', 'staff-x9.css'];
  const local = localFirebaseConfig(ROOT, assets);
  const deployed = withBuiltAssets(config, assets);

  it('is the deployed configuration with the Auth emulator added to connect-src, nothing else', () => {
    const localCsp = directives(headersFor('/admin', local.hosting.headers)['Content-Security-Policy']);
    const csp = directives(headersFor('/admin')['Content-Security-Policy']);
    expect(localCsp['connect-src']).toEqual([...csp['connect-src'], 'http://127.0.0.1:9099', 'http://localhost:9099']);
    expect({ ...localCsp, 'connect-src': null }).toEqual({ ...csp, 'connect-src': null });
    const withoutPolicies = (hosting) => JSON.stringify(hosting, (key, value) => (key === 'value' && /connect-src/.test(value) ? null : value));
    expect(withoutPolicies(local.hosting)).toBe(withoutPolicies(deployed.hosting));
    expect({ ...local, hosting: null }).toEqual({ ...config, hosting: null });
  });

  it('caches the build’s files for a year and a missing asset not at all, as deployed', () => {
    expect(headersFor('/assets/index-abc123.js', local.hosting.headers)['Cache-Control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(headersFor('/assets/missing-abc123.js', local.hosting.headers)['Cache-Control']).toBeUndefined();
    // By default it names the files of the build in web/dist.
    expect(localFirebaseConfig(ROOT).hosting.headers[0]).toEqual(deployConfig(ROOT).hosting.headers[0]);
  });
});
