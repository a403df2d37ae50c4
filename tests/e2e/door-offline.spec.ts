// Issue 24 items 3 and 4: the door survives a reload without a network (its service worker serves
// the shell, the device keeps the event, its list and its queue), and it decides online or offline
// from its own calls, never from navigator.onLine.
import { expect, test, type Page } from '@playwright/test';
import { STAFF, signIn } from './support.js';
import { doorEvent, doorStatus, register, ticket } from './door.js';

const status = doorStatus;
const connection = (page: Page) => page.locator('.checkin-connection');

async function admit(page: Page, id: string) {
  const field = page.getByLabel('Ticket ID');
  await field.fill(id);
  await page.getByRole('button', { name: 'Look Up Ticket' }).click();
  await page.getByRole('button', { name: 'Check In Now' }).click();
}

test.describe('the door offline', () => {
  test('reloaded without a network, the door reopens on its event with its list and queue, and keeps admitting @phone', async ({ page, context }) => {
    const event = await doorEvent('Reload Night');
    const ann = await register(event.id, 'Ann Reload');
    const ben = await register(event.id, 'Ben Reload');
    // The network gives the sign-in configuration once, to the first visit, before any worker is
    // there to keep it, and never again (it dropped right after the door opened): the door must
    // restart from what the device kept.
    let configServed = false;
    await context.route('**/__/firebase/init.json', (route) => {
      if (configServed) return route.abort('internetdisconnected');
      configServed = true;
      return route.continue();
    });
    await page.goto('/checkin');
    await signIn(page, STAFF);
    await page.getByLabel('Event', { exact: true }).selectOption(event.id);
    await expect(page.getByText('0 of 2 checked in')).toBeVisible();
    await expect(connection(page)).toHaveText('Online');
    // The door's service worker controls the page once it has the shell in its cache.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await admit(page, ann);
    await expect(status(page)).toHaveText(/Checked in offline.*Ann Reload/);
    await expect(connection(page)).toHaveText('Offline: 1 check-in waiting to sync');

    await page.reload();
    // The door, not the browser's 'no internet' page: the same event, its list with Ann admitted, the queue.
    await expect(page.getByRole('heading', { name: 'Event Check-In' })).toBeVisible();
    await expect(page.getByLabel('Event', { exact: true })).toHaveValue(event.id);
    await expect(page.getByText('1 of 2 checked in')).toBeVisible();
    await expect(connection(page)).toHaveText('Offline: 1 check-in waiting to sync');

    await admit(page, ben);
    await expect(status(page)).toHaveText(/Checked in offline.*Ben Reload/);
    await expect(connection(page)).toHaveText('Offline: 2 check-ins waiting to sync');
    await expect(page.getByText('2 of 2 checked in')).toBeVisible();

    await context.setOffline(false);
    await expect(connection(page)).toHaveText('Online');
    const [annTicket, benTicket] = await Promise.all([ticket(ann), ticket(ben)]);
    expect(annTicket).toMatchObject({ checkedIn: true, checkedInBy: STAFF.email });
    expect(benTicket).toMatchObject({ checkedIn: true, checkedInBy: STAFF.email });
  });

  test('the sign-in configuration the door kept: a damaged copy offline says so and recovers; a captive portal\'s answer does not replace it @phone', async ({ page, context }) => {
    const KEPT = 'zion-sign-in-config';
    const keptCopy = () => page.evaluate((key) => localStorage.getItem(key), KEPT);
    await page.goto('/checkin');
    await signIn(page, STAFF);
    await expect(page.getByRole('heading', { name: 'Event Check-In' })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect.poll(keptCopy).not.toBeNull();
    const good = await keptCopy();

    // A damaged copy and no network: the door says what is wrong and offers to try again.
    await page.evaluate((key) => localStorage.setItem(key, '{"apiKey'), KEPT);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Sign-in is unavailable right now. Please check your connection and try again.')).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Event Check-In' })).toBeVisible();
    await expect.poll(keptCopy).toBe(good);

    // A venue's captive portal answers every address with its own page: the door starts from its copy.
    await context.route('**/__/firebase/init.json', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>Accept the terms to get online</body></html>' }));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Event Check-In' })).toBeVisible();
    await expect(page.getByText(STAFF.email)).toBeVisible();
    expect(await keptCopy()).toBe(good);
  });

  test('the admin dashboard is not controlled by the door\'s service worker', async ({ page }) => {
    await page.goto('/checkin');
    await signIn(page, STAFF);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: /log ?out/i }).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  });

  test('when navigator.onLine says offline but the network works, check-ins are sent, not queued', async ({ page, context }) => {
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false }));
    const event = await doorEvent('Liar Night');
    const cal = await register(event.id, 'Cal Online');
    await page.goto('/checkin');
    await signIn(page, STAFF);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.getByLabel('Event', { exact: true }).selectOption(event.id);
    await expect(page.getByText('0 of 1 checked in')).toBeVisible();
    await admit(page, cal);
    await expect(status(page)).toHaveText('Checked in: Cal Online');
    await expect(connection(page)).toHaveText('Online');
    expect(await ticket(cal)).toMatchObject({ checkedIn: true, checkedInBy: STAFF.email });
  });
});
