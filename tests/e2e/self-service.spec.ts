import { expect, test } from '@playwright/test';
import { SELF_SERVICE_MESSAGES } from '../../functions/src/shared/self-service-model.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { API, api, idToken } from './support.js';

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
