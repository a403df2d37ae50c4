import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { API, api, idToken, reviewShot } from './support.js';

const FALLBACK_IMAGE = '/images/fallback-landscape.svg';

/*
 * Issue 13: each public page reserves its final layout while it loads (CLS 0), and the landing
 * page lists the next events a page at a time. The API answers half a second late here, as on a
 * weak signal near the canyon, so every loading state is on screen long enough to be measured.
 */

const PERF_EVENTS = 40;

/** Sums the page's layout shifts not caused by input, as Lighthouse's CLS does, from the first paint on. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName)));
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShifts(page: Page) {
  return page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
}

/**
 * Opens `path` with the API half a second late, waits for `ready` and for the page to settle, and
 * expects no layout shift: on a first visit (the page waits for the theme) and again on a returning
 * one (the theme kept on the device shows the page at once, its data arriving later).
 */
async function expectNoLayoutShift(page: Page, path: string, ready: (page: Page) => Locator, shot: string) {
  await watchLayoutShifts(page);
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  for (const visit of ['first', 'returning']) {
    await page.goto(path);
    await expect(ready(page)).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    // Lazy chunks and images that arrived last get a moment to lay out.
    await page.waitForTimeout(700);
    const shifts = await layoutShifts(page);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    await reviewShot(page, `${shot}-${visit}`, { fullPage: false });
    expect(total, `layout shifts on ${path}, ${visit} visit: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
  }
}

test.describe('performance', () => {
  test.beforeAll(async () => {
    // The landing page's list needs 40+ upcoming events; these come after every other journey's
    // events (dated from 2031 on), so no other journey finds its own event pushed to a later page.
    // Each project (phone, desktop) runs this, maybe at the same time: the custom URL makes each
    // event once, and the second attempt is refused (409) and ignored.
    const token = await idToken();
    for (let i = 0; i < PERF_EVENTS; i++) {
      const number = String(i + 1).padStart(2, '0');
      const date = new Date(Date.UTC(2031, 0, 1 + i, 16)).toISOString().slice(0, 16);
      const body = { title: `Canyon walk ${number}`, date, location: 'Zion Canyon', customUrl: `canyon-walk-${number}` };
      const response = await fetch(`${API}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect([201, 409], await response.text()).toContain(response.status);
    }
  });

  test('the landing page does not move while it loads @phone', async ({ page }) => {
    await expectNoLayoutShift(page, '/', (p) => p.locator('#events article').first(), 'landing');
  });

  test('a paid event page does not move while it loads @phone', async ({ page }) => {
    await expectNoLayoutShift(page, '/condor-dinner', (p) => p.getByRole('button', { name: /Buy|Continue|Register/ }).last(), 'event');
  });

  test('the ticket page does not move while it loads @phone', async ({ page }) => {
    const { events } = await api<{ events: { id: string; customUrl: string }[] }>('/events');
    const stargazing = events.find((event) => event.customUrl === 'stargazing')!;
    const { rsvpId } = await api<{ rsvpId: string }>(`/events/${stargazing.id}/rsvp`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Layout Tester', email: uniqueEmail('layout') }),
    });
    await expectNoLayoutShift(page, `/checkin/${rsvpId}`, (p) => p.getByText('Layout Tester'), 'ticket');
  });

  test('the admin login does not move while it loads @phone', async ({ page }) => {
    await expectNoLayoutShift(page, '/admin', (p) => p.getByRole('button', { name: 'Sign In' }), 'admin-login');
  });

  test('the page shows Loading... before its script runs, and the theme is asked once, by the HTML, while the script downloads @phone', async ({ page }) => {
    const themeRequests: string[] = [];
    const preloadWarnings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/theme') themeRequests.push(request.resourceType());
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
    });
    // Hold the page's script and stylesheets back: what shows meanwhile is the HTML's own, styled
    // by its inline stylesheet (the spinner in the default primary colour, centred on the cream).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    for (const pattern of ['**/assets/index-*.js', '**/assets/*.css']) {
      await page.route(pattern, async (route) => {
        await held;
        await route.continue();
      });
    }
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Loading...');
    await expect(page.locator('.page-loading .spinner')).toHaveCSS('border-top-color', 'rgb(161, 71, 23)');
    await expect(page.locator('.page-loading')).toHaveCSS('background-color', 'rgb(250, 246, 239)');
    await expect.poll(() => themeRequests.length).toBe(1);
    release();
    await expect(page.locator('#events article').first()).toBeVisible();
    // Chrome says so in the console when a preload goes unused (checked a few seconds after load),
    // or when the page's own request could not take it and asked again.
    await page.waitForTimeout(4_000);
    expect(preloadWarnings).toEqual([]);
    expect(themeRequests).toHaveLength(1);
  });

  test("the first paint never waits for the app's script: it is fetched from the start and runs once 'Loading...' is shown @phone", async ({ page }) => {
    // When the boot script adds the app's script to the page.
    await page.addInitScript(() => {
      const added: number[] = [];
      (window as unknown as { __appScript: number[] }).__appScript = added;
      new MutationObserver(() => {
        if (added.length === 0 && document.querySelector('script[type="module"][src*="/assets/index-"]')) added.push(performance.now());
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.locator('#events article').first()).toBeVisible();
    const { added, shown, fetched } = await page.evaluate(() => ({
      added: (window as unknown as { __appScript: number[] }).__appScript[0],
      // The first paint ('Loading...'), dated when it reached the screen.
      shown: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      fetched: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime,
    }));
    expect(shown, 'the browser reported the first paint').toBeDefined();
    expect(added, "the boot script added the app's script").toBeDefined();
    expect(fetched, "the app's script was fetched").toBeDefined();
    // Fetched from the HTML before it was run, and run only after the first paint was on screen.
    expect(fetched!).toBeLessThan(added!);
    expect(added!).toBeGreaterThanOrEqual(shown!);
  });

  /**
   * Opens `path` with the app's script held back, and checks that the page's own API calls were
   * asked meanwhile (by the boot script), then that once the page has rendered each was asked
   * exactly once: the app took the early replies instead of asking again.
   */
  async function expectDataAskedEarlyAndOnce(page: Page, path: string, calls: string[], rendered: (page: Page) => Locator) {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    await expect.poll(() => [...asked].sort()).toEqual([...calls].sort());
    release();
    await expect(rendered(page)).toBeVisible();
    await page.waitForTimeout(1_000);
    expect([...asked].sort()).toEqual([...calls].sort());
  }

  test("each public page's data is asked while the app's script downloads, and once; the landing page preloads its first slide @phone", async ({ browser }) => {
    // Several pages, each opened on a slow API: on a busy 2-core machine that is more than 30 s.
    test.setTimeout(90_000);
    const landing = await browser.newPage();
    // Every picture the hero's slides are given, from their first render on.
    await landing.addInitScript(() => {
      const given: string[] = [];
      (window as unknown as { __heroImages: string[] }).__heroImages = given;
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'attributes' && record.target instanceof Element && record.target.matches('.hero-image')) given.push(record.target.getAttribute('src') ?? '');
          for (const node of Array.from(record.addedNodes))
            if (node instanceof Element) for (const image of Array.from(node.querySelectorAll('.hero-image'))) given.push(image.getAttribute('src') ?? '');
        }
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });
    });
    const images: string[] = [];
    landing.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
    });
    await expectDataAskedEarlyAndOnce(landing, '/', ['/api/theme', '/api/events?limit=12', '/api/sponsors'], (p) => p.locator('#events article').first());
    const slide = await landing.locator('.hero-slide').first().locator('img').getAttribute('src');
    expect(await landing.locator('link[rel="preload"][as="image"]').getAttribute('href')).toBe(slide);
    expect(images.filter((image) => image === slide)).toHaveLength(1);
    // A first visit renders once, with the theme: the slides never show the defaults' stock picture first.
    const heroImages = await landing.evaluate(() => (window as unknown as { __heroImages: string[] }).__heroImages);
    expect(heroImages.length).toBeGreaterThan(0);
    expect(heroImages).not.toContain(FALLBACK_IMAGE);
    await landing.close();

    const event = await browser.newPage();
    const eventImages: string[] = [];
    event.on('request', (request) => {
      if (request.resourceType() === 'image') eventImages.push(new URL(request.url()).pathname);
    });
    await expectDataAskedEarlyAndOnce(event, '/condor-dinner', ['/api/theme', '/api/events/condor-dinner'], (p) => p.getByRole('heading', { level: 1 }));
    // The event's picture is asked for as soon as the event is in, once.
    const picture = await event.locator('.event-hero-image').getAttribute('src');
    expect(await event.locator('link[rel="preload"][as="image"]').getAttribute('href')).toBe(picture);
    expect(eventImages.filter((image) => image === picture)).toHaveLength(1);
    await event.close();

    const { events } = await api<{ events: { id: string; customUrl: string }[] }>('/events');
    const stargazing = events.find((candidate) => candidate.customUrl === 'stargazing')!;
    const { rsvpId } = await api<{ rsvpId: string }>(`/events/${stargazing.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Early Bird', email: uniqueEmail('early') }) });
    const ticket = await browser.newPage();
    await expectDataAskedEarlyAndOnce(ticket, `/checkin/${rsvpId}`, ['/api/theme', `/api/checkin/${rsvpId}?format=json`], (p) => p.getByText('Early Bird'));
    await ticket.close();
  });

  test("a page whose data came with it shows it straight after 'Loading...': no spinner of its own, no second 'Loading...' @phone", async ({ browser }) => {
    // Several pages, each opened on a slow API: on a busy 2-core machine that is more than 30 s.
    test.setTimeout(90_000);
    const { events } = await api<{ events: { id: string; customUrl: string }[] }>('/events');
    const stargazing = events.find((candidate) => candidate.customUrl === 'stargazing')!;
    const { rsvpId } = await api<{ rsvpId: string }>(`/events/${stargazing.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Straight Through', email: uniqueEmail('straight') }) });
    const pages: [string, string, (page: Page) => Locator][] = [
      ['/condor-dinner', '/api/events/condor-dinner', (p) => p.getByRole('heading', { level: 1 })],
      [`/checkin/${rsvpId}`, `/api/checkin/${rsvpId}`, (p) => p.getByText('Straight Through')],
      // The staff shell is a chunk of its own: in before the first render, it shows without a fallback.
      ['/admin', '/api/theme', (p) => p.getByRole('button', { name: 'Sign In' })],
    ];
    for (const [path, data, rendered] of pages) {
      const page = await browser.newPage();
      // Every 'Loading...'-like status the app inserts (the HTML's own, parsed before DOMContentLoaded, is not counted).
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __statuses: string[] }).__statuses = seen;
        document.addEventListener('DOMContentLoaded', () => {
          new MutationObserver((records) => {
            for (const record of records)
              for (const node of Array.from(record.addedNodes))
                if (node instanceof Element)
                  for (const element of [node, ...Array.from(node.querySelectorAll('*'))]) if (element.matches('.page-loading, [role="status"]')) seen.push(element.textContent ?? '');
          }).observe(document.body, { childList: true, subtree: true });
        });
      });
      // The app's script waits until the page's data is in, as on a phone, where it is the larger download.
      const dataIn = page.waitForResponse((response) => new URL(response.url()).pathname === data);
      await page.route('**/assets/index-*.js', async (route) => {
        await dataIn;
        await route.continue();
      });
      await page.goto(path);
      await expect(rendered(page)).toBeVisible();
      const statuses = await page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
      // The registration form below an event loads after the page has shown: its own spinner is expected.
      expect(statuses.filter((text) => text !== 'Loading registration form...'), path).toEqual([]);
      await page.close();
    }
  });

  test('what can wait is asked for only once the first screen is on screen: no byte of it competes with the page\'s main picture or text @phone', async ({ browser }) => {
    // Several pages, each opened on a slow API: on a busy 2-core machine that is more than 30 s.
    test.setTimeout(90_000);
    const { events } = await api<{ events: { id: string; customUrl: string }[] }>('/events');
    const stargazing = events.find((candidate) => candidate.customUrl === 'stargazing')!;
    const { rsvpId } = await api<{ rsvpId: string }>(`/events/${stargazing.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Wait Your Turn', email: uniqueEmail('wait') }) });
    // The theme's icon; the HTML asks for none of its own (index.html), the default one included.
    // It is asked for when the app names it in the head: a browser with tabs fetches it then, the
    // headless shell the journeys run in never does (the page's resources below include it named).
    const themeFavicon = /favicon\.svg$/;
    // Each page, what shows it is ready, and what it asks for that can wait.
    const eventPage: [(page: Page) => Locator, RegExp[]] = [(p) => p.getByRole('heading', { name: 'Registration', exact: true }), [themeFavicon, /\/assets\/RegistrationForm-[^/]+\.js$/]];
    const pages: [string, (page: Page) => Locator, RegExp[], string?][] = [
      ['/', (p) => p.locator('#events article').first(), [themeFavicon, /\/seed\/slide2\.svg$/, /\/assets\/ContactForm-[^/]+\.js$/]],
      ['/condor-dinner', ...eventPage],
      // The event comes after the app's first render, which shows 'Loading event...' first (a slow API).
      ['/condor-dinner', ...eventPage, '**/api/events/condor-dinner'],
      [`/checkin/${rsvpId}`, (p) => p.getByText('Wait Your Turn'), [themeFavicon]],
      // The sign-in library's configuration, its first request.
      ['/admin', (p) => p.getByRole('button', { name: 'Sign In' }), [themeFavicon, /\/__\/firebase\/init\.json$/]],
    ];
    for (const [path, ready, canWait, slowData] of pages) {
      const page = await browser.newPage();
      if (slowData)
        await page.route(slowData, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await route.continue();
        });
      // The page's Largest Contentful Paint, as the browser reports it (Lighthouse's LCP).
      await page.addInitScript(() => {
        const paints: number[] = [];
        (window as unknown as { __paints: number[] }).__paints = paints;
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => paints.push(entry.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
        // When the page names an icon (a link added, or its href set), on the resources' clock.
        const icons: { url: string; at: number }[] = [];
        (window as unknown as { __icons: typeof icons }).__icons = icons;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.type === 'attributes' ? [record.target] : Array.from(record.addedNodes))
              if (node instanceof HTMLLinkElement && node.relList.contains('icon') && node.href) icons.push({ url: node.href, at: performance.now() });
        }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
      });
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      const asked = () =>
        page.evaluate(() => [
          ...performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, at: entry.startTime })),
          ...(window as unknown as { __icons: { url: string; at: number }[] }).__icons,
        ]);
      await expect
        .poll(async () => {
          const urls = (await asked()).map(({ url }) => url);
          return canWait.filter((pattern) => !urls.some((url) => pattern.test(url))).map(String);
        }, { message: `${path}: what can wait is asked for in the end` })
        .toEqual([]);
      const paints = await page.evaluate(() => (window as unknown as { __paints: number[] }).__paints);
      expect(paints.length, `${path}: the browser reported its Largest Contentful Paint`).toBeGreaterThan(0);
      const shown = Math.max(...paints);
      // How the app's waits ended (afterFirstScreen's marks): the browser's report, or a fallback.
      const opened = await page.evaluate(() => performance.getEntriesByName('first-screen:report', 'mark').concat(performance.getEntriesByName('first-screen:frames', 'mark'), performance.getEntriesByName('first-screen:cap', 'mark')).map((mark) => ({ by: mark.name, at: mark.startTime })));
      const waiting = (await asked()).filter(({ url }) => canWait.some((pattern) => pattern.test(url)));
      // Nothing that can wait starts before a wait has ended.
      const first = Math.min(...opened.map(({ at }) => at));
      expect(waiting.filter(({ at }) => at < first), `${path}: asked before the app's wait for its first screen ended (${Math.round(first)} ms)`).toEqual([]);
      // And nothing before the page's first screen is on screen, unless a fallback let it go first: on a
      // busy machine the frames can reach the screen after the wait's grace or cap (afterFirstScreen).
      const early = waiting.filter(({ at }) => at < shown && !opened.some(({ by, at: end }) => by !== 'first-screen:report' && end <= at));
      expect(early, `${path}: asked before its first screen was on screen (${Math.round(shown)} ms; waits ended ${JSON.stringify(opened)})`).toEqual([]);
      await page.close();
    }
  });

  test('a returning visit whose theme is already in renders with it at once, not with the kept one first @phone', async ({ page }) => {
    // A theme kept from an earlier visit, under another name than the site's today.
    await page.addInitScript(() => {
      localStorage.setItem('theme', JSON.stringify({ siteName: 'Kept From Last Time' }));
      const names: string[] = [];
      (window as unknown as { __names: string[] }).__names = names;
      new MutationObserver(() => {
        const name = document.querySelector('.navbar-name')?.textContent;
        if (name && names[names.length - 1] !== name) names.push(name);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const themeIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/theme');
    await page.route('**/assets/index-*.js', async (route) => {
      await themeIn;
      await route.continue();
    });
    await page.goto('/condor-dinner');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // One name from the first render on: the site's own, never the kept one.
    const names = await page.evaluate(() => (window as unknown as { __names: string[] }).__names);
    expect(names).toHaveLength(1);
    expect(names[0]).not.toBe('Kept From Last Time');
  });

  test('the landing page lists 12 events, then the next 12 on Show more, in date order, to the last @phone', async ({ page }) => {
    const upcoming = async () => {
      const { events } = await api<{ events: { title: string; date: string; isActive: boolean }[] }>('/events');
      return events.filter((event) => event.isActive && Date.parse(event.date) >= Date.now()).map(({ title, date }) => `${date} ${title}`);
    };
    const before = await upcoming();
    expect(before.length).toBeGreaterThanOrEqual(PERF_EVENTS + 3);
    await page.goto('/');
    const cards = page.locator('#events article');
    await expect(cards).toHaveCount(12);
    const more = page.getByRole('button', { name: 'Show more' });
    await more.click();
    await expect(cards).toHaveCount(24);
    // The first new card is the 13th: it keeps the reader's place.
    // One page at a time: while a page loads the button is busy (and may be relabelled), so wait
    // for its cards before asking for the next, rather than reading a busy button as the end.
    // Other journeys running beside this one may add events meanwhile: the list is read to its
    // end rather than to a count taken at the start.
    let shown = 24;
    while (await more.isVisible()) {
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
      const now = await cards.count();
      expect(now - shown, 'one page at a time').toBeLessThanOrEqual(12);
      shown = now;
    }
    await expect(more).toHaveCount(0);
    const titles = await cards.locator('h3').allInnerTexts();
    // Other journeys beside this one add, move, archive or cancel events meanwhile (a run met one
    // gone between the start and the last page, another moved from next year to within the hour,
    // before the pages already read): every event upcoming at the same date before and after is listed.
    const after = await upcoming();
    expect(before.filter((event) => after.includes(event) && !titles.includes(event.slice(event.indexOf(' ') + 1)))).toEqual([]);
    const ours = titles.filter((title) => title.startsWith('Canyon walk '));
    expect(ours).toEqual(Array.from({ length: PERF_EVENTS }, (_, i) => `Canyon walk ${String(i + 1).padStart(2, '0')}`));
    expect(titles.slice(-PERF_EVENTS)).toEqual(ours);
  });

  test('Show more that fails says so and can be tried again', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('#events article');
    await expect(cards).toHaveCount(12);
    await page.route(/\/api\/events\?.*cursor=/, (route) => route.fulfill({ status: 500, json: { success: false, message: 'Database unavailable' } }));
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(page.locator('#events').getByRole('alert')).toHaveText('Database unavailable');
    await expect(cards).toHaveCount(12);
    await page.unroute(/\/api\/events\?.*cursor=/);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(cards).toHaveCount(24);
    await expect(page.locator('#events').getByRole('alert')).toHaveCount(0);
  });
});

test('source maps are not served to visitors, nor deployed', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const source = await (await request.get(script)).text();
    expect(source, script).not.toContain('sourceMappingURL');
    const map = await request.get(`${script}.map`);
    expect(map.status(), `${script}.map`).toBe(404);
    expect(await map.text()).not.toContain('"mappings"');
  }
  const hosting = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')).hosting as { ignore: string[] };
  expect(hosting.ignore).toContain('**/*.map');
});
