import { expect, test, type Page } from '@playwright/test';
import { CHECKIN_MESSAGES } from '../../functions/src/shared/checkin-model.js';
import { SELF_SERVICE_MESSAGES } from '../../functions/src/shared/self-service-model.js';
import { doorEvent, doorStatus } from './door.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { ADMIN, API, STAFF, api, idToken, signIn } from './support.js';

/** Opens the e-mail with this subject in the local mailbox, then its 'Can't come? Cancel your ticket' link (the manage page, with its key). */
async function openManageLink(page: Page, email: string, subject: string) {
  await page.goto(`${API}/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: subject }).click();
  await page.getByRole('link', { name: 'Cancel your ticket' }).click();
  await expect(page.getByRole('heading', { name: "Can't come?" })).toBeVisible();
}

/*
 * Issue 25 item 4, as an attendee lives it: the ticket e-mail's 'Can't come?' link opens the
 * ticket, 'Cancel my ticket' (after a confirmation) cancels it, and the seat is free on the event page.
 */

test.describe("'Can't come?': the attendee cancels their own ticket", () => {
  test('a free ticket cancelled from the e-mail link frees its seat @phone', async ({ page }) => {
    test.setTimeout(90_000);
    const date = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
    const { event } = await api<{ event: { id: string; title: string } }>('/events', {
      method: 'POST',
      token: await idToken(),
      body: JSON.stringify({ title: `Canyon Wren Walk ${Date.now()}`, date, location: 'Zion Lodge', maxAttendees: 5, confirmByEmail: false }),
    });
    const email = uniqueEmail('cancel');
    await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Ada Lovelace', email }) });

    await test.step('the event page counts the seat', async () => {
      await page.goto(`/event/${event.id}`);
      await expect(page.getByText('1 / 5 registered')).toBeVisible();
    });

    await test.step("the ticket e-mail's 'Can't come?' link opens the ticket", async () => {
      const mail = await waitForMail(email, /^Your ticket/);
      await page.goto(`${API}/mailbox?to=${encodeURIComponent(email)}`);
      await page.getByRole('link', { name: mail.subject }).click();
      await page.getByRole('link', { name: 'Cancel your ticket' }).click();
      await expect(page.getByRole('heading', { name: "Can't come?" })).toBeVisible();
      await expect(page.getByText('Ada Lovelace')).toBeVisible();
      // The key left the address bar.
      expect(new URL(page.url()).hash).toBe('');
    });

    await test.step('cancelling asks first, then says so', async () => {
      await page.getByRole('button', { name: 'Cancel my ticket' }).click();
      await page.getByRole('button', { name: 'Yes, cancel my ticket' }).click();
      await expect(page.getByRole('heading', { name: 'Ticket cancelled' })).toBeVisible();
      await expect(page.getByText(SELF_SERVICE_MESSAGES.selfCancelled)).toBeVisible();
      await waitForMail(email, /^Your ticket is cancelled/);
    });

    await test.step('the seat is free on the event page', async () => {
      await page.goto(`/event/${event.id}`);
      await expect(page.getByText('0 / 5 registered')).toBeVisible();
    });
  });
});

test.describe('a paid ticket cancelled under the refund rule (issue 25 item 4)', () => {
  test('the attendee sees the refund terms, cancels, the admin sees it refunded once the webhook confirmed it, and the seat is free', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const date = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
    const { event } = await api<{ event: { id: string; title: string } }>('/events', {
      method: 'POST',
      token: await idToken(),
      body: JSON.stringify({
        title: `Condor Talk ${Date.now()}`,
        date,
        location: 'Zion Lodge',
        maxAttendees: 5,
        requiresPayment: true,
        ticketTypes: ['General'],
        ticketPrices: { General: 25 },
        refundUntilHoursBefore: 48,
      }),
    });
    const email = uniqueEmail('refund');

    await test.step('register and pay with the offline test card', async () => {
      await page.goto(`/event/${event.id}#register`);
      const form = page.locator('#register');
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Rae Refund');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/30');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay $25.00' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
      await page.goto(`/event/${event.id}`);
      await expect(page.getByText('1 / 5 registered')).toBeVisible();
    });

    await test.step("the ticket e-mail's link shows the refund terms before anything is asked", async () => {
      const mail = await waitForMail(email, /^Your ticket for/);
      await openManageLink(page, email, mail.subject);
      await expect(page.getByText(/^Full refund of \$25\.00 if you cancel before /)).toBeVisible();
    });

    await test.step('cancelling repeats what happens to the money, then shows the server’s message', async () => {
      await page.getByRole('button', { name: 'Cancel my ticket' }).click();
      await expect(page.getByText('Cancel this ticket? $25.00 will be refunded to your card.', { exact: false })).toBeVisible();
      await page.getByRole('button', { name: 'Yes, cancel my ticket' }).click();
      await expect(page.getByRole('heading', { name: 'Ticket cancelled' })).toBeVisible();
      await expect(page.getByText(SELF_SERVICE_MESSAGES.selfCancelledRefund)).toBeVisible();
    });

    await test.step("the admin's RSVPs tab says who cancelled, and 'Refunded' once the webhook confirmed the refund", async () => {
      const admin = await browser.newPage();
      await admin.goto(`/admin?tab=rsvps&event=${event.id}`);
      await signIn(admin, ADMIN);
      const row = admin.getByRole('row', { name: /Rae Refund/ });
      await expect(row).toContainText('Cancelled by the attendee on');
      // The refund goes through the provider and its webhook: reload until the tab shows it confirmed.
      await expect(async () => {
        await admin.reload();
        await expect(admin.getByRole('row', { name: /Rae Refund/ })).toContainText('Refunded', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(admin.getByRole('row', { name: /Rae Refund/ })).not.toContainText('Refund pending');
      await admin.close();
    });

    await test.step('the seat is free on the event page', async () => {
      await page.goto(`/event/${event.id}`);
      await expect(page.getByText('0 / 5 registered')).toBeVisible();
    });
  });
});

test.describe('a ticket given to someone else (issue 25 item 5)', () => {
  test('the new holder gets a ticket with a QR, the old page says it was given on, and the door refuses the old id and admits the new one', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const event = await doorEvent('Transfer Walk');
    const email = uniqueEmail('giver');
    const newEmail = uniqueEmail('receiver');
    const { rsvpId: oldId } = await api<{ rsvpId: string }>(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Olga Giver', email }) });

    await test.step('the manage link gives the ticket to another person, after a confirmation naming them', async () => {
      const mail = await waitForMail(email, /^Your ticket for/);
      await openManageLink(page, email, mail.subject);
      const form = page.getByRole('form', { name: 'Give this ticket to someone else' });
      await form.getByLabel(/Their name/).fill('Grace Receiver');
      await form.getByLabel(/Their e-mail address/).fill(newEmail);
      await form.getByRole('button', { name: 'Give my ticket' }).click();
      await expect(page.getByText('Give my ticket to Grace Receiver?')).toBeVisible();
      await page.getByRole('button', { name: 'Yes, give my ticket' }).click();
      await expect(page.getByRole('heading', { name: 'Ticket given' })).toBeVisible();
      await expect(page.getByText(SELF_SERVICE_MESSAGES.transferred)).toBeVisible();
    });

    let newId = '';
    await test.step("the new holder's ticket e-mail arrives, and its ticket page shows the QR", async () => {
      const mail = await waitForMail(newEmail, /^Your ticket for/);
      newId = /\/checkin\/([A-Za-z0-9_-]+)/.exec(mail.html)?.[1] ?? '';
      expect(newId).not.toBe('');
      expect(newId).not.toBe(oldId);
      await page.goto(`/checkin/${newId}`);
      await expect(page.getByText('Grace Receiver')).toBeVisible();
      await expect(page.locator(`svg[data-ticket-qr="${newId}"]`)).toBeVisible();
    });

    await test.step('the old ticket page says it was given on, with no QR', async () => {
      await page.goto(`/checkin/${oldId}`);
      await expect(page.getByText(SELF_SERVICE_MESSAGES.ticketTransferred, { exact: false })).toBeVisible();
      await expect(page.locator('svg[data-ticket-qr]')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Can't come/ })).toHaveCount(0);
    });

    await test.step('at the door the old id is refused as transferred, the new one admitted', async () => {
      // A context of its own: the door's worker and the ticket page's are not to meet.
      const context = await browser.newContext();
      const door = await context.newPage();
      await door.goto('/checkin');
      await signIn(door, STAFF);
      await door.getByLabel('Event', { exact: true }).selectOption(event.id);
      await door.getByLabel('Ticket ID').fill(oldId);
      await door.getByRole('button', { name: 'Look Up Ticket' }).click();
      await expect(doorStatus(door)).toHaveText(CHECKIN_MESSAGES.transferred);
      await door.getByLabel('Ticket ID').fill(newId);
      await door.getByRole('button', { name: 'Look Up Ticket' }).click();
      await door.getByRole('button', { name: 'Check In Now' }).click();
      await expect(doorStatus(door)).toHaveText('Checked in: Grace Receiver');
      await context.close();
    });
  });
});
