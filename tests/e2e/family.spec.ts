import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, waitForMail } from './mail.js';
import { orderFamily, payOrder } from './orders-flow.js';
import { ADMIN, STAFF, api, idToken, signIn } from './support.js';
import { doorStatus } from './door.js';

/*
 * Issue 26 item 8, the whole family story as the people in it see it: a family buys four tickets
 * of two types in one payment on a phone and receives ONE e-mail with four QR codes; the admin
 * cancels one of them with a refund and that person is told; the other three check in at the door,
 * where the cancelled one is refused.
 */

/** A paid event tomorrow (so the door offers it), General $45 and Member $35, four tickets per address. */
async function familyEvent(stamp: string) {
  const date = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
  const title = `Family Hike ${stamp}`;
  const slug = `family-hike-${stamp}`;
  const { event } = await api<{ event: { id: string } }>('/events', {
    method: 'POST',
    token: await idToken(),
    body: JSON.stringify({
      title,
      date,
      location: 'Zion Lodge',
      customUrl: slug,
      requiresPayment: true,
      ticketTypes: ['General', 'Member'],
      ticketPrices: { General: 45, Member: 35 },
      maxAttendees: 20,
      maxRegistrationsPerEmail: 4,
    }),
  });
  return { id: event.id, title, slug };
}

/** Each ticket's id by its attendee's name, from the success page's links to the ticket pages. */
async function ticketIds(page: Page): Promise<Record<string, string>> {
  const list = page.getByRole('region', { name: 'Your tickets' });
  await expect(list.getByRole('link')).toHaveCount(4);
  const ids: Record<string, string> = {};
  for (const name of ['Rosa Parks', 'Raymond Parks', 'Ann Parks', 'Sam Parks']) {
    const href = await list.getByRole('link', { name: `View ${name}'s ticket` }).getAttribute('href');
    ids[name] = href!.split('/').pop()!;
  }
  return ids;
}

test('a family buys 4 tickets in one payment, gets one e-mail with 4 QR codes; one is cancelled with a refund and told; the other three check in @phone', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const { id: eventId, title, slug } = await familyEvent(stamp);
  const email = uniqueEmail('family-story');

  await orderFamily(page, email, slug);
  await payOrder(page);
  const ids = await ticketIds(page);

  await test.step('one confirmation e-mail carries all four tickets, each with its QR code', async () => {
    const mail = await waitForMail(email, new RegExp(title));
    expect(mail.subject).toBe(`Your 4 tickets for ${title}`);
    for (const name of ['Rosa Parks', 'Raymond Parks', 'Ann Parks', 'Sam Parks']) expect(mail.text).toContain(name);
    expect(mail.attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(4);
  });

  // The admin and the door work on a desktop of their own.
  const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const admin = await staffContext.newPage();
  await test.step('the admin cancels Sam\'s ticket with a refund; the family is told of $35.00', async () => {
    await admin.goto('/admin?tab=events');
    await signIn(admin, ADMIN);
    await admin.getByRole('listitem', { name: title, exact: true }).getByRole('button', { name: 'View RSVPs' }).click();
    await admin.getByLabel('Search by name, e-mail or ticket ID').fill('Sam Parks');
    const row = admin.getByRole('row', { name: /Sam Parks/ });
    await row.getByRole('button', { name: 'Cancel and refund' }).click();
    await admin.getByRole('alertdialog', { name: 'Cancel and refund $35.00?' }).getByRole('button', { name: 'Refund $35.00' }).click();
    await expect(row).toContainText('Refunded');
    const notice = await waitForMail(email, /has been cancelled/);
    expect(notice.text).toContain('A refund of $35.00 has been issued to the card you paid with');
    // By now every e-mail of the order has long been delivered: the tickets came in one, then the notice.
    const inbox = (await (await admin.request.get(`/api/mailbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: { subject: string }[] };
    expect(inbox.messages.map((message) => message.subject).sort()).toEqual([`Your 4 tickets for ${title}`, notice.subject].sort());
  });

  await test.step('at the door the other three check in; the cancelled ticket is refused', async () => {
    // The door is a staff member's phone of its own (signed in as staff, not as the admin).
    const doorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const door = await doorContext.newPage();
    await door.goto('/checkin');
    await signIn(door, STAFF);
    await door.getByLabel('Event', { exact: true }).selectOption(eventId);
    for (const name of ['Rosa Parks', 'Raymond Parks', 'Ann Parks']) {
      await door.getByLabel('Ticket ID').fill(ids[name]);
      await door.getByRole('button', { name: 'Look Up Ticket' }).click();
      await door.getByRole('button', { name: 'Check In Now' }).click();
      await expect(doorStatus(door)).toHaveText(`Checked in: ${name}`);
    }
    await door.getByLabel('Ticket ID').fill(ids['Sam Parks']);
    await door.getByRole('button', { name: 'Look Up Ticket' }).click();
    await expect(doorStatus(door)).toHaveText('This ticket was cancelled and cannot be admitted');
    await expect(door.getByText('3 of 3 checked in')).toBeVisible();
    await doorContext.close();
  });
  await staffContext.close();
});
