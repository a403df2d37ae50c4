import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, signIn } from './support.js';

test.describe('staff shell', () => {
  test('staff move from check-in to the dashboard without signing in again, and see only their tabs', async ({ page }) => {
    await page.goto('/checkin');
    await signIn(page, STAFF);
    await expect(page.getByTitle('Signed in as')).toHaveText(STAFF.email);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
    await expect(page.getByText('Checking authentication...')).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveText(['RSVPs', 'Check-in', 'Volunteers']);
    await expect(page.getByLabel('Role: Staff')).toBeVisible();
  });

  test('a tab the role may not see falls back to its first tab', async ({ page }) => {
    await page.goto('/admin?tab=theme');
    await signIn(page, STAFF);
    await expect(page.getByRole('tab', { selected: true })).toHaveText('RSVPs');
  });

  test('admins keep the tab in the URL', async ({ page }) => {
    await page.goto('/admin?tab=sponsors');
    await signIn(page, ADMIN);
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Sponsors');
    await page.getByRole('tab', { name: 'Theme' }).click();
    await expect(page).toHaveURL(/[?&]tab=theme/);
    // End moves to the last tab, Activity (issue 28 item 5, after the spec's seven).
    await page.getByRole('tab', { name: 'Theme' }).press('End');
    await expect(page.getByRole('tab', { name: 'Activity' })).toBeFocused();
    await expect(page).toHaveURL(/[?&]tab=activity/);
  });

  test('the invitation link opens the invitation frame, not the login screen', async ({ page }) => {
    await page.goto('/admin?invite=some-token');
    await expect(page.getByRole('heading', { name: 'Admin Invitation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toHaveCount(0);
  });
});
