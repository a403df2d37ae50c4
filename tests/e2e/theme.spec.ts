import { expect, test } from '@playwright/test';
import { landingEventCard, STARGAZING } from './support.js';

test.describe('theme applied to the site', () => {
  test('colours become CSS custom properties; name, logo and favicon are applied', async ({ page, request }) => {
    const { theme } = await (await request.get('/api/theme')).json();
    const custom = {
      ...theme,
      siteName: 'Friends of Kolob',
      primaryColor: '#123456',
      buttonColor: '#123456',
      logoImage: '/seed/logo.svg',
      favicon: '/seed/favicon.svg',
    };
    await page.route('**/api/theme', (route) => route.fulfill({ json: { success: true, theme: custom } }));
    await page.goto('/');
    await expect(page.getByRole('navigation').first()).toContainText('Friends of Kolob');
    await expect(page).toHaveTitle(/Friends of Kolob/);
    const primary = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return [...Array.from(style)].filter((name) => name.startsWith('--')).map((name) => style.getPropertyValue(name).trim());
    });
    expect(primary).toContain('#123456');
    await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', /favicon\.svg/);
    await expect(page.getByRole('navigation').first().locator('img')).toHaveAttribute('src', /logo\.svg/);
  });

  test('custom CSS is applied and cannot break out of its style element', async ({ page, request }) => {
    const { theme } = await (await request.get('/api/theme')).json();
    const hostile = { ...theme, customCSS: 'body { outline: 3px solid rgb(1, 2, 3); } </style><img src=x onerror="window.__pwned=1">' };
    await page.route('**/api/theme', (route) => route.fulfill({ json: { success: true, theme: hostile } }));
    await page.goto('/');
    await landingEventCard(page, STARGAZING);
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(1, 2, 3)');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('shows Loading... while the theme loads', async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/theme', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await landingEventCard(page, STARGAZING);
  });
});
