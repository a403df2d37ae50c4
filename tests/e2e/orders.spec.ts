import { expect, test } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { orderFamily, payOrder } from './orders-flow.js';

/*
 * Issue 26 items 1 and 2: a family buys four tickets of two types in one payment (the offline
 * gateway's test card) and the success page lists every ticket with its page.
 */

test('a family buys 4 tickets of two types in one payment and sees each ticket @phone', async ({ page }) => {
  await orderFamily(page, uniqueEmail('family'));
  await payOrder(page);
  // The receipt (issue 26 item 2): each type's quantity and amounts, and the total.
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt.getByRole('row', { name: /General 2 \$45\.00 \$90\.00/ })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Member 2 \$35\.00 \$70\.00/ })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Total \$160\.00/ })).toBeVisible();
  const list = page.getByRole('region', { name: 'Your tickets' });
  await expect(list.getByRole('link')).toHaveCount(4);
  await list.getByRole('link', { name: "View Ann Parks's ticket" }).click();
  await expect(page).toHaveURL(/\/checkin\/[A-Za-z0-9_-]+$/);
  // The URL changes before the ticket page's code has arrived (the order page stays drawn until
  // then, and names Ann Parks too): read her name and type from the ticket page's own section.
  const attendee = page.getByRole('region', { name: 'Attendee' });
  await expect(attendee).toContainText('Ann Parks');
  await expect(attendee).toContainText('Member');
});
