// Issue 24, the public site: where a page starts (item 1), a full event (item 6), the navbar's Home
// (item 9), the theme's primary colour on the buttons (item 12), drawn feature icons (item 15) and
// the registered count after registering (item 18).
import { expect, test, type Page } from '@playwright/test';
import { api, idToken, landingEventCard, STARGAZING } from './support.js';
import { uniqueEmail } from './mail.js';

/** A new upcoming event, created as the admin; `title` is made unique per run. */
async function newEvent(title: string, body: Record<string, unknown>) {
  const unique = `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { event } = await api<{ event: { id: string } }>('/events', {
    method: 'POST',
    token: await idToken(),
    body: JSON.stringify({ title: unique, date: '2026-12-19T19:30', location: 'Kolob Canyons', confirmByEmail: false, ...body }),
  });
  return { id: event.id, title: unique };
}

const scrollTop = (page: Page) => page.evaluate(() => Math.round(scrollY));

test.describe('scroll position between pages (issue 24 item 1)', () => {
  test("'Learn More' far down the landing page opens the event at its top; back returns to the card @phone", async ({ page }) => {
    await page.goto('/');
    // The first page's last card, not a named one: other journeys add events meanwhile, and a named event can
    // move past the first page the landing page loads again on the way back.
    const learnMore = page.locator('#events article').last().getByRole('link', { name: /^Learn More about / });
    await learnMore.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollTop(page)).toBeGreaterThan(300);
    const before = await scrollTop(page);
    const title = ((await learnMore.getAttribute('aria-label')) ?? '').replace(/^Learn More about /, '');
    await learnMore.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // At once, not after an animation: the page moved in the same step that drew it (an animated
    // scroll could be cut short by the page growing, and stay where the landing page was).
    expect(await scrollTop(page)).toBe(0);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeInViewport();

    await page.goBack();
    await expect(learnMore).toBeVisible();
    await expect.poll(() => scrollTop(page)).toBe(before);
    await expect(learnMore).toBeInViewport();

    await page.goForward();
    await expect.poll(() => scrollTop(page)).toBe(0);
  });

  test("a '#register' link scrolls to the registration form @phone", async ({ page }) => {
    await page.goto('/');
    const card = await landingEventCard(page, STARGAZING);
    await card.getByRole('link', { name: `Register Now for ${STARGAZING}` }).click();
    const register = page.getByRole('heading', { name: 'Registration', exact: true });
    await expect(register).toBeInViewport();
    // The section starts at the top of the window, below the sticky navbar, or the page is scrolled as far as it goes.
    const atForm = () =>
      page.locator('#register').evaluate((section) => {
        const top = section.getBoundingClientRect().top;
        return (top > -4 && top < 150) || scrollY >= document.documentElement.scrollHeight - innerHeight - 2;
      });
    await expect.poll(atForm).toBe(true);
  });
});

test.describe('a full event (issue 24 item 6)', () => {
  test("full with a seat only held: 'Sold out' on its card and page, with when seats may free up @phone", async ({ page }) => {
    const event = await newEvent('Held Hike', { maxAttendees: 1, confirmByEmail: true });
    // Waits for its e-mailed link: a hold of 30 minutes.
    await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Holly Hold', email: uniqueEmail('held') }) });

    await page.goto('/');
    const card = await landingEventCard(page, event.title);
    await expect(card.getByText('Sold out', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: /Register Now|Buy Tickets/ })).toHaveCount(0);

    await card.getByRole('link', { name: `Learn More about ${event.title}` }).click();
    const header = page.locator('.event-hero');
    await expect(header.getByText('Sold out', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: /Register Now|Buy Tickets/ })).toHaveCount(0);
    await expect(header.getByText('Seats held for unpaid or unconfirmed registrations may free up within 30 minutes.')).toBeVisible();
  });

  test('full with confirmed seats: sold out, and no promise of seats freeing up', async ({ page }) => {
    const event = await newEvent('Full Hike', { maxAttendees: 1 });
    await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Fay Full', email: uniqueEmail('full') }) });
    await page.goto(`/event/${event.id}`);
    const header = page.locator('.event-hero');
    await expect(header.getByText('Sold out', { exact: true })).toBeVisible();
    await expect(header.getByText(/may free up/)).toHaveCount(0);
    await expect(page.getByText('1 / 1 registered')).toBeVisible();
  });
});

test("the navbar's Home opens the site's home page, in the same tab (issue 24 item 9) @phone", async ({ page, isMobile }) => {
  await page.goto('/stargazing');
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true });
  await expect(home).toHaveAttribute('href', '/');
  await expect(home).not.toHaveAttribute('target', /./);
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  expect(page.context().pages()).toHaveLength(1);
});

test("a new primary colour reaches the site's buttons (issue 24 item 12)", async ({ page }) => {
  const token = await idToken();
  const { theme } = await api<{ theme: Record<string, unknown> }>('/theme');
  try {
    // As the Theme tab sends it: every field as shown, the primary colour changed.
    await api('/theme', { method: 'PUT', token, body: JSON.stringify({ ...theme, primaryColor: '#1f6f8b' }) });
    await page.goto('/stargazing');
    const button = page.locator('.event-hero .btn-primary');
    await expect(button).toHaveCSS('background-color', 'rgb(31, 111, 139)');
    await expect(page.locator('.breadcrumb a').first()).toHaveCSS('color', 'rgb(31, 111, 139)');
  } finally {
    await api('/theme', { method: 'PUT', token, body: JSON.stringify(theme) });
  }
});

test("the About section's feature icons are drawn, not emoji text (issue 24 item 15) @phone", async ({ page }) => {
  await page.goto('/#about');
  const icons = page.locator('.about-feature-icon');
  await expect(icons).toHaveCount(3);
  for (const icon of await icons.all()) {
    await expect(icon.locator('svg')).toBeVisible();
    await expect(icon).toHaveText('');
  }
});

test("after registering, the event's count moves, and the landing card's (issue 24 item 18) @phone", async ({ page }) => {
  const event = await newEvent('Count Walk', { maxAttendees: 40 });
  await page.goto(`/event/${event.id}`);
  const hero = page.locator('.event-hero');
  await expect(hero.getByText('0 / 40 registered')).toBeVisible();
  const form = page.locator('#register');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Cora Count');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('count'));
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('You are registered!', { exact: false })).toBeVisible();
  await expect(hero.getByText('1 / 40 registered')).toBeVisible();

  await page.locator('.event-actions').getByRole('link', { name: 'Back to Events' }).click();
  const card = await landingEventCard(page, event.title);
  await expect(card.getByText('1 / 40 registered')).toBeVisible();
});
