import { expect, test } from '@playwright/test';
import { VOLUNTEER_MESSAGES } from '../../functions/src/shared/volunteers-model.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { API } from './support.js';

/*
 * Issue 29, first slice, as a visitor lives it on a phone: the footer's Volunteer link opens the
 * page of the seeded restoration day's roles, the visitor signs up for a planting shift, opens the
 * link of the 'Volunteer confirmation' e-mail from the mailbox and cancels the shift there.
 */
test('open Volunteer from the footer, sign up for a shift, open the e-mailed link, cancel @phone', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('volunteer');

  await test.step('the footer leads to the Volunteer page, grouped by event', async () => {
    await page.goto('/');
    // As a visitor, who reads the page before reaching its foot: once the events list and the
    // contact form (a chunk of its own) are in. Clicked before, the footer could move down under
    // the click as they arrive, and the click land on the page above it (a loaded run met that).
    await expect(page.locator('#events article').first()).toBeVisible();
    await expect(page.locator('#contact form').getByRole('button', { name: 'Send Message' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Volunteer' }).click();
    await expect(page).toHaveURL(/\/volunteer$/);
    await expect(page.getByRole('heading', { level: 1, name: VOLUNTEER_MESSAGES.pageTitle })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Riverside Restoration Day' })).toBeVisible();
  });

  let shiftName = '';
  await test.step('a planting shift takes the sign-up, no account needed', async () => {
    const planting = page.getByRole('article', { name: 'Planting crew' });
    await expect(planting.getByText('Plant native cottonwoods', { exact: false })).toBeVisible();
    const open = planting.getByRole('listitem').filter({ has: page.getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }) }).first();
    shiftName = (await open.getAttribute('aria-label')) ?? '';
    // By its name from here on: once its form opens, its 'Sign up' button is gone.
    const shift = planting.getByRole('listitem', { name: shiftName, exact: true });
    const before = await shift.getByText(/^filled \d+ of 12$/).textContent();
    await shift.getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }).click();
    const form = shift.getByRole('form');
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Phone (optional)').fill('435 555 0100');
    await form.getByRole('button', { name: VOLUNTEER_MESSAGES.submitButton }).click();
    await expect(shift.getByText(VOLUNTEER_MESSAGES.signedUp)).toBeVisible();
    const filled = Number(/filled (\d+)/.exec(before ?? '')![1]);
    await expect(shift.getByText(`filled ${filled + 1} of 12`)).toBeVisible();
  });

  await test.step('the e-mail has the shift and opens the sign-up page', async () => {
    const mail = await waitForMail(email, /You are volunteering: Planting crew/);
    expect(mail.text).toContain('Grafton trailhead');
    await page.goto(`${API}/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: mail.subject }).click();
    await page.getByRole('link', { name: 'See or cancel my shift' }).click();
    await expect(page.getByRole('heading', { name: VOLUNTEER_MESSAGES.signupHeading })).toBeVisible();
    await expect(page.getByText('Planting crew')).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
  });

  await test.step('Cancel my shift asks first, then frees the place', async () => {
    await page.getByRole('button', { name: VOLUNTEER_MESSAGES.cancelButton }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: VOLUNTEER_MESSAGES.cancelButton }).click();
    await expect(page.getByText(VOLUNTEER_MESSAGES.cancelled)).toBeVisible();
    await page.getByRole('link', { name: VOLUNTEER_MESSAGES.backToVolunteer }).click();
    await expect(page.getByRole('listitem', { name: shiftName, exact: true }).getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton })).toBeVisible();
  });
});
