import { expect, test } from '@playwright/test';
import { STAFF, api, idToken, signIn } from './support.js';
import { doorEvent, doorStatus, register } from './door.js';

// Issue 24 items 8, 10, 11, 20: what the door and a ticket say, and where a phone shows it.

const status = doorStatus;

test.describe('door words', () => {
  test('signed out, /checkin is the door’s sign-in, and /admin keeps Admin Login @phone', async ({ page }) => {
    await page.goto('/checkin');
    await expect(page.getByRole('heading', { name: 'Door check-in' })).toBeVisible();
    await expect(page.getByText('Sign in with your staff account to check attendees in.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toHaveCount(0);
    await expect(page).toHaveTitle(/Door check-in/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByText('Please sign in to access the admin area')).toBeVisible();
  });

  test('a cancelled ticket’s page says it was cancelled, and when @phone', async ({ page }) => {
    const event = await doorEvent('Cancelled Night');
    const ticketId = await register(event.id, 'Cleo Cancelled');
    await api(`/rsvps/${ticketId}`, { method: 'DELETE', token: await idToken() });
    await page.goto(`/checkin/${ticketId}`);
    await expect(page.getByRole('heading', { name: 'Event Ticket' })).toBeVisible();
    await expect(page.locator('.ticket-badge')).toHaveText('Cancelled');
    await expect(page.getByRole('alert')).toHaveText(/^This ticket was cancelled, so it cannot be used for entry\. It was cancelled (just now|\d+ minutes? ago)\.$/);
    await expect(page.getByText('Cleo Cancelled')).toBeVisible();
    await expect(page.getByText('Present this screen to event staff for check-in')).toHaveCount(0);
    await expect(page.getByText('Ticket not found')).toHaveCount(0);
  });

  test('on a phone, a looked-up ticket comes into view; its check-in reads just now @phone', async ({ page }) => {
    const event = await doorEvent('Phone Night');
    const dana = await register(event.id, 'Dana Phone');
    await page.goto('/checkin');
    await signIn(page, STAFF);
    await page.getByLabel('Event', { exact: true }).selectOption(event.id);
    await expect(page.getByText('0 of 1 checked in')).toBeVisible();
    await page.getByLabel('Ticket ID').fill(dana);
    await page.getByRole('button', { name: 'Look Up Ticket' }).click();
    const info = page.locator('.checkin-ticket');
    await expect(info).toBeInViewport({ ratio: 0.5 });
    await info.getByRole('button', { name: 'Check In Now' }).click();
    await expect(status(page)).toHaveText('Checked in: Dana Phone');
    await expect(info.getByText(`Checked in just now by ${STAFF.email}`)).toBeVisible();
    await page.goto(`/checkin/${dana}`);
    await expect(page.locator('.ticket-badge')).toHaveText('Checked In');
    await expect(page.getByText(/^(just now|1 minute ago)$/)).toBeVisible();
  });
});
