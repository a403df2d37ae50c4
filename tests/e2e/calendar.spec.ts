import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { calendarUtcStamp } from '../../functions/src/shared/calendar-model.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { ADMIN, API, api, idToken, signIn } from './support.js';

/*
 * Issue 25 item 2: the ticket e-mail carries the ticket's .ics, the local mailbox offers it for
 * download, and an admin who moves the event sends each holder an 'Event updated' e-mail whose
 * .ics keeps the UID with a higher SEQUENCE.
 */

/** Opens a kept message in the local mailbox and downloads its .ics from the banner: its text. */
async function downloadIcs(page: Page, messageId: string, filename: string): Promise<string> {
  await page.goto(`${API}/mailbox/${messageId}`);
  const link = page.getByRole('link', { name: filename });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(filename);
  return readFile((await download.path())!, 'utf8');
}

test.describe('add to calendar', () => {
  test('the ticket e-mail carries the .ics; moving the event in the dashboard sends an update with SEQUENCE:1 @phone', async ({ page }, testInfo) => {
    const stamp = `${Date.now().toString(36)}${testInfo.project.name}`;
    const title = `Calendar Owl Prowl ${stamp}`;
    const slug = `calendar-owl-prowl-${stamp}`;
    const year = new Date().getUTCFullYear() + 1;
    const created = await api<{ event: { id: string; date: string } }>('/events', {
      method: 'POST',
      token: await idToken(),
      body: JSON.stringify({ title, date: `${year}-06-10T19:30`, location: 'Lava Point, Kolob Terrace', customUrl: slug, confirmByEmail: false }),
    });

    const email = uniqueEmail('calendar');
    await test.step('register on the event page', async () => {
      await page.goto(`/${slug}#register`);
      const form = page.locator('#register');
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form.getByRole('button', { name: 'Register' }).click();
      await expect(form.getByText('You are registered! Your ticket is on its way to your inbox.')).toBeVisible();
    });

    const filename = `${slug}.ics`;
    let ticketId = '';
    await test.step('the ticket e-mail in the mailbox offers the .ics; its text names the ticket, the time, the event and the place', async () => {
      const mail = await waitForMail(email, /ticket/i);
      ticketId = /\/checkin\/([A-Za-z0-9_-]+)/.exec(mail.html)![1];
      expect(mail.attachments.find((a) => a.filename === filename)?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
      const ics = await downloadIcs(page, mail.id, filename);
      expect(ics).toContain(`\r\nUID:${ticketId}@127.0.0.1\r\nSEQUENCE:0\r\n`);
      expect(ics).toContain(`\r\nDTSTART:${calendarUtcStamp(created.event.date)}\r\n`);
      expect(ics.replace(/\r\n /g, '')).toContain(`\r\nSUMMARY:${title}\r\n`);
      expect(ics).toContain('\r\nLOCATION:Lava Point\\, Kolob Terrace\r\n');
      expect(ics).not.toContain('Ada');
      expect(ics).not.toContain(email);
    });

    await test.step('an admin moves the event a day later in the dashboard', async () => {
      await page.goto('/admin?tab=events');
      await signIn(page, ADMIN);
      const item = page.getByRole('listitem', { name: title, exact: true });
      await item.getByRole('button', { name: 'Edit' }).click();
      const form = page.locator('form.event-form');
      await expect(form.getByLabel(/Date and time/)).toHaveValue(`${year}-06-10T19:30`);
      await form.getByLabel(/Date and time/).fill(`${year}-06-11T19:30`);
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.locator('.ui-toast').filter({ hasText: 'Event updated' })).toBeVisible();
    });

    await test.step("the mailbox shows 'Event updated' with the new date, and its .ics keeps the UID at SEQUENCE:1", async () => {
      const moved = await api<{ event: { date: string } }>(`/events/${slug}`);
      expect(moved.event.date).not.toBe(created.event.date);
      const mail = await waitForMail(email, /^Event updated: /);
      expect(mail.subject).toBe(`Event updated: ${title}`);
      // Moved a day at the same hour: the date alone changed, said old → new (issue 26 item 3).
      expect(mail.text).toContain('The date of this event has changed.');
      expect(mail.text).toContain(`June 10, ${year} →`);
      expect(mail.text).toContain(`June 11, ${year}`);
      const ics = await downloadIcs(page, mail.id, filename);
      expect(ics).toContain(`\r\nUID:${ticketId}@127.0.0.1\r\nSEQUENCE:1\r\n`);
      expect(ics).toContain(`\r\nDTSTART:${calendarUtcStamp(moved.event.date)}\r\n`);
    });
  });
});
