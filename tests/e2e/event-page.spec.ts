import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll } from './support.js';

test.describe('event detail page', () => {
  test('free event by custom URL: breadcrumb, details, paragraphs, register section @phone', async ({ page }) => {
    await page.goto('/stargazing');
    const breadcrumb = page.getByRole('navigation', { name: /breadcrumb/i });
    await expect(breadcrumb).toContainText('Home');
    await expect(breadcrumb).toContainText('Events');
    await expect(breadcrumb).toContainText('Night Sky Stargazing at Kolob Terrace');
    await expect(page.getByRole('heading', { level: 1, name: 'Night Sky Stargazing at Kolob Terrace' })).toBeVisible();
    await expect(page.getByText('Kolob Terrace Road pullout, Virgin, UT').first()).toBeVisible();
    await expect(page.getByText(/^\d+ \/ 40 registered$/).first()).toBeVisible();
    const about = page.locator('section', { has: page.getByRole('heading', { name: 'About This Event' }) });
    await expect(about.locator('p')).toHaveCount(3);
    await expect(page.locator('#register')).toBeAttached();
    await expect(page.getByText('Ticket Pricing')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  });

  test('paid event shows the ticket pricing list and the from-price', async ({ page }) => {
    await page.goto('/event/condor-dinner');
    await expect(page.getByRole('heading', { level: 1, name: 'California Condor Talk & Dinner' })).toBeVisible();
    const pricing = page.locator('section', { has: page.getByRole('heading', { name: 'Ticket Pricing' }) });
    await expect(pricing).toContainText('General');
    await expect(pricing).toContainText('$45.00');
    await expect(pricing).toContainText('Member');
    await expect(pricing).toContainText('$35.00');
    await expect(pricing).toContainText('Student');
    await expect(pricing).toContainText('$20.00');
    await expect(page.getByText('From $20.00').first()).toBeVisible();
  });

  test('the date and time are shown in the organisation time zone', async ({ page, request }) => {
    const { event } = await (await request.get('/api/events/stargazing')).json();
    const expected = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', hour: 'numeric', minute: '2-digit' }).format(new Date(event.date));
    await page.goto('/stargazing');
    await expect(page.getByText(expected).first()).toBeVisible();
  });

  test('an event opened by id works too', async ({ page, request }) => {
    const { events } = await (await request.get('/api/events')).json();
    const restoration = events.find((event: { title: string }) => event.title === 'Riverside Restoration Day');
    await page.goto(`/${restoration.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Riverside Restoration Day' })).toBeVisible();
  });

  for (const path of ['/event/admin', '/event/checkin', '/event/payment-success', '/event/empty', '/event/admin-zfp-dashboard-2025', '/no-such-event', '/event/gala-that-does-not-exist']) {
    test(`${path} shows Event Not Found`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
      await expect(page.getByText("The event you're looking for doesn't exist.")).toBeVisible();
      await page.getByRole('link', { name: 'Return Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('an inactive event is not shown to visitors', async ({ page, request }) => {
    const token = await (async () => {
      const { idToken } = await import('./support.js');
      return idToken();
    })();
    const { events } = await (await request.get('/api/events?active=false', { headers: { authorization: `Bearer ${token}` } })).json();
    const gala = events.find((event: { title: string }) => event.title === 'Annual Conservation Gala');
    await page.goto(`/${gala.id}`);
    await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
  });

  test('a server failure shows Failed to load event details', async ({ page }) => {
    await page.route('**/api/events/stargazing', (route) => route.fulfill({ status: 500, json: { success: false, message: 'boom' } }));
    await page.goto('/stargazing');
    await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
    await expect(page.getByText('Failed to load event details')).toBeVisible();
  });
});

test.describe('other routes', () => {
  test('unknown nested paths show Page Not Found with Return Home', async ({ page }) => {
    await page.goto('/some/unknown/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('payment success page shows the payment id and links once the server confirms it', async ({ page }) => {
    await page.route('**/api/payments/confirm', (route) =>
      route.fulfill({
        json: { success: true, status: 'succeeded', paymentIntentId: 'pi_123abc', rsvpId: 't1', eventId: 'e1', ticketId: 't1' },
      }),
    );
    // Stripe's own redirect carries the client secret this way; the payment step passes it in the history state.
    await page.goto('/payment-success?payment_intent=pi_123abc&payment_intent_client_secret=pi_123abc_secret_x&eventId=condor-dinner');
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('pi_123abc')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'View Event' })).toHaveAttribute('href', '/condor-dinner');
    await expect(main.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'View Your Ticket' })).toHaveAttribute('href', '/checkin/t1');
  });

  test('a payment the provider does not know is never shown as successful', async ({ page }) => {
    await page.goto('/payment-success?payment_intent=pi_unknown&payment_intent_client_secret=pi_unknown_secret_x&eventId=condor-dinner');
    await expect(page.getByRole('heading', { name: 'Payment information not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toHaveCount(0);
  });

  test('a payment link without its client secret asks nothing of the server and says why', async ({ page }) => {
    let asked = false;
    await page.route('**/api/payments/confirm', (route) => {
      asked = true;
      return route.fulfill({ json: { success: true, status: 'succeeded', paymentIntentId: 'pi_123abc', rsvpId: 't1', eventId: 'e1', ticketId: 't1' } });
    });
    await page.goto('/payment-success?payment_intent=pi_123abc&eventId=condor-dinner');
    await expect(page.getByRole('heading', { name: 'Payment information not found' })).toBeVisible();
    await expect(page.getByText('This payment can only be checked in the browser that made it.', { exact: false })).toBeVisible();
    expect(asked).toBe(false);
  });

  test('payment success page without a payment says so', async ({ page }) => {
    await page.goto('/payment-success');
    await expect(page.getByText('Payment information not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
  });
});
