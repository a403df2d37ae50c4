// Screenshots of the key screens at phone and desktop width, for comparing a change
// by eye: node scripts/screenshots.mjs <out-dir> [site-url]. Needs the stack running.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const out = process.argv[2] ?? 'test-results/screens';
const site = process.argv[3] ?? 'http://127.0.0.1:5000';
mkdirSync(out, { recursive: true });

const events = (await (await fetch(`${site}/api/events`)).json()).events;
const free = events.find((e) => !e.requiresPayment);
const paid = events.find((e) => e.requiresPayment);
const rsvp = await (
  await fetch(`${site}/api/events/${free.id}/rsvp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Screen Shot', email: 'screens@example.org' }),
  })
).json();

const pages = [
  ['landing', '/'],
  ['event-free', `/${free.customUrl || free.id}`],
  ['event-paid', `/${paid.customUrl || paid.id}#register`],
  ['ticket', `/checkin/${rsvp.rsvpId}`],
  ['admin-login', '/admin'],
  ['checkin-login', '/checkin'],
  ['not-found', '/no/such/page'],
  ['payment-missing', '/payment-success'],
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [width, height, label] of [
  [360, 740, 'phone'],
  [1366, 900, 'desktop'],
]) {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  for (const [name, path] of pages) {
    await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `${name}-${label}.png`), fullPage: label === 'desktop' });
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
