import { expect, type Page } from '@playwright/test';

/* Issue 26: the steps of a family's order on the paid seed event, shared by the order specs. */

/** Fills the buyer and four attendees of two types on a paid event's form (General $45, Member $35; the seed's condor dinner by default). */
export async function orderFamily(page: Page, email: string, slug = 'condor-dinner') {
  await page.goto(`/${slug}#register`);
  const form = page.locator('#register');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Rosa Parks');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Number of tickets').selectOption('4');
  // The first ticket is the buyer's: her name is its placeholder.
  await expect(form.getByRole('textbox', { name: /Ticket 1: attendee name/ })).toHaveAttribute('placeholder', 'Rosa Parks');
  await form.getByRole('textbox', { name: /Ticket 2: attendee name/ }).fill('Raymond Parks');
  await form.getByRole('textbox', { name: /Ticket 3: attendee name/ }).fill('Ann Parks');
  await form.getByRole('textbox', { name: /Ticket 4: attendee name/ }).fill('Sam Parks');
  await form.getByLabel('Ticket 3: ticket type').selectOption({ label: 'Member — $35.00' });
  await form.getByLabel('Ticket 4: ticket type').selectOption({ label: 'Member — $35.00' });
  await expect(form.getByText('Total: $160.00 (4 tickets)')).toBeVisible();
  return form;
}

export async function payOrder(page: Page) {
  await page.locator('#register').getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('4 tickets, ordered by Rosa Parks')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $160.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
}

