import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { OVERVIEW_LIMITS, OVERVIEW_MESSAGES } from '../../functions/src/shared/overview-model.js';
import { ORGANISATION_TIME_ZONE } from '../../functions/src/shared/constants.js';
import { uniqueEmail } from './mail.js';
import { ADMIN, STAFF, api, expectNoHorizontalScroll, expectNoSeriousA11yViolations, idToken, signIn } from './support.js';

/*
 * Issue 30 on the npm start stack, as an organiser lives it: the admin signs in and lands on the
 * Overview, sees tonight's small event full (fill bar, money, last 7 days, 'Nearly full'), opens
 * it, reads a chart as a table and downloads its CSV, and watches the door's live view move when a
 * guest is checked in at the door. At phone and desktop width.
 */

/** Today's date on the organisation's clock ('YYYY-MM-DD'). */
function organisationToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ORGANISATION_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** Minutes since midnight on the organisation's clock. */
function organisationMinutes(): number {
  const [hours, minutes] = new Intl.DateTimeFormat('en-GB', { timeZone: ORGANISATION_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date())
    .split(':')
    .map(Number);
  return hours! * 60 + minutes!;
}

/** An event's card on the Overview tab. */
const overviewCard = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Upcoming events' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('Overview', () => {
  test("the admin reads tonight's event at a glance, opens it, and watches the door live @phone", async ({ page }) => {
    test.setTimeout(120_000);
    // The event is tonight at 23:59 and people register for it: in the organisation's last 10 minutes
    // of the day it would start before the test ends (registration closes at the start), and its day
    // would be yesterday for the rest of the test.
    test.skip(organisationMinutes() >= 23 * 60 + 50, "within 10 minutes of the organisation's midnight");
    const stamp = `${Date.now().toString(36)}${test.info().project.name}`;
    const title = `Overview Night ${stamp}`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    // Tonight, late: the event's day is today on the organisation's clock, so the page has its door view.
    const { event } = await api<{ event: { id: string } }>('/events', {
      method: 'POST',
      token: await idToken(),
      body: JSON.stringify({ title, date: `${organisationToday()}T23:59`, location: 'Zion Lodge', maxAttendees: 3, confirmByEmail: false }),
    });
    const tickets: string[] = [];
    for (const name of ['Ada Owl', 'Ben Owl', 'Cy Owl']) {
      const { rsvpId } = await api<{ rsvpId: string }>(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name, email: uniqueEmail('overview') }) });
      tickets.push(rsvpId);
    }

    await test.step('Overview is the first tab; the card shows fill, money, the last 7 days and the warning', async () => {
      await page.goto('/admin');
      await signIn(page, ADMIN);
      const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
      await expect(tabs.getByRole('tab').first()).toHaveText(OVERVIEW_MESSAGES.tabLabel);
      await expect(tabs.getByRole('tab', { name: OVERVIEW_MESSAGES.tabLabel, selected: true })).toBeVisible();
      const card = overviewCard(page, title);
      await expect(card).toContainText('3 of 3 registered');
      await expect(card.locator('.overview-fill-bar span')).toHaveAttribute('style', /width: 100%/);
      await expect(card).toContainText('Taken$0.00');
      await expect(card).toContainText(`3 in the last ${OVERVIEW_LIMITS.sparklineDays} days`);
      await expect(card.locator('.overview-sparkline canvas')).toBeVisible();
      await expect(card).toContainText(OVERVIEW_MESSAGES.nearlyFull);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("the card opens the event's page: charts with a text summary, as a table, as CSV", async () => {
      await overviewCard(page, title).getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]event=${event.id}`));
      const article = page.getByRole('article', { name: title });
      const registrations = article.getByRole('figure', { name: 'Registrations over time' });
      await expect(registrations).toContainText(`3 of 3 registered, 3 in the last ${OVERVIEW_LIMITS.sparklineDays} days.`);
      await expect(registrations.locator('canvas').first()).toBeVisible();
      await registrations.getByRole('button', { name: `${OVERVIEW_MESSAGES.showTable}: Registrations over time` }).click();
      const table = registrations.getByRole('table', { name: 'Registrations over time' });
      await expect(table.getByRole('row').last()).toContainText('3');
      const downloading = page.waitForEvent('download');
      await registrations.getByRole('button', { name: `${OVERVIEW_MESSAGES.downloadCsv}: Registrations over time` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${slug}-registrations.csv`);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const [header, ...rows] = text.slice(1).trim().split('\r\n');
      expect(header).toBe('"Day","New registrations","Cancelled","Holding a seat"');
      expect(rows.at(-1)).toBe(`"${organisationToday()}","3","0","3"`);
      await expect(article.getByRole('figure', { name: 'Ticket types' })).toContainText('General: 3 (100%).');
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('the live check-in view moves on its own after a check-in at the door', async () => {
      const live = page.getByRole('region', { name: 'Check-in, live' });
      await expect(live.getByRole('status')).toHaveText('0 of 3 checked in (0%)');
      await api(`/checkin/${tickets[0]}`, { method: 'POST', token: await idToken(STAFF), body: JSON.stringify({ eventId: event.id, door: 'North Gate' }) });
      // No reload: the page asks again every OVERVIEW_LIMITS.liveRefreshMs.
      await expect(live.getByRole('status')).toHaveText('1 of 3 checked in (33%)', { timeout: OVERVIEW_LIMITS.liveRefreshMs * 2 + 5_000 });
      await expect(live.getByRole('figure', { name: 'Check-ins by door' })).toContainText('North Gate: 1.');
      await expect(live.getByRole('figure', { name: 'Arrivals per 10 minutes' })).toContainText('1 arrival;');
      await expect(live.getByRole('figure', { name: 'Arrivals per 10 minutes' }).locator('canvas').first()).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    await test.step("the Events tab opens the same page", async () => {
      await page.getByRole('link', { name: /Back to the overview/ }).click();
      await expect(overviewCard(page, title)).toBeVisible();
      await page.getByRole('tab', { name: 'Events' }).click();
      const item = page.locator('.events-admin-item').filter({ has: page.getByRole('heading', { name: title }) });
      await item.getByRole('button', { name: 'Overview', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]tab=overview&event=${event.id}`));
      await expect(page.getByRole('article', { name: title }).getByRole('heading', { name: title })).toBeVisible();
    });
  });
});
