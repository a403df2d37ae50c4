import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, expectNoHorizontalScroll, signIn } from './support.js';

test.describe('login gate and dashboard frame', () => {
  test('the login screen has the product wording and disables Sign In until both fields are filled @phone', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByText('Please sign in to access the admin area')).toBeVisible();
    await expect(page.getByText('Having trouble? Contact the system administrator.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('placeholder', /.+/);
    await expect(page.getByLabel('Password')).toHaveAttribute('placeholder', /.+/);
    const button = page.getByRole('button', { name: 'Sign In' });
    await expect(button).toBeDisabled();
    await page.getByLabel('Email').fill(ADMIN.email);
    await expect(button).toBeDisabled();
    await page.getByLabel('Password').fill('x');
    await expect(button).toBeEnabled();
    await expectNoHorizontalScroll(page);
  });

  test('the login form shows before the dashboard code is asked for; starting to type fetches it (issue 13)', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      const name = /\/assets\/(StaffWorkspace|form)-[\w-]+\.js$/.exec(request.url())?.[1];
      if (name) chunks.push(name);
    });
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chunks, 'the workspace and the form library before anyone types').toEqual([]);
    await page.getByLabel('Email').focus();
    await expect.poll(() => chunks).toContain('StaffWorkspace');
    await signIn(page, ADMIN);
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
  });

  test('a wrong password shows the provider error and stays on the login screen', async ({ page }) => {
    await page.goto('/admin');
    await signIn(page, { email: ADMIN.email, password: 'wrong-password' });
    await expect(page.getByRole('alert')).toContainText(/password/i);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test('admin signs in, sees the dashboard header with their e-mail, and logs out', async ({ page }) => {
    await page.goto('/admin');
    await signIn(page, ADMIN);
    await expect(page.getByTitle('Signed in as')).toHaveText(ADMIN.email);
    for (const tab of ['Events', 'RSVPs', 'Theme', 'Email Templates', 'Sponsors', 'Check-in', 'Admin Users']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    await page.reload();
    await expect(page.getByTitle('Signed in as')).toHaveText(ADMIN.email);
    await page.getByRole('button', { name: /log ?out/i }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test('staff can sign in to the check-in screen', async ({ page }) => {
    await page.goto('/checkin');
    await expect(page.getByRole('heading', { name: 'Door check-in' })).toBeVisible();
    await signIn(page, STAFF);
    await expect(page.getByTitle('Signed in as')).toHaveText(STAFF.email);
  });

  test('the ticket page route exists publicly', async ({ page }) => {
    await page.goto('/checkin/some-ticket-id');
    await expect(page.getByRole('heading', { name: 'Event Ticket' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toHaveCount(0);
  });
});
