import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, api, expectNoHorizontalScroll, idToken, reviewShot, signIn } from './support.js';

// The Theme tab end to end: the demo admin rebrands the site and the public landing page follows.
// The theme is one document every journey shares, so this journey keeps what other journeys
// read (the name still contains 'Zion Events', the three default slides and their texts) and
// puts the stored theme back at the end.

/** The whole page, and what the screen shows at the top (where the sticky preview sits beside the form). */
async function shot(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await reviewShot(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await reviewShot(page, `${name}-top`, { fullPage: false });
}

/** A photo-like JPEG (noise barely compresses) of about 4.5MB: what a phone camera sends. */
const phonePhoto = () =>
  sharp({ create: { width: 2800, height: 1900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
const logoPng = () =>
  sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 29, g: 78, b: 137, alpha: 1 } } })
    .png()
    .toBuffer();

async function openThemeTab(page: Page) {
  await page.goto('/admin?tab=theme');
  await signIn(page, ADMIN);
  await expect(page.getByRole('textbox', { name: /Site name/ })).toBeVisible({ timeout: 20_000 });
}

/** The CSS value of a custom property on the landing page's root. */
const rootVar = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test.describe('admin: the Theme tab', () => {
  test('rebrands the site: new name, logo, slide photo and colours reach the landing page; the photo is served as WebP at the size that fits', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const token = await idToken();
    const { theme: original } = await api<{ theme: Record<string, unknown> }>('/theme');
    const stamp = Date.now().toString(36);
    const siteName = `Zion Events Kolob Friends ${stamp}`;
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(photo.length).toBeLessThanOrEqual(5 * 1024 * 1024);

    try {
      await openThemeTab(page);
      await page.getByRole('textbox', { name: /Site name/ }).fill(siteName);

      // The logo and a phone photo for the first slide, uploaded through the site's own /api/upload;
      // the preview (built from the unsaved form) then shows the stored WebP copies.
      const preview = page.getByTestId('theme-preview');
      await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
      await expect(preview.locator('img.navbar-logo')).toHaveAttribute('src', /\/uploads\/[0-9a-f]{24}-256\.webp$/, { timeout: 30_000 });
      await page.getByLabel('Slide 1 image', { exact: true }).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(preview.locator('[data-slide-id="slide1"] img.hero-image')).toHaveAttribute('src', /\/uploads\/[0-9a-f]{24}-1600\.webp$/, { timeout: 60_000 });

      // Slides: a fourth can be added and removed again; the limits speak up.
      await page.getByRole('button', { name: 'Add slide' }).click();
      await expect(page.getByText('4 of 5 slides')).toBeVisible();
      await page.getByRole('button', { name: 'Remove slide 4' }).click();
      await expect(page.getByText('3 of 5 slides')).toBeVisible();

      // Colours: a navbar text too close to the navbar colour is flagged; a readable one is not.
      const navbarText = page.getByRole('textbox', { name: 'Navbar text colour', exact: true });
      await page.getByRole('textbox', { name: 'Navbar colour', exact: true }).fill('#1d3557');
      await navbarText.fill('#2a4a70');
      await expect(page.getByText(/Low contrast: navbar text on navbar is 1\.\d:1/)).toBeVisible();
      await navbarText.fill('#f1faee');
      await expect(page.getByText(/Low contrast: navbar text on navbar/)).toHaveCount(0);
      await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#1d4e89');

      // Issue 27 item 3: the header image, text and subtext are the band under the slider.
      const headerText = `Walk the Narrows with us ${stamp}`;
      await page.getByLabel('Header image', { exact: true }).setInputFiles({ name: 'band.png', mimeType: 'image/png', buffer: await logoPng() });
      await expect(preview.locator('img.header-band-image')).toHaveAttribute('src', /\/uploads\/[0-9a-f]{24}-\d+\.webp$/, { timeout: 30_000 });
      await page.getByRole('textbox', { name: 'Header text', exact: true }).fill(headerText);
      await page.getByRole('textbox', { name: 'Header subtext', exact: true }).fill('Guided walks, free, every Saturday');
      await expect(preview.locator('.header-band h2')).toHaveText(headerText);
      await expect(preview.locator('.header-band p')).toHaveText('Guided walks, free, every Saturday');

      // The preview shows the unsaved theme.
      await expect(preview.locator('.navbar-name')).toHaveText(siteName);
      await expect(preview.locator('.navbar')).toHaveCSS('background-color', 'rgb(29, 53, 87)');
      await shot(page, 'theme-tab');

      await page.getByRole('button', { name: 'Save Theme' }).click();
      const saved = page.getByText('Theme saved successfully!');
      await expect(saved).toBeVisible();
      // SPEC §9: the message clears after 3 s.
      await expect(saved).toBeHidden({ timeout: 6_000 });

      // A visitor's landing page.
      const visitor = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      await visitor.goto('/');
      const nav = visitor.getByRole('navigation').first();
      await expect(nav).toContainText(siteName);
      await expect(visitor).toHaveTitle(siteName);
      await expect(nav.locator('img.navbar-logo')).toHaveAttribute('src', /\/uploads\/[0-9a-f]{24}-256\.webp$/);
      expect(await rootVar(visitor, '--color-navbar')).toBe('#1d3557');
      expect(await rootVar(visitor, '--color-primary')).toBe('#1d4e89');
      await expect(visitor.locator('.navbar')).toHaveCSS('background-color', 'rgb(29, 53, 87)');

      const band = visitor.getByRole('region', { name: 'Welcome' });
      await expect(band.getByRole('heading', { level: 2 })).toHaveText(headerText);
      await expect(band).toContainText('Guided walks, free, every Saturday');
      await expect(band.locator('img.header-band-image')).toHaveAttribute('src', /\/uploads\/[0-9a-f]{24}-\d+\.webp$/);

      const slide = visitor.locator('[data-slide-id="slide1"] img.hero-image');
      await expect(slide).toHaveAttribute('src', /-1600\.webp$/);
      const srcset = (await slide.getAttribute('srcset')) ?? '';
      const candidates = srcset.split(',').map((c) => c.trim().split(' '));
      expect(candidates.map(([, w]) => w)).toEqual(['480w', '960w', '1600w']);
      for (const [url] of candidates) {
        const response = await visitor.request.get(url);
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toContain('image/webp');
        expect((await response.body()).length).toBeLessThan(photo.length);
      }
      await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-1600\.webp$/);
      await visitor.close();
    } finally {
      await api('/theme', { method: 'PUT', token, body: JSON.stringify(original) });
    }
  });

  test('the tab and its preview on a phone; the landing page gives a phone the 480px copy of an uploaded photo @phone', async ({ page }) => {
    test.setTimeout(90_000);
    await openThemeTab(page);
    await expect(page.getByTestId('theme-preview').locator('.navbar')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, 'theme-tab-readonly');
    if (page.viewportSize()!.width < 1100) {
      // On a phone the preview comes after the whole form; the save bar links to it.
      await page.getByRole('link', { name: 'See preview' }).click();
      await expect(page.getByTestId('theme-preview').locator('.navbar')).toBeInViewport();
    }

    // A real upload (it changes no theme), shown by a landing page whose theme names it as slide 1.
    const token = await idToken();
    const uploaded = await api<{ imageUrl: string }>('/upload', {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'slide1', imageData: (await phonePhoto()).toString('base64'), fileName: 'IMG_2042.jpg', mimeType: 'image/jpeg' }),
    });
    const { theme } = await api<{ theme: { sliderImages: Record<string, string> } }>('/theme');
    await page.route('**/api/theme', (route) => route.fulfill({ json: { success: true, theme: { ...theme, sliderImages: { ...theme.sliderImages, slide1: uploaded.imageUrl } } } }));
    await page.goto('/');
    const slide = page.locator('[data-slide-id="slide1"] img.hero-image');
    const width = page.viewportSize()!.width;
    const expected = width <= 480 ? 480 : width <= 960 ? 960 : 1600;
    await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`-${expected}\\.webp$`));
    await expectNoHorizontalScroll(page);
  });
});
