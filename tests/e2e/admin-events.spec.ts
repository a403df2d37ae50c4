import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail, waitForMail } from './mail.js';
import { ADMIN, api, expectNoHorizontalScroll, idToken, openWholeLandingList, reviewShot, signIn } from './support.js';

/** A small real PNG (a 24x16 gradient), made here so the upload's decoder has something true to read. */
function png(width = 24, height = 16): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([196, (x * 10) % 256, (y * 15) % 256], row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const toast = (page: Page, text: string | RegExp) => page.locator('.ui-toast').filter({ hasText: text });
const eventItem = (page: Page, title: string) => page.getByRole('listitem', { name: title, exact: true });

async function filterStatus(page: Page, status: 'All' | 'Active' | 'Inactive' | 'Archived') {
  await page.getByLabel('Status', { exact: true }).selectOption(status);
}

/** The public list, loaded (a seeded event is there), and whether `title` is on it. */
async function publicList(visitor: Page): Promise<Locator> {
  await visitor.goto('/#events');
  // The list shows 12 at a time and other journeys add events: open every page.
  const events = await openWholeLandingList(visitor);
  await expect(events.getByRole('heading', { name: 'Night Sky Stargazing at Kolob Terrace' })).toBeVisible();
  return events;
}

/** A visitor registers through the event page and pays with the offline test card. */
async function registerAndPay(visitor: Page, slug: string, name: string, email: string, ticketType: string, amount: string) {
  await visitor.goto(`/${slug}#register`);
  const form = visitor.locator('#register');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Ticket type').selectOption(ticketType);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiry (MM/YY)').fill('12/30');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(visitor.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
}


test.describe('admin: events and RSVPs', () => {
  test('create a paid event with an image, edit, deactivate, archive, restore, switch mode; then resend, cancel, refund and export its RSVPs', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const title = `Canyon Photo Walk ${stamp}`;
    const slug = `photo-walk-${stamp}`;
    const visitor = await page.context().newPage();
    // 20 May next year, whatever today is (an upcoming event), and how the dashboard writes it (always MDT in May).
    const year = new Date().getUTCFullYear() + 1;
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, 4, 20)));

    await test.step('create', async () => {
      await page.goto('/admin?tab=events');
      await signIn(page, ADMIN);
      await page.getByRole('button', { name: 'Create Event' }).click();
      const form = page.locator('form.event-form');
      await expect(form.getByText("Entered and shown in the organisation's time zone (America/Denver).")).toBeVisible();
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Description').fill('Golden hour along the Virgin River with a park photographer.');
      await form.getByLabel(/Date and time/).fill(`${year}-05-20T18:30`);
      await form.getByLabel('Location').fill('Zion Canyon Visitor Center');
      await form.getByLabel('Maximum attendees').fill('30');
      await form.getByLabel('Requires payment').check();
      await form.getByLabel('Ticket type 1', { exact: true }).fill('Adult');
      await form.getByLabel('Price of ticket type 1 (USD)').fill('20');
      await form.getByLabel('New ticket type').fill('Student');
      await form.getByRole('button', { name: 'Add ticket type' }).click();
      await form.getByLabel('New ticket type').fill('student');
      await form.getByRole('button', { name: 'Add ticket type' }).click();
      await expect(form.getByText('That ticket type is already on the list.')).toBeVisible();
      await form.getByLabel('Price of ticket type 2 (USD)').fill('12.5');
      await form.getByLabel('Event image').setInputFiles({ name: 'walk.png', mimeType: 'image/png', buffer: png() });
      await expect(form.getByRole('button', { name: 'Remove image' })).toBeVisible({ timeout: 15_000 });
      await form.getByLabel('Tags', { exact: true }).fill(' photography, , outdoors ');
      await form.getByLabel('Custom URL').fill(`Photo Walk ${stamp}`);
      await expect(form.getByText(new RegExp(`/${slug}$`))).toBeVisible();
      await reviewShot(page, 'event-form');
      await form.getByRole('button', { name: 'Create Event' }).click();
      await expect(toast(page, 'Event created')).toBeVisible();
      const item = eventItem(page, title);
      await expect(item).toContainText('0 / 30 registered');
      await expect(item).toContainText('Active');
      await expect(item).toContainText('Tickets');
      await expect(item).toContainText(`${weekday}, May 20, ${year} at 6:30 PM MDT`);
      await reviewShot(page, 'events-tab');
    });

    await test.step('on the public site, with its image', async () => {
      const events = await publicList(visitor);
      const card = events.locator('article', { hasText: title });
      await expect(card).toBeVisible();
      const { event } = await api<{ event: { eventImage: string } }>(`/events/${slug}`);
      expect(event.eventImage).not.toBe('');
      await expect(card.locator('img').first()).toHaveAttribute('src', event.eventImage);
      const image = await visitor.request.get(event.eventImage);
      expect(image.ok()).toBe(true);
      expect(image.headers()['content-type']).toMatch(/^image\//);
      await expect(card).toContainText('From $12.50');
    });

    await test.step('edit', async () => {
      await eventItem(page, title).getByRole('button', { name: 'Edit' }).click();
      const form = page.locator('form.event-form');
      await expect(form.getByLabel(/Date and time/)).toHaveValue(`${year}-05-20T18:30`);
      await expect(form.getByLabel('Tags', { exact: true })).toHaveValue('photography, outdoors');
      await expect(form.getByLabel('Registrations per e-mail address')).toHaveValue('4');
      await form.getByLabel('Location').fill('Canyon Junction Bridge');
      await form.getByLabel('Registrations per e-mail address').fill('2');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Event updated')).toBeVisible();
      await expect(eventItem(page, title)).toContainText('Canyon Junction Bridge');
      const stored = await api<{ event: { maxRegistrationsPerEmail: number } }>(`/events/${slug}`, { token: await idToken() });
      expect(stored.event.maxRegistrationsPerEmail).toBe(2);
      await visitor.goto(`/${slug}`);
      await expect(visitor.getByText('Canyon Junction Bridge').first()).toBeVisible();
    });

    await test.step('deactivate: gone from the public list', async () => {
      // Deactivating asks first (issue 24 item 14).
      await eventItem(page, title).getByRole('button', { name: 'Deactivate' }).click();
      await page.getByRole('dialog', { name: `Deactivate "${title}"?` }).getByRole('button', { name: 'Deactivate' }).click();
      await expect(toast(page, `Event deactivated: it is no longer on the public site (${title})`)).toBeVisible();
      await expect(eventItem(page, title)).toHaveCount(0); // the Active filter no longer lists it
      const events = await publicList(visitor);
      await expect(events.getByText(title)).toHaveCount(0);
    });

    await test.step('archive (confirmed) and restore', async () => {
      await filterStatus(page, 'Inactive');
      await eventItem(page, title).getByRole('button', { name: 'Archive' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Archive "${title}"?` });
      await dialog.getByRole('button', { name: 'Archive' }).click();
      await expect(toast(page, `Event archived (${title})`)).toBeVisible();
      await filterStatus(page, 'Archived');
      const archived = eventItem(page, title);
      await expect(archived).toContainText('Archived');
      await expect(archived.getByRole('button', { name: /Activate|Deactivate/ })).toHaveCount(0);
      await archived.getByRole('button', { name: 'Restore' }).click();
      // It comes back inactive: the notice says so and offers Activate in the same place (issue 24 item 5).
      const notice = page.locator('.events-admin-restored');
      await expect(notice).toContainText(`Event restored (${title}). It is inactive: activate it to show it on the public pages.`);
      await notice.getByRole('button', { name: 'Activate' }).click();
      await expect(toast(page, /Event activated/)).toBeVisible();
      await filterStatus(page, 'All');
      await expect(eventItem(page, title)).toContainText('Active');
    });

    await test.step('switch mode and back', async () => {
      const item = eventItem(page, title);
      await item.getByRole('button', { name: 'Switch to RSVP-only mode' }).click();
      await expect(toast(page, /RSVP-only mode/)).toBeVisible();
      await expect(item).toContainText('RSVP only');
      await item.getByRole('button', { name: 'Switch to ticket mode' }).click();
      await expect(toast(page, /^Ticket mode/)).toBeVisible();
      await expect(item).toContainText('Tickets');
    });

    // Names are letters only (issue 23 item 3): the stamp's digits spelt as capitals, still one per run.
    const nameStamp = stamp.replace(/[0-9]/g, (digit) => 'ABCDEFGHIJ'[Number(digit)]);
    const refunded = { name: `Rita Refund ${nameStamp}`, email: uniqueEmail('refund') };
    const cancelled = { name: `Carl Cancel ${nameStamp}`, email: uniqueEmail('cancel') };
    await test.step('two visitors register and pay', async () => {
      await registerAndPay(visitor, slug, refunded.name, refunded.email, 'Adult', '$20.00');
      await registerAndPay(visitor, slug, cancelled.name, cancelled.email, 'Student', '$12.50');
      await waitForMail(refunded.email);
    });

    await test.step('find, resend, cancel and refund in the RSVPs tab', async () => {
      await page.reload();
      await filterStatus(page, 'All');
      const item = eventItem(page, title);
      await expect(item).toContainText('2 / 30 registered');
      await expect(item).toContainText('$32.50');
      await item.getByRole('button', { name: 'View RSVPs' }).click();
      await expect(page).toHaveURL(/tab=rsvps/);
      await expect(page.getByRole('tab', { selected: true })).toHaveText('RSVPs');
      await expect(page.getByLabel('Event', { exact: true })).toHaveValue(/.+/);
      await expect(page.getByLabel('RSVP counts')).toContainText('2 RSVPs');

      const search = page.getByLabel('Search by name, e-mail or ticket ID');
      await search.fill(refunded.email);
      const rita = page.getByRole('row', { name: new RegExp(refunded.name) });
      await expect(rita).toContainText('Adult');
      await expect(rita).toContainText('$20.00');
      await reviewShot(page, 'rsvps-tab');
      await rita.getByRole('button', { name: 'Resend ticket' }).click();
      await expect(toast(page, refunded.email)).toBeVisible();

      await search.fill(cancelled.name);
      const carl = page.getByRole('row', { name: new RegExp(cancelled.name) });
      await carl.getByRole('button', { name: 'Cancel RSVP', exact: true }).click();
      const cancelDialog = page.getByRole('alertdialog', { name: `Cancel ${cancelled.name}'s RSVP?` });
      await expect(cancelDialog).toContainText('the seat is freed');
      await cancelDialog.getByRole('button', { name: 'Cancel RSVP' }).click();
      await expect(toast(page, cancelled.name)).toBeVisible();
      await expect(carl).toContainText('Cancelled');
      // No action is left on a cancelled RSVP; its details still open (issue 24 item 2).
      await expect(carl.getByRole('button')).toHaveText(['Details']);

      await search.fill(refunded.name);
      await rita.getByRole('button', { name: 'Cancel and refund' }).click();
      const refundDialog = page.getByRole('alertdialog', { name: 'Cancel and refund $20.00?' });
      await refundDialog.getByRole('button', { name: 'Refund $20.00' }).click();
      await expect(toast(page, refunded.name)).toBeVisible();
      await expect(rita).toContainText('Refunded');
      await expect(rita).toContainText('Cancelled');
      await expect(rita).toContainText('$20.00 ($20.00 refunded)');
      await search.fill('');
      await expect(page.getByLabel('RSVP counts')).toContainText('2 cancelled');
      await page.getByLabel('Payment', { exact: true }).selectOption('refunded');
      await expect(rita).toBeVisible();
      await expect(carl).toHaveCount(0);
      await page.getByLabel('Payment', { exact: true }).selectOption('all');
    });

    await test.step('seats are freed', async () => {
      const { events } = await api<{ events: { title: string; attendeeCount: number }[] }>('/events?active=all&archived=all', { token: await idToken() });
      expect(events.find((event) => event.title === title)?.attendeeCount).toBe(0);
    });

    await test.step('download the CSV and read it', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${slug}-rsvps.csv`);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const [header, ...rows] = text.slice(1).trim().split(/\r?\n/);
      expect(header).toContain('Name');
      expect(header).toContain('Email');
      expect(header).toContain('Ticket ID');
      expect(rows).toHaveLength(2);
      const rita = rows.find((row) => row.includes(refunded.email));
      expect(rita).toContain('Adult');
      expect(rita).toContain('refunded');
      expect(rows.find((row) => row.includes(cancelled.email))).toContain('cancelled');
      await expect(toast(page, 'CSV downloaded')).toBeVisible();
    });

    // Leave the public list as it was for the other journeys.
    const { event } = await api<{ event: { id: string } }>(`/events/${slug}`);
    await api(`/events/${event.id}/archive`, { method: 'PATCH', token: await idToken() });
  });

  test('the Events tab, the form and the RSVPs tab fit a phone @phone', async ({ page }) => {
    await page.goto('/admin?tab=events');
    await signIn(page, ADMIN);
    await expect(page.locator('.events-admin-item').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await reviewShot(page, 'events-tab');
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await expect(page.locator('form.event-form')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await reviewShot(page, 'event-form');
    // Leaving the changed form asks first.
    await page.getByLabel('Location').fill('Somewhere else');
    await page.getByRole('tab', { name: 'RSVPs' }).click();
    await page.getByRole('alertdialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('tab', { selected: true })).toHaveText('RSVPs');
    await expect(page.getByLabel('RSVP counts')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await reviewShot(page, 'rsvps-tab');
  });
});
