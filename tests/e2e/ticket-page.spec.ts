// Issue 25 item 1: the ticket page is the ticket. A visitor registers for a free event, follows the
// success step's link, and the page's own QR code (its <svg>, rendered by the browser) is shown to a
// real door scanner (Chromium's fake camera), which admits it; the page then says 'Checked In' with
// the time, and still shows the ticket and its code with no network, reload included.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { SITE, STAFF, signIn } from './support.js';
import { doorEvent, doorStatus, launchWithCamera, register, ticket } from './door.js';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * The ticket page's QR code as the browser draws it: its <svg> rasterised at 300 px, centred on a
 * white 640x480 frame, as luma (0-255) row by row. What a camera held to the phone would see.
 */
async function renderedQrLuma(page: Page): Promise<number[]> {
  return page.evaluate(
    async ({ width, height }) => {
      const svg = document.querySelector('svg[data-ticket-qr]')!.cloneNode(true) as SVGSVGElement;
      svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
      svg.setAttribute('width', '300');
      svg.setAttribute('height', '300');
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.outerHTML)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.drawImage(image, (width - 300) / 2, (height - 300) / 2, 300, 300);
      const { data } = context.getImageData(0, 0, width, height);
      const luma: number[] = [];
      for (let i = 0; i < data.length; i += 4) luma.push(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
      return luma;
    },
    { width: WIDTH, height: HEIGHT },
  );
}

/** A YUV4MPEG2 video (C420jpeg, a few frames) of a luma frame, U and V at 128, for Chromium's fake camera. */
function videoOf(luma: number[]): string {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(luma), chroma]);
  const file = join(mkdtempSync(join(tmpdir(), 'ticket-qr-')), 'ticket.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(5).fill(frame)]));
  return file;
}

/** A door with a camera that sees `video`, signed in as staff: scans until it admits `name`. */
async function admitWithCamera(eventId: string, video: string, name: string) {
  const browser = await launchWithCamera(video);
  try {
    const context = await browser.newContext({ baseURL: SITE, permissions: ['camera'], viewport: { width: 1366, height: 900 } });
    const door = await context.newPage();
    await door.goto('/checkin');
    await signIn(door, STAFF);
    await door.getByLabel('Event', { exact: true }).selectOption(eventId);
    await door.getByRole('button', { name: 'Start Camera Scanner' }).click();
    await expect(doorStatus(door)).toHaveText(`Checked in: ${name}`, { timeout: 15_000 });
  } finally {
    await browser.close();
  }
}

test.describe('the ticket page (issue 25 item 1)', () => {
  test('register, open the ticket from the success step, the door scans its QR, it says Checked In, and it still shows offline @phone', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const event = await doorEvent('Ticket Walk');
    await page.goto(`/${event.id}#register`);
    const form = page.locator('#register');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Tess Ticket');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('tess-ticket'));
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByRole('link', { name: 'View Your Ticket' }).click();

    await expect(page).toHaveURL(/\/checkin\/[^/]+$/);
    const ticketId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR code of your ticket, to be scanned at the door' });
    await expect(qr).toBeVisible();
    await expect(page.locator('.ticket-badge')).toHaveText(/Not Checked In$/);
    const calendar = page.getByRole('region', { name: 'Add to calendar' });
    await expect(calendar.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\//);
    await expect(calendar.getByRole('link', { name: 'Download .ics' })).toHaveAttribute('href', `/api/checkin/${ticketId}/calendar.ics`);
    // Large enough for a scanner, never wider than the phone.
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(220);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    // The door's camera sees the page's code, as the browser drew it, and admits the ticket.
    await admitWithCamera(event.id, videoOf(await renderedQrLuma(page)), 'Tess Ticket');
    expect((await ticket(ticketId)).checkedIn).toBe(true);

    await page.reload();
    await expect(page.locator('.ticket-badge')).toHaveText(/Checked In$/);
    await expect(page.locator('.ticket-badge')).not.toHaveText(/Not Checked In/);
    await expect(page.getByRole('region', { name: 'Check-in' })).toContainText(/Time\s*(just now|\d+ minutes? ago)/);

    // The page's worker keeps it: with no network, a reload still shows the ticket and its code.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
      await expect(qr).toBeVisible();
      await expect(page.locator('.ticket-badge')).toHaveText(/Checked In$/);
      await expect(page.getByText('No connection: this is the copy of your ticket saved on this device.')).toContainText(/Last updated (just now|\d+ minutes? ago)\./);
    } finally {
      await context.setOffline(false);
    }
  });

  test('opened once, the ticket reloads with no network: the page hands its ticket to the worker, asking nothing twice @phone', async ({ page, context }) => {
    const event = await doorEvent('Trailhead');
    const id = await register(event.id, 'Otto Offline');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(`/api/checkin/`)) asked.push(request.url());
    });
    await page.goto(`/checkin/${id}`);
    await expect(page.getByRole('img', { name: 'QR code of your ticket, to be scanned at the door' })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Kept by the worker from what the page handed over (no second request for it).
    await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), `/api/checkin/${id}?format=json`)).toBe(true);
    expect(asked).toHaveLength(1);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
      await expect(page.getByRole('img', { name: 'QR code of your ticket, to be scanned at the door' })).toBeVisible();
      await expect(page.locator('.ticket-badge')).toHaveText(/Not Checked In$/);
      await expect(page.getByRole('status').filter({ hasText: 'saved on this device' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
