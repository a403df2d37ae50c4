import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { VOLUNTEER_DOOR_MESSAGES } from '../../functions/src/shared/volunteer-door-model.js';
import { VOLUNTEER_PASS_TEXT } from '../../functions/src/shared/volunteer-pass-model.js';
import { VOLUNTEER_MESSAGES, type VolunteerOpportunitiesReply } from '../../functions/src/shared/volunteers-model.js';
import { doorStatus, launchWithCamera } from './door.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { API, SITE, STAFF, api, signIn } from './support.js';

/*
 * Issue 29 item 5, as the door lives it: a volunteer signs up for the seeded restoration day, the
 * e-mail and the sign-up page carry their pass, and staff check them in at the same door as the
 * tickets, by typing the pass code and by the camera, in a Volunteers list of their own that the
 * attendees' list and count never include.
 */

const RESTORATION = 'Riverside Restoration Day';

async function restorationId(): Promise<string> {
  const { events } = await api<{ events: { id: string; title: string }[] }>('/events');
  return events.find((event) => event.title === RESTORATION)!.id;
}

/** A Planting crew shift of the seeded day with room. */
async function plantingShift(): Promise<string> {
  const { groups } = await api<VolunteerOpportunitiesReply>('/volunteer');
  const role = groups.find((group) => group.event?.title === RESTORATION)!.roles.find((r) => r.title === 'Planting crew')!;
  return role.shifts.find((shift) => shift.filled < shift.capacity)!.id;
}

/** The pass code in the confirmation e-mail to `email` (the sign-up id, printed under the QR code). */
async function passCodeIn(email: string): Promise<string> {
  const mail = await waitForMail(email, /You are volunteering: Planting crew/);
  expect(mail.attachments).toEqual(expect.arrayContaining([expect.objectContaining({ contentId: 'volunteer-qr', contentType: 'image/png' })]));
  const link = /\/volunteer\/signup\/([^/#"\s]+)#key=/.exec(mail.text);
  expect(mail.text).toContain(decodeURIComponent(link![1]!));
  return decodeURIComponent(link![1]!);
}

async function openDoor(page: Page, eventId: string) {
  await page.goto('/checkin');
  await signIn(page, STAFF);
  await page.getByLabel('Event', { exact: true }).selectOption(eventId);
}

const volunteersList = (page: Page) => page.getByRole('region', { name: VOLUNTEER_DOOR_MESSAGES.listTitle });

test('a volunteer signs up, their pass is on the page; staff check them in by lookup, listed apart from attendees @phone', async ({ page }, info) => {
  test.setTimeout(120_000);
  const name = info.project.name === 'phone' ? 'Vera Phone' : 'Vera Desktop';
  const email = uniqueEmail('vera');
  const eventId = await restorationId();

  await test.step('the visitor signs up for a planting shift on the Volunteer page', async () => {
    await page.goto('/volunteer');
    const planting = page.getByRole('article', { name: 'Planting crew' });
    const shift = planting.getByRole('listitem').filter({ has: page.getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }) }).first();
    const shiftName = (await shift.getAttribute('aria-label')) ?? '';
    const mine = planting.getByRole('listitem', { name: shiftName, exact: true });
    await mine.getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }).click();
    const form = mine.getByRole('form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: VOLUNTEER_MESSAGES.submitButton }).click();
    await expect(mine.getByText(VOLUNTEER_MESSAGES.signedUp)).toBeVisible();
  });

  let code = '';
  await test.step('the e-mail carries the pass; the sign-up page shows it with its code', async () => {
    code = await passCodeIn(email);
    const mail = await waitForMail(email, /You are volunteering/);
    await page.goto(`${API}/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: mail.subject }).click();
    await page.getByRole('link', { name: 'See or cancel my shift' }).click();
    await expect(page.getByRole('heading', { name: VOLUNTEER_PASS_TEXT.title })).toBeVisible();
    await expect(page.getByRole('img', { name: VOLUNTEER_PASS_TEXT.label })).toBeVisible();
    await expect(page.locator('figcaption code')).toHaveText(code);
  });

  await test.step('the door lists them under Volunteers, not among the attendees', async () => {
    await openDoor(page, eventId);
    const item = volunteersList(page).getByRole('listitem', { name });
    await expect(item).toContainText('Planting crew');
    await expect(item).toContainText(VOLUNTEER_DOOR_MESSAGES.notCheckedIn);
  });
  await expect(page.locator('.checkin-count').first()).toHaveText(/ of \d+ checked in$/);
  const attendeeCount = await page.locator('.checkin-count').first().textContent();

  await test.step('looked up by the pass code: a Volunteer card with role and shift, then checked in', async () => {
    await page.getByLabel('Ticket ID').fill(code);
    await page.getByRole('button', { name: 'Look Up Ticket' }).click();
    const card = page.getByRole('region', { name: `${VOLUNTEER_DOOR_MESSAGES.badge} ${name}` });
    await expect(card).toContainText('Planting crew');
    await expect(card).toContainText('Grafton trailhead');
    await card.getByRole('button', { name: VOLUNTEER_DOOR_MESSAGES.checkIn }).click();
    await expect(doorStatus(page)).toHaveText(`${VOLUNTEER_DOOR_MESSAGES.checkedIn}: ${name}`);
    await expect(doorStatus(page)).toHaveClass(/checkin-status--success/);
    await expect(card).toContainText(`by ${STAFF.email}`);
    await expect(volunteersList(page).getByRole('listitem', { name })).toContainText(`by ${STAFF.email}`);
  });

  await test.step('a second scan (a USB scanner types the pass URL) says already checked in, with when', async () => {
    await page.getByLabel('Ticket ID').fill(`${SITE}/volunteer/pass/${code}`);
    await page.getByLabel('Ticket ID').press('Enter');
    await expect(doorStatus(page)).toContainText(VOLUNTEER_DOOR_MESSAGES.alreadyCheckedIn);
    await expect(doorStatus(page)).toContainText(/ago|just now|today/i);
    await expect(doorStatus(page)).toHaveClass(/checkin-status--warning/);
  });

  await test.step("the attendees' count and list do not include the volunteer", async () => {
    await expect(page.locator('.checkin-count').first()).toHaveText(attendeeCount ?? '');
    await page.getByRole('button', { name: 'Show All RSVPs' }).click();
    const rsvps = page.getByRole('region', { name: 'RSVPs' });
    await expect(rsvps).toBeVisible();
    await expect(rsvps.getByText(name)).toHaveCount(0);
  });
});

test("the door's camera reads a volunteer's pass from their e-mail and checks them in", async () => {
  test.setTimeout(90_000);
  const eventId = await restorationId();
  const email = uniqueEmail('walt');
  await api(`/volunteer/shifts/${await plantingShift()}/signups`, { method: 'POST', body: JSON.stringify({ name: 'Walt Camera', email }) });
  const code = await passCodeIn(email);
  const browser = await launchWithCamera(qrVideo(`${SITE}/volunteer/pass/${code}`));
  try {
    const context = await browser.newContext({ baseURL: SITE, permissions: ['camera'], viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await openDoor(page, eventId);
    await expect(volunteersList(page).getByRole('listitem', { name: 'Walt Camera' })).toContainText(VOLUNTEER_DOOR_MESSAGES.notCheckedIn);
    await page.getByRole('button', { name: 'Start Camera Scanner' }).click();
    await expect(doorStatus(page)).toHaveText(`${VOLUNTEER_DOOR_MESSAGES.checkedIn}: Walt Camera`, { timeout: 15_000 });
    await expect(page.getByRole('region', { name: `${VOLUNTEER_DOOR_MESSAGES.badge} Walt Camera` })).toContainText('Planting crew');
    await expect(volunteersList(page).getByRole('listitem', { name: 'Walt Camera' })).toContainText(`by ${STAFF.email}`);
  } finally {
    await browser.close();
  }
});

/**
 * A 640x480 YUV4MPEG2 video of the QR code of `text` for Chromium's fake camera (as checkin.spec.ts
 * draws a ticket's): the Y plane only, U and V at 128.
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
  const file = join(mkdtempSync(join(tmpdir(), 'volunteer-qr-')), 'pass.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(5).fill(frame)]));
  return file;
}
