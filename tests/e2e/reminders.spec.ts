import { expect, test } from '@playwright/test';
import { ORGANISATION_TIME_ZONE } from '../../functions/src/shared/constants.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { ADMIN, API, api, idToken, signIn } from './support.js';

/*
 * Issue 25 items 3 and 6 on the npm start stack: the admin sets an event's reminders, a visitor
 * registers, the admin moves the event to about an hour from now, and the scheduled work (every
 * 3 s in e2e runs) e-mails the 1 h reminder once; the RSVPs tab counts it.
 */

/** An instant as 'YYYY-MM-DDTHH:mm' on the organisation's clock (what the event form's date field takes). */
function wallClock(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ORGANISATION_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The reminders in the local mailbox to `to`. */
async function remindersTo(to: string): Promise<number> {
  const reply = (await (await fetch(`${API}/mailbox?format=json&to=${encodeURIComponent(to)}`)).json()) as { messages: { subject: string }[] };
  return reply.messages.filter((message) => message.subject.startsWith('Reminder:')).length;
}

test.describe('Reminder e-mails', () => {
  test('the admin sets a 1 h reminder; after a registration and a date an hour away, it arrives once and is counted @phone', async ({ page, context }) => {
    test.setTimeout(240_000);
    const stamp = `${Date.now().toString(36)}${test.info().project.name}`;
    const title = `Bat Walk ${stamp}`;
    const slug = `bat-walk-${stamp}`;
    const email = uniqueEmail('reminder');
    const year = new Date().getUTCFullYear() + 1;
    let eventId = '';

    try {
      await test.step('the admin creates a free event with one reminder, 1 hour before', async () => {
        await page.goto('/admin?tab=events');
        await signIn(page, ADMIN);
        await page.getByRole('button', { name: 'Create Event' }).click();
        const form = page.locator('form.event-form');
        await form.getByLabel('Title').fill(title);
        await form.getByLabel(/Date and time/).fill(`${year}-07-18T21:00`);
        await form.getByLabel('Location').fill('Zion Lodge lawn');
        const reminders = form.getByLabel('Reminders (hours before the start)');
        await expect(reminders).toHaveValue('24, 2');
        await reminders.fill('1');
        await form.getByLabel('Custom URL').fill(slug);
        await form.getByRole('button', { name: 'Create Event' }).click();
        await expect(page.locator('.ui-toast').filter({ hasText: 'Event created' })).toBeVisible();
        const { event } = await api<{ event: { id: string; reminderOffsetsHours: number[] } }>(`/events/${slug}`, { token: await idToken() });
        expect(event.reminderOffsetsHours).toEqual([1]);
        eventId = event.id;
      });

      await test.step('a visitor registers', async () => {
        const visitor = await context.newPage();
        await visitor.goto(`/${slug}#register`);
        const form = visitor.locator('#register');
        await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Vernon Bailey');
        await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
        await form.getByRole('button', { name: 'Register' }).click();
        await expect(form.getByRole('button', { name: 'Register Another Person' })).toBeVisible();
        await visitor.close();
      });

      await test.step('the admin moves the event to start about an hour from now', async () => {
        // The next minute plus an hour: the 1 h reminder falls due at the next minute, after the registration.
        const start = wallClock(new Date(Date.now() + 61 * 60_000));
        await page.getByRole('listitem', { name: title, exact: true }).getByRole('button', { name: 'Edit' }).click();
        const form = page.locator('form.event-form');
        await expect(form.getByLabel('Reminders (hours before the start)')).toHaveValue('1');
        await form.getByLabel(/Date and time/).fill(start);
        await form.getByRole('button', { name: 'Save Changes' }).click();
        await expect(page.locator('.ui-toast').filter({ hasText: 'Event updated' })).toBeVisible();
      });

      await test.step('the reminder arrives in the mailbox, with the ticket, its QR code and the calendar links', async () => {
        const mail = await waitForMail(email, /^Reminder:/, 120_000);
        // The time left as it is when the mail is composed: 'in 1 hour', or a minute or two less under a slow sweep.
        expect(mail.subject).toMatch(new RegExp(`^Reminder: ${title} starts in (1 hour|[0-9]+ minutes)$`));
        expect(mail.html).toContain('Hi Vernon,');
        expect(mail.html).toContain('View your ticket');
        expect(mail.html).toContain('calendar.google.com');
        expect(mail.html).toContain('/calendar.ics');
        expect(mail.attachments.map((file) => file.contentId)).toContain('ticket-qr');
      });

      await test.step('the RSVPs tab counts it, and it came once', async () => {
        await page.goto(`/admin?tab=rsvps&event=${eventId}`);
        await expect(page.getByLabel('Reminder counts')).toContainText('1 h reminder: 1 sent');
        // Several sweeps have run since (one every 3 s): still one reminder, and still counted once.
        const counts = await api<{ counts: { offsetHours: number; sent: number }[] }>(`/events/${eventId}/reminders`, { token: await idToken() });
        expect(counts.counts).toEqual([{ offsetHours: 1, sent: 1 }]);
        expect(await remindersTo(email)).toBe(1);
      });
    } finally {
      // Off the public list again, as the other journeys expect it.
      if (eventId) await api(`/events/${eventId}/archive`, { method: 'PATCH', token: await idToken() });
    }
  });
});
