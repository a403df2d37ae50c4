import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { SITE, STAFF, api, idToken, signIn } from './support.js';
import { doorEvent, doorStatus, launchWithCamera, register, ticket } from './door.js';

async function openDoor(page: Page, eventId: string) {
  await page.goto('/checkin');
  await signIn(page, STAFF);
  await page.getByLabel('Event', { exact: true }).selectOption(eventId);
}

const status = doorStatus;

test.describe('door check-in', () => {
  test('staff look up, check in, tap a card, see the checked-in list, and the ticket page shows who and when @phone', async ({ page }) => {
    const event = await doorEvent('Door Night');
    const alice = await register(event.id, 'Alice Door');
    await register(event.id, 'Bob Door');
    await register(event.id, 'Carol Door');
    await openDoor(page, event.id);
    await expect(page.getByText('0 of 3 checked in')).toBeVisible();

    const lookUp = page.getByRole('button', { name: 'Look Up Ticket' });
    await expect(lookUp).toBeDisabled();
    await page.getByLabel('Ticket ID').fill(alice);
    await lookUp.click();
    await expect(page.getByText('alice-door', { exact: false }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Check In Now' }).click();
    await expect(status(page)).toHaveText('Checked in: Alice Door');
    await expect(status(page)).toHaveClass(/checkin-status--success/);
    await expect(page.getByText('1 of 3 checked in')).toBeVisible();

    // A second scan of the same ticket is refused.
    await page.getByLabel('Ticket ID').fill(`${SITE}/checkin/${alice}`);
    await page.getByLabel('Ticket ID').press('Enter');
    await expect(status(page)).toHaveText('This attendee is already checked in');
    await expect(status(page)).toHaveClass(/checkin-status--warning/);

    await page.getByLabel('Ticket ID').fill('no-such-ticket');
    await lookUp.click();
    await expect(status(page)).toHaveText('Ticket ID not found in RSVP list');

    await page.getByRole('button', { name: 'Show All RSVPs' }).click();
    const bob = page.getByRole('button', { name: /Bob Door/ });
    await expect(bob).toContainText('CLICK TO CHECK IN');
    await bob.click();
    await expect(status(page)).toHaveText('Checked in: Bob Door');
    await expect(bob).toContainText('CHECKED IN');

    // Issue 26 item 7: the door's search finds a person by name and checks them in from the result.
    const search = page.getByRole('region', { name: 'Find an attendee' });
    await search.getByRole('searchbox', { name: 'Search the door list' }).fill('carol');
    await expect(search.getByRole('status', { name: 'Search results' })).toHaveText('1 attendee matches');
    await expect(search.getByRole('listitem')).toContainText('Not checked in');
    await search.getByRole('button', { name: 'Check in: Carol Door' }).click();
    await expect(status(page)).toHaveText('Checked in: Carol Door');
    await expect(search.getByRole('listitem')).toContainText(`by ${STAFF.email}`);
    await expect(page.getByText('3 of 3 checked in')).toBeVisible();

    await page.getByRole('button', { name: 'Show Checked-In Attendees' }).click();
    const list = page.getByRole('region', { name: 'Checked-In Attendees' });
    await expect(list.getByText('Alice Door')).toBeVisible();
    await expect(list.getByText('Bob Door')).toBeVisible();
    await expect(list.getByText('Carol Door')).toBeVisible();

    await page.goto(`/checkin/${alice}`);
    await expect(page.getByRole('heading', { name: 'Event Ticket' })).toBeVisible();
    await expect(page.locator('.ticket-badge')).toHaveText(/^\W*Checked In$/);
    await expect(page.getByText(STAFF.email)).toBeVisible();
    await expect(page.getByText(/\b20\d\d\b.*\d:\d\d/).first()).toBeVisible();
    const stored = await ticket(alice);
    expect(stored.checkedInBy).toBe(STAFF.email);
  });

  test('a real camera scan admits the ticket', async () => {
    const event = await doorEvent('Camera Night');
    const carol = await register(event.id, 'Carol Camera');
    const video = qrVideo(`${SITE}/checkin/${carol}`);
    const browser = await launchWithCamera(video);
    try {
      const context = await browser.newContext({ baseURL: SITE, permissions: ['camera'], viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await openDoor(page, event.id);
      await expect(page.getByText('0 of 1 checked in')).toBeVisible();
      await page.getByRole('button', { name: 'Start Camera Scanner' }).click();
      await expect(page.getByText('Point camera at QR code')).toBeVisible();
      await expect(status(page)).toHaveText('Checked in: Carol Camera', { timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Stop Scanner' })).toBeVisible();
      expect((await ticket(carol)).checkedIn).toBe(true);
    } finally {
      await browser.close();
    }
  });

  test('with the network gone, the door keeps admitting, syncs afterwards and reports what another door admitted first', async ({ page, context }) => {
    const event = await doorEvent('Offline Night');
    const eve = await register(event.id, 'Eve Offline');
    const frank = await register(event.id, 'Frank Offline');
    const dan = await register(event.id, 'Dan Elsewhere');
    await openDoor(page, event.id);
    await expect(page.getByText('0 of 3 checked in')).toBeVisible();

    await context.setOffline(true);
    // Another door, still online, admits Dan meanwhile.
    await api(`/checkin/${dan}`, { method: 'POST', token: await idToken(STAFF), body: JSON.stringify({ eventId: event.id }) });

    const field = page.getByLabel('Ticket ID');
    for (const [id, name, waiting] of [
      [eve, 'Eve Offline', 'Offline: 1 check-in waiting to sync'],
      [frank, 'Frank Offline', 'Offline: 2 check-ins waiting to sync'],
      [dan, 'Dan Elsewhere', 'Offline: 3 check-ins waiting to sync'],
    ]) {
      // A keyboard-wedge scanner types the ticket URL and Enter.
      await field.fill(`${SITE}/checkin/${id}`);
      await field.press('Enter');
      await expect(status(page)).toContainText(name);
      await expect(page.getByText(waiting)).toBeVisible();
    }
    await expect(page.getByText('3 of 3 checked in')).toBeVisible();

    await context.setOffline(false);
    const conflicts = page.getByRole('alert').filter({ hasText: 'Not admitted when syncing' });
    await expect(conflicts).toContainText('Dan Elsewhere');
    await expect(conflicts).toContainText('This attendee is already checked in');
    await expect(conflicts).toContainText(STAFF.email);
    await expect(page.getByText(/check-ins? waiting to sync/)).toHaveCount(0);

    const [eveTicket, frankTicket] = await Promise.all([ticket(eve), ticket(frank)]);
    expect(eveTicket.checkedIn && frankTicket.checkedIn).toBe(true);
    expect(eveTicket.checkedInBy).toBe(STAFF.email);
    // Each keeps the time the door admitted it, before the sync.
    expect(Date.parse(eveTicket.checkedInAt!)).toBeLessThanOrEqual(Date.parse(frankTicket.checkedInAt!));
  });

  test("the door admits tonight's tickets only: no archived event offered, another event's ticket named, a deactivated event refused with the reason @phone", async ({ page }) => {
    const token = await idToken();
    const event = await doorEvent('Tonight Door');
    const other = await doorEvent('Other Door');
    const archived = await doorEvent('Archived Door');
    await api(`/events/${archived.id}/archive`, { method: 'PATCH', token });
    const gina = await register(event.id, 'Gina Tonight');
    const hal = await register(other.id, 'Hal Elsewhere');
    await openDoor(page, event.id);
    await expect(page.getByText('0 of 1 checked in')).toBeVisible();
    const picker = page.getByLabel('Event', { exact: true });
    await expect(picker.locator(`option[value="${other.id}"]`)).toHaveCount(1);
    await expect(picker.locator(`option[value="${archived.id}"]`)).toHaveCount(0);

    // A ticket of another event, scanned at this door: refused, and the door says whose it is.
    const field = page.getByLabel('Ticket ID');
    await field.fill(`${SITE}/checkin/${hal}`);
    await field.press('Enter');
    await expect(status(page)).toHaveText(`This ticket is for another event: ${other.title}`);
    await expect(status(page)).toHaveClass(/checkin-status--error/);

    // The event is deactivated while the door is open: the server refuses, and the scanner says why.
    await api(`/events/${event.id}`, { method: 'PUT', token, body: JSON.stringify({ isActive: false }) });
    await field.fill(gina);
    await page.getByRole('button', { name: 'Look Up Ticket' }).click();
    await page.getByRole('button', { name: 'Check In Now' }).click();
    await expect(status(page)).toHaveText('This event is not active, so its tickets cannot be checked in');
    await expect(status(page)).toHaveClass(/checkin-status--error/);
    expect((await ticket(gina)).checkedIn).toBe(false);
    expect((await ticket(hal)).checkedIn).toBe(false);
  });

  test('signed out, /checkin shows the login gate', async ({ page }) => {
    await page.goto('/checkin');
    await expect(page.getByRole('heading', { name: 'Door check-in' })).toBeVisible();
    await expect(page.getByText('Not authenticated - check-in functionality disabled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Camera Scanner' })).toHaveCount(0);
  });
});

/**
 * A 640x480 YUV4MPEG2 video (C420jpeg, a few frames) of the QR code of `text`, drawn into the
 * Y plane (U and V at 128), for Chromium's fake capture device.
 */
function qrVideo(text: string): string {
  const width = 640;
  const height = 480;
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor(300 / (size + 8));
  const side = (size + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const y = Buffer.alloc(width * height, 255);
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (!data[row * size + col]) continue;
      for (let dy = 0; dy < scale; dy += 1) {
        const start = (top + (row + 4) * scale + dy) * width + left + (col + 4) * scale;
        y.fill(0, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = join(mkdtempSync(join(tmpdir(), 'qr-video-')), 'ticket.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(5).fill(frame)]));
  return file;
}
