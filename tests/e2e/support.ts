import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIResponse, type Locator, type Page, type Route } from '@playwright/test';

export const SITE = process.env.SITE_URL || 'http://127.0.0.1:5000';
export const API = `${SITE}/api`;
export const ADMIN = { email: 'admin@example.org', password: 'zion-demo' };
export const STAFF = { email: 'staff@example.org', password: 'zion-demo' };

/** A real ID token from the Auth emulator, for setting up data through the API. */
export async function idToken(account = ADMIN): Promise<string> {
  const response = await fetch(
    'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...account, returnSecureToken: true }) },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

export async function api<T = Record<string, unknown>>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${API}${path}`, { ...init, headers });
  const body = (await response.json()) as T & { success?: boolean; message?: string };
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body.message}`);
  return body;
}

/**
 * `route.fetch()` for a route that rewrites a GET response, tried again once when the
 * connection was reset. Playwright's request reuses kept-alive connections to the Hosting
 * emulator, and one the server is just closing resets under load (CI saw `read ECONNRESET`);
 * a browser retries an idempotent request on such a connection by itself, so the test does too.
 */
export async function fetchForRoute(route: Route): Promise<APIResponse> {
  try {
    return await route.fetch();
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return route.fetch();
  }
}

/** The seeded event the journeys open from the landing page. */
export const STARGAZING = 'Night Sky Stargazing at Kolob Terrace';

/**
 * The landing page's card for an event, after opening further pages of the list ('Show more')
 * until it shows. The list starts with the next 12 events, and other journeys add events dated
 * before the seeded ones: a seeded event is not always on the first page.
 */
export async function landingEventCard(page: Page, title: string): Promise<Locator> {
  const events = page.locator('#events');
  const heading = page.getByRole('heading', { name: title });
  await expect(events.locator('article').first()).toBeVisible();
  const more = events.getByRole('button', { name: 'Show more' });
  const card = events.locator('article').filter({ has: heading });
  const loading = events.getByRole('button', { name: 'Loading...' });
  while (!(await card.isVisible())) {
    // The button reads 'Loading...' while a page arrives: wait for it before deciding the list has ended.
    await expect(loading).toHaveCount(0);
    if (!(await more.isVisible())) break;
    // Each click waits for the next page's cards to be drawn (a check right after the click could
    // still see the old page with no button and stop early on a busy machine).
    const shown = await events.locator('article').count();
    await more.click();
    await expect.poll(() => events.locator('article').count()).toBeGreaterThan(shown);
  }
  await expect(card).toBeVisible();
  return card;
}

/**
 * Opens every page of the landing page's event list ('Show more' until it is gone), each click
 * waiting for the next page's cards to be drawn: a check right after the click could still see
 * the button reading 'Loading...' and take it for the end of the list on a busy machine.
 */
export async function openWholeLandingList(page: Page): Promise<Locator> {
  const events = page.locator('#events');
  await expect(events.locator('article').first()).toBeVisible();
  const more = events.getByRole('button', { name: 'Show more' });
  const loading = events.getByRole('button', { name: 'Loading...' });
  for (;;) {
    await expect(loading).toHaveCount(0);
    if (!(await more.isVisible())) return events;
    const shown = await events.locator('article').count();
    await more.click();
    await expect.poll(() => events.locator('article').count()).toBeGreaterThan(shown);
  }
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The page is no wider than its viewport: nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Opens a page whose timers move only when the test moves them, so the hero
 * slider's 8 s auto-advance cannot change the slide under a slow assertion.
 */
export async function gotoWithPausedClock(page: Page, path: string) {
  await page.clock.install();
  // Pause a moment ahead of now (the page's clock starts at real time), before the page loads.
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto(path);
  // The app renders after the first paint (boot.ts: an animation frame, then a timer), which a
  // paused clock holds: let it pass. 200 ms of page time, far from the slider's 8 s.
  await page.clock.runFor(200);
}

/**
 * Under a paused clock, React reveals lazily loaded content (the contact form) only when its
 * Suspense throttle timer fires, and a page renders the part below its first screen only after
 * its first screen is on screen (AfterFirstScreen: its first pictures loaded and reported painted): step the clock a little at a time until the content shows. A
 * chunk that arrives late (a loaded CI machine) then still appears, and the slider's 8-second
 * timer is not reached (at most ~3 s of page time pass here).
 */
export async function expectVisibleUnderPausedClock(page: Page, locator: Locator) {
  await expect(async () => {
    await page.clock.runFor(100);
    await expect(locator).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules plus best practices) on the page as it is now
 * and fails on any serious or critical violation, listing each rule with the elements it found,
 * so a failure says what to fix. `exclude` takes CSS selectors of elements the site cannot fix
 * (each caller says why).
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`);
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n\n');
  // Soft: a journey goes on to its next page, so one run lists every page's violations; the test still fails.
  expect.soft(serious.map((violation) => violation.id), `axe found serious or critical violations on ${page.url()}:\n\n${report}`).toEqual([]);
}

/**
 * A picture of the page for a person to look at, written only when SCREENSHOT_DIR is set
 * (`SCREENSHOT_DIR=/tmp/shots npm run e2e -- …`): nothing asserts on it. A full-page capture
 * costs Chromium a second or more in software rendering, so `npm test` takes none (issue 27 item 5).
 * The file is `<name>-<viewport width>.png`; `locator` captures one element instead of the page.
 */
export async function reviewShot(page: Page, name: string, options: { fullPage?: boolean; locator?: Locator } = {}) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${page.viewportSize()?.width}.png`);
  if (options.locator) await options.locator.screenshot({ path });
  else await page.screenshot({ path, fullPage: options.fullPage ?? true });
}
