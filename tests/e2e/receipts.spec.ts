import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForMail } from './mail.js';
import { API } from './support.js';

/*
 * Issue 26 item 2: three tickets bought in one payment with the offline test card get ONE e-mail
 * with three QR codes and the receipt, and its 'Printable receipt' link opens the receipt page.
 */

test('3 tickets in one payment: one e-mail with 3 QR codes and the receipt, and the printable receipt from it', async ({ page }) => {
  const email = uniqueEmail('receipt');
  await page.goto('/condor-dinner#register');
  const form = page.locator('#register');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Rosa Parks');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Number of tickets').selectOption('3');
  await form.getByRole('textbox', { name: /Ticket 2: attendee name/ }).fill('Raymond Parks');
  await form.getByRole('textbox', { name: /Ticket 3: attendee name/ }).fill('Ann Parks');
  await form.getByLabel('Ticket 3: ticket type').selectOption({ label: 'Member — $35.00' });
  await expect(form.getByText('Total: $125.00 (3 tickets)')).toBeVisible();
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $125.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  // The success page's receipt names the card.
  await expect(page.getByRole('region', { name: 'Receipt' }).getByText(/with Visa ending in 4242/)).toBeVisible();

  const mail = await waitForMail(email, /Your 3 tickets/);
  expect(mail.attachments.filter((attachment) => attachment.contentType === 'image/png')).toHaveLength(3);
  expect(mail.text).toMatch(/General 2 \$45\.00 \$90\.00/);
  expect(mail.text).toMatch(/Member 1 \$35\.00 \$35\.00/);
  expect(mail.text).toMatch(/Total \$125\.00/);
  expect(mail.text).toContain('with Visa ending in 4242');
  // ONE e-mail to the buyer: nothing more arrives for the order.
  const list = (await (await fetch(`${API}/mailbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] };
  expect(list.messages).toHaveLength(1);

  // The local mailbox shows the e-mail with every QR code drawn.
  await page.goto(`${API}/mailbox/${mail.id}`);
  const codes = page.locator('img[alt^="QR code of the ticket of"]');
  await expect(codes).toHaveCount(3);
  for (const code of await codes.all()) {
    await expect(code).toBeVisible();
    await expect.poll(() => code.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }

  // The e-mail's 'Printable receipt' link opens the receipt (its key in the fragment).
  const href = await page.getByRole('link', { name: 'Printable receipt' }).getAttribute('href');
  const link = new URL(href!);
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Total \$125\.00/ })).toBeVisible();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  // The key left the address bar.
  expect(new URL(page.url()).hash).toBe('');

  // A wrong key: the not-found message, nothing of the order (a page load of its own, not a fragment change).
  await page.goto('/');
  await page.goto(`${link.pathname}#key=wrong`);
  await expect(page.getByText('This receipt was not found.', { exact: false })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
