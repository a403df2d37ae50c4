import { expect, test, type Page } from '@playwright/test';
import { ADMIN, expectNoHorizontalScroll, reviewShot, signIn } from './support.js';
import { adminNames, logoPng, SEEDED_SPONSORS, sponsorItem, stripNames as knownStripNames, whileSponsorsAreMine } from './sponsors.js';

const SEEDED = SEEDED_SPONSORS;

const shot = (page: Page, name: string) => reviewShot(page, `sponsors-${name}`);

test.describe('admin: sponsors', () => {
  test('adds a sponsor with a logo, the strip shows it; moves it up; deletes it after confirming and the strip no longer shows it', async ({ page, browser }) => {
    test.setTimeout(240_000);
    // The list must not change under this journey (see whileSponsorsAreMine).
    await whileSponsorsAreMine(async () => {
      const name = `Zion Coffee ${Date.now().toString(36)}`;
      const visitor = await browser.newPage();
      // Only the seeded sponsors and this one: sponsors-edit.spec.ts may add its own meanwhile.
      const known = [...SEEDED, name];
      const stripNames = (p: Page) => knownStripNames(p, known);

      await page.goto('/admin?tab=sponsors');
      await signIn(page, ADMIN);
      await expect(page.getByRole('heading', { name: 'Sponsors', level: 2 })).toBeVisible();
      for (const seeded of SEEDED) await expect(sponsorItem(page, seeded)).toBeVisible();

      // Both are needed; nothing is sent without them.
      await page.getByRole('button', { name: 'Add Sponsor' }).click();
      await expect(page.getByText('Please provide both sponsor name and logo')).toHaveCount(2);

      await page.getByLabel('Sponsor name').fill(name);
      await page.getByLabel(/^Logo/).setInputFiles({ name: 'zion-coffee.png', mimeType: 'image/png', buffer: await logoPng('Coffee') });
      await expect(page.getByRole('img', { name: 'Chosen logo preview' })).toBeVisible();
      await expect(page.getByText('recommended 150x80px, under 100KB')).toBeVisible();
      await shot(page, 'tab-form');
      await page.getByRole('button', { name: 'Add Sponsor' }).click();
      await expect(page.locator('.ui-toast').filter({ hasText: `Sponsor added (${name})` })).toBeVisible();

      // It is last, with its logo re-encoded as WebP, sized for the strip.
      const item = sponsorItem(page, name);
      await expect(item).toBeVisible();
      const logo = item.getByRole('img', { name: `${name} logo` });
      await expect(logo).toHaveAttribute('src', /\.webp$/);
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480);
      await expect(page.getByLabel('Sponsor name')).toHaveValue('');
      await shot(page, 'tab-list');

      // A fresh load of the landing page shows it at once (no cached list).
      expect(await stripNames(visitor)).toEqual([...SEEDED, name]);
      await expect(visitor.locator('.sponsors-list').first().getByRole('img', { name })).toHaveAttribute('src', /\.webp$/);

      // Moved up one place: the tab and the strip follow.
      await item.getByRole('button', { name: `Move ${name} up` }).click();
      await expect.poll(() => adminNames(page, known)).toEqual([...SEEDED.slice(0, 2), name, SEEDED[2]]);
      await expect(item.getByRole('button', { name: `Move ${name} up` })).toBeFocused();
      await expect.poll(() => stripNames(visitor)).toEqual([...SEEDED.slice(0, 2), name, SEEDED[2]]);
      // Still after a reload of the tab: the order was stored.
      await page.reload();
      await expect(sponsorItem(page, name)).toBeVisible();
      await expect.poll(() => adminNames(page, known)).toEqual([...SEEDED.slice(0, 2), name, SEEDED[2]]);

      // Delete asks first; Cancel keeps it.
      await sponsorItem(page, name).getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Delete "${name}"?` });
      await expect(dialog).toBeVisible();
      await shot(page, 'tab-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(sponsorItem(page, name)).toBeVisible();

      await sponsorItem(page, name).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page.locator('.ui-toast').filter({ hasText: `Sponsor deleted (${name})` })).toBeVisible();
      await expect(sponsorItem(page, name)).toHaveCount(0);
      expect(await stripNames(visitor)).toEqual(SEEDED);
      await visitor.close();
    });
  });

  test('the tab works at phone width: a logo over 5MB is refused before sending @phone', async ({ page }) => {
    await page.goto('/admin?tab=sponsors');
    await signIn(page, ADMIN);
    for (const seeded of SEEDED) await expect(sponsorItem(page, seeded)).toBeVisible();
    await expect(sponsorItem(page, SEEDED[0]).getByRole('img', { name: `${SEEDED[0]} logo` })).toBeVisible();

    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/sponsors')) posted = true;
    });
    await page.getByLabel('Sponsor name').fill('Too Big Ltd');
    await page.getByLabel(/^Logo/).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(page.getByRole('alert')).toHaveText('File too large. Maximum size is 5MB.');
    await page.getByRole('button', { name: 'Add Sponsor' }).click();
    await expect(page.getByText('Please provide both sponsor name and logo')).toBeVisible();
    expect(posted).toBe(false);

    await expectNoHorizontalScroll(page);
    await shot(page, 'tab');
  });
});
