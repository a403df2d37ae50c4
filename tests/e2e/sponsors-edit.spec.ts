import { expect, test } from '@playwright/test';
import { ADMIN, expectNoHorizontalScroll, signIn } from './support.js';
import { logoPng, SEEDED_SPONSORS, sponsorItem, stripNames, whileSponsorsAreMine } from './sponsors.js';

const BAD_WEBSITE = 'The website must be a full http:// or https:// address, e.g. https://example.org';

// Issue 26 item 6: a sponsor is edited in place (name, website) and the public strip follows.
test.describe('admin: edit a sponsor', () => {
  test('adds a sponsor with a website, edits its name and website (a bad one refused first); the strip links the new name to the new website @phone', async ({ page, browser }, testInfo) => {
    test.setTimeout(240_000);
    await whileSponsorsAreMine(async () => {
      const stamp = `${testInfo.project.name}${Date.now().toString(36)}`;
      const name = `Trail Mix Co ${stamp}`;
      const renamed = `Trail Mix Cooperative ${stamp}`;
      const website = `https://trailmix-${stamp}.example.org/`;
      const newWebsite = `https://www.trailmix-coop-${stamp}.example.org/about`;
      const known = [...SEEDED_SPONSORS, name, renamed];
      const puts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && /\/api\/sponsors\/[^/]+$/.test(request.url())) puts.push(request.postData() ?? '');
      });

      await page.goto('/admin?tab=sponsors');
      await signIn(page, ADMIN);
      await expect(sponsorItem(page, SEEDED_SPONSORS[0])).toBeVisible();

      // Added with its website: the row shows it.
      await page.getByLabel('Sponsor name').fill(name);
      await page.getByLabel('Website').fill(website);
      await page.getByLabel(/^Logo/).setInputFiles({ name: 'trail-mix.png', mimeType: 'image/png', buffer: await logoPng('Trail') });
      await expect(page.getByRole('img', { name: 'Chosen logo preview' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Sponsor' }).click();
      await expect(page.locator('.ui-toast').filter({ hasText: `Sponsor added (${name})` })).toBeVisible();
      await expect(sponsorItem(page, name).getByRole('link', { name: website })).toHaveAttribute('href', website);

      // Edit: the focus goes into the dialog, on the name.
      const edit = sponsorItem(page, name).getByRole('button', { name: 'Edit' });
      await edit.click();
      const dialog = page.getByRole('dialog', { name: `Edit "${name}"` });
      await expect(dialog.getByLabel('Sponsor name')).toBeFocused();
      await expect(dialog.getByLabel('Website')).toHaveValue(website);

      // A website that is not http(s) is refused in the dialog; nothing is sent.
      await dialog.getByLabel('Sponsor name').fill(renamed);
      await dialog.getByLabel('Website').fill('ftp://trailmix.example.org');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(BAD_WEBSITE)).toBeVisible();
      await expect(dialog.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
      expect(puts).toEqual([]);
      if (testInfo.project.name === 'phone') await expectNoHorizontalScroll(page);

      await dialog.getByLabel('Website').fill(newWebsite);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('.ui-toast').filter({ hasText: `Sponsor saved (${renamed})` })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // Only the two fields changed were sent (no logo); the focus is back on the row's Edit button.
      expect(puts.map((body) => JSON.parse(body) as unknown)).toEqual([{ name: renamed, website: newWebsite }]);
      const row = sponsorItem(page, renamed);
      await expect(row.getByRole('button', { name: 'Edit' })).toBeFocused();
      await expect(row.getByRole('link', { name: newWebsite })).toHaveAttribute('href', newWebsite);
      // Its logo and its place are kept.
      await expect(row.getByRole('img', { name: `${renamed} logo` })).toHaveAttribute('src', /\.webp$/);

      // The public strip: the logo is a link named by the new name, to the new website.
      const visitor = await browser.newPage();
      await expect.poll(() => stripNames(visitor, known), { timeout: 45_000 }).toEqual([...SEEDED_SPONSORS, renamed]);
      const link = visitor.locator('.sponsors-list').first().getByRole('link', { name: renamed, exact: true });
      await expect(link).toHaveAttribute('href', newWebsite);
      await expect(link.locator('img')).toHaveAttribute('title', renamed);
      await visitor.close();

      // Escape closes the dialog without saving, the focus back on Edit.
      await row.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Edit' })).toBeFocused();

      // Leave the list as it was for the other journeys.
      await row.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(sponsorItem(page, renamed)).toHaveCount(0);
    });
  });
});
