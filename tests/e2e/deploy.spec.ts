import { expect, test, type Page } from '@playwright/test';

/**
 * After a deploy, a visitor with a page from the build before must not be stranded: the
 * built site (served by the Hosting emulator with firebase.json's rules) answers a missing
 * asset with a 404 rather than index.html, never lets a browser keep index.html, caches the
 * content-hashed assets for good, and a page whose lazy chunk is gone reloads itself once.
 */
test.describe('deploys never strand a visitor', () => {
  test('a missing /assets file is a 404, never the site, and kept by no cache', async ({ request }) => {
    for (const path of ['/assets/missing-abc123.js', '/assets/missing-abc123.css', '/assets/nested/missing.js']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).not.toContain('<div id="root">');
      // Issue 23 item 11: it was `immutable` for a year, like the files that exist.
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
    }
  });

  test('the staff pages ask for their shell with the app (staff.html); the public pages never name it', async ({ request }) => {
    for (const path of ['/admin', '/admin?tab=events', '/checkin', '/admin-zfp-dashboard-2025']) {
      const response = await request.get(path);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
      const html = await response.text();
      expect(html, path).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/StaffShell-[\w-]+\.js">/);
      // Its stylesheet is fetched early but does not hold back the first paint.
      expect(html, path).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/StaffShell-[\w-]+\.css">/);
      expect(html, path).not.toMatch(/rel="stylesheet"[^>]*StaffShell/);
    }
    for (const path of ['/', '/condor-dinner', '/checkin/abc123', '/payment-success']) {
      expect(await (await request.get(path)).text(), path).not.toContain('StaffShell');
    }
  });

  test('a ticket page asks for its chunk with the app (ticket.html); other pages never name it', async ({ request }) => {
    for (const path of ['/checkin/abc123', '/checkin/abc123/']) {
      const response = await request.get(path);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
      expect(await response.text(), path).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/TicketPage-[\w-]+\.js">/);
    }
    for (const path of ['/', '/condor-dinner', '/checkin', '/admin', '/checkin/abc/def']) {
      expect(await (await request.get(path)).text(), path).not.toContain('TicketPage');
    }
  });

  test('index.html is revalidated on every visit; hashed assets are cached for a year, immutable', async ({ request }) => {
    for (const path of ['/', '/index.html', '/admin', '/condor-dinner', '/checkin/abc123']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }
    const html = await (await request.get('/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  });

  /**
   * Serves the staff area's chunk as a 404 (as after a deploy that replaced it) while `failing`
   * says so, and counts the page's document loads.
   */
  async function staleChunk(page: Page, failing: (documentLoads: number) => boolean) {
    const seen = { documentLoads: 0, refused: 0 };
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.documentLoads += 1;
    });
    await page.route('**/assets/StaffShell-*.js', (route) => {
      if (!failing(seen.documentLoads)) return route.continue();
      seen.refused += 1;
      return route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' });
    });
    return seen;
  }

  test('a page whose lazy chunk is gone reloads once and recovers', async ({ page }) => {
    const seen = await staleChunk(page, (documentLoads) => documentLoads === 1);
    await page.goto('/admin');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.documentLoads).toBe(2);
  });

  test('a chunk missing for good reloads once only, never in a loop', async ({ page }) => {
    const seen = await staleChunk(page, () => true);
    await page.goto('/admin');
    await expect.poll(() => seen.documentLoads).toBe(2);
    // Time for a second reload, were there one.
    await page.waitForTimeout(3_000);
    expect(seen.documentLoads).toBe(2);
    expect(seen.refused).toBeGreaterThanOrEqual(2);
  });
});
