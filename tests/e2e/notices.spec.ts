import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, waitForMail } from './mail.js';
import { ADMIN, api, idToken, signIn } from './support.js';

/*
 * Issue 26 item 3, as the people involved see it: an admin cancels a paid ticket with a refund and
 * the attendee's mailbox shows the notice with the amount; an admin cancels an event and its page
 * says so.
 */

const toast = (page: Page, text: string | RegExp) => page.locator('.ui-toast').filter({ hasText: text });

/** A paid event (Adult $20) next year, created by the admin through the API. */
async function paidEvent(title: string, slug: string) {
  const date = `${new Date().getUTCFullYear() + 1}-06-12T19:00`;
  const { event } = await api<{ event: { id: string } }>('/events', {
    method: 'POST',
    token: await idToken(),
    body: JSON.stringify({ title, date, location: 'Zion Lodge', customUrl: slug, requiresPayment: true, ticketTypes: ['Adult'], ticketPrices: { Adult: 20 }, maxAttendees: 20 }),
  });
  return event;
}

/** A visitor registers through the event page and pays with the offline test card. */
async function registerAndPay(visitor: Page, slug: string, name: string, email: string) {
  await visitor.goto(`/${slug}#register`);
  const form = visitor.locator('#register');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiry (MM/YY)').fill('12/30');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByRole('button', { name: 'Pay $20.00' }).click();
  await expect(visitor.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
}

test.describe('attendees are told (issue 26 item 3)', () => {
  test('an admin cancels a paid ticket with a refund: the notice in the mailbox says $20.00; an admin cancels the event: its page says so', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const letters = stamp.replace(/[0-9]/g, (digit) => 'ABCDEFGHIJ'[Number(digit)]);
    const title = `Owl Prowl ${stamp}`;
    const slug = `owl-prowl-${stamp}`;
    await paidEvent(title, slug);
    const visitor = await page.context().newPage();
    const rita = { name: `Rita Notice ${letters}`, email: uniqueEmail('notice-refund') };
    const otto = { name: `Otto Notice ${letters}`, email: uniqueEmail('notice-event') };
    await registerAndPay(visitor, slug, rita.name, rita.email);
    await registerAndPay(visitor, slug, otto.name, otto.email);

    await test.step('the admin cancels and refunds one ticket; its holder reads the notice with the amount', async () => {
      await page.goto('/admin?tab=events');
      await signIn(page, ADMIN);
      await page.getByRole('listitem', { name: title, exact: true }).getByRole('button', { name: 'View RSVPs' }).click();
      await page.getByLabel('Search by name, e-mail or ticket ID').fill(rita.email);
      const row = page.getByRole('row', { name: new RegExp(rita.name) });
      // Every column, the actions too, in view on a laptop: the table does not scroll sideways.
      await expect(row.getByRole('button', { name: 'Cancel and refund' })).toBeVisible();
      expect(await page.locator('.rsvps-tab .ui-table-scroll').evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
      await row.getByRole('button', { name: 'Cancel and refund' }).click();
      await page.getByRole('alertdialog', { name: 'Cancel and refund $20.00?' }).getByRole('button', { name: 'Refund $20.00' }).click();
      await expect(row).toContainText('Refunded');

      const notice = await waitForMail(rita.email, /has been cancelled/);
      expect(notice.subject).toBe(`Your ticket for ${title} has been cancelled`);
      await visitor.goto(`/api/mailbox/${notice.id}`);
      // The money sentence as the reader sees it (the hidden preheader says it too).
      await expect(visitor.locator('p').filter({ hasText: 'A refund of $20.00 has been issued to the card you paid with' })).toBeVisible();
      // One notice, not a second for the provider's confirmation of the same refund.
      await expect(waitForMail(rita.email, /^Refund of/, 3_000)).rejects.toThrow();
    });

    await test.step('the admin cancels the event; its page says so and the other attendee is told of the refund', async () => {
      await page.getByRole('tab', { name: 'Events' }).click();
      const item = page.getByRole('listitem', { name: title, exact: true });
      await item.getByRole('button', { name: 'Cancel event' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Cancel "${title}"?` });
      await expect(dialog).toContainText('paid tickets refunded in full');
      await dialog.getByRole('button', { name: 'Cancel event' }).click();
      await expect(toast(page, 'Event cancelled: 1 ticket or hold cancelled, 1 refund queued, 1 attendee told.')).toBeVisible();
      await expect(item.getByText('Cancelled', { exact: true })).toBeVisible();

      const notice = await waitForMail(otto.email, /^Cancelled:/);
      expect(notice.text).toContain('A refund of $20.00 is on its way to the card you paid with');
      expect(notice.attachments.map((a) => a.filename)).toContain(`owl-prowl-${stamp}.ics`);

      await visitor.goto(`/${slug}`);
      await expect(visitor.getByRole('status').filter({ hasText: 'This event has been cancelled.' })).toBeVisible();
      await expect(visitor.locator('#register')).toHaveCount(0);
    });
  });
});
