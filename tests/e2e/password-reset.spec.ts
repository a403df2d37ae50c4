// Issue 27 item 1: a staff member who forgot their password gets back in from the door's sign-in.
import { expect, test } from '@playwright/test';
import { idToken } from './support.js';
import { uniqueEmail } from './mail.js';

/** A new account in the Auth emulator (as a staff member's, made by an invitation). */
async function newAccount(email: string, password: string) {
  const response = await fetch('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

test("'Forgot password?' on the door's sign-in: the link from the mailbox sets a new password, which signs in; the old one no longer does @phone", async ({ page }) => {
  const email = uniqueEmail('forgot');
  await newAccount(email, 'old-pass-1');

  await page.goto('/checkin');
  await expect(page.getByRole('heading', { name: 'Door check-in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: "If an account exists for that address, we've sent a link" })).toBeVisible();

  // The same answer for an address with no account.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: "If an account exists for that address, we've sent a link" })).toBeVisible();

  // The e-mail, as the local mailbox keeps Firebase Auth's: its link opens the site's page.
  await page.goto(`/api/mailbox?to=${encodeURIComponent(email)}`);
  const resetLink = page.getByRole('region', { name: 'Sent by Firebase Auth' }).getByRole('link', { name: 'Reset your password' });
  await expect(resetLink).toHaveAttribute('href', /\/admin\?mode=resetPassword&/);
  await resetLink.click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-pass-1');
  await page.getByLabel('Confirm new password').fill('new-pass-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The two passwords do not match' })).toBeVisible();
  await page.getByLabel('Confirm new password').fill('new-pass-1');
  await page.getByRole('button', { name: 'Save new password' }).click();

  // Back at the door's sign-in, which says what happened; the code is gone from the address.
  await expect(page).toHaveURL(/\/checkin$/);
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('old-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password').fill('new-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Door check-in' })).toBeHidden();
  expect(await idToken({ email, password: 'new-pass-1' })).toBeTruthy();

  // The link is used: it leaves the mailbox (the emulator forgets used codes).
  await page.goto(`/api/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole('region', { name: 'Sent by Firebase Auth' }).getByRole('link', { name: 'Reset your password' })).toHaveCount(0);
});
