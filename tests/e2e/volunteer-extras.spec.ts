import { expect, test } from '@playwright/test';
import { VOLUNTEER_AT_EVENT_TEXT } from '../../functions/src/shared/events-model.js';
import { VOLUNTEER_MESSAGES } from '../../functions/src/shared/volunteers-model.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { API, api, idToken } from './support.js';

/*
 * Issue 29 items 1, 2 and 4 on the seeded restoration day: its event page links to its own volunteer
 * roles; the seeded 'Water station' role gives its volunteers a free ticket, so a sign-up gets the
 * volunteer confirmation (with the shift's .ics) and the event ticket, its sign-up page offers 'Add
 * to calendar', and cancelling the shift cancels the ticket and frees its seat.
 */

async function restorationId(): Promise<string> {
  const { events } = await api<{ events: { id: string; title: string }[] }>('/events');
  return events.find((event) => event.title === 'Riverside Restoration Day')!.id;
}

test("the event page's 'Volunteer at this event' leads to its roles on the Volunteer page @phone", async ({ page }) => {
  const id = await restorationId();
  await page.goto(`/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside Restoration Day' })).toBeVisible();
  await page.getByRole('link', { name: VOLUNTEER_AT_EVENT_TEXT }).click();
  await expect(page).toHaveURL(new RegExp(`/volunteer#event-${id}$`));
  const group = page.locator(`#event-${id}`);
  await expect(group.getByRole('heading', { name: 'Riverside Restoration Day' })).toBeVisible();
  await expect(group.getByRole('article', { name: 'Water station' })).toBeVisible();
  // Scrolled to its group once the list loaded.
  await expect(group.getByRole('heading', { level: 2 })).toBeInViewport();
});

test('a free-ticket role: the sign-up gets the volunteer e-mail and the ticket, cancelling the shift frees the seat @phone', async ({ page }) => {
  test.setTimeout(90_000);
  const id = await restorationId();
  const token = await idToken();
  const email = uniqueEmail('water');
  const ticketOf = async () => {
    const { rsvps } = await api<{ rsvps: { email: string; status: string; paymentStatus: string }[] }>(`/events/${id}/rsvps?include=cancelled`, { token });
    return rsvps.find((rsvp) => rsvp.email === email) ?? null;
  };

  await test.step('sign up for a Water station shift', async () => {
    await page.goto('/volunteer');
    const water = page.getByRole('article', { name: 'Water station' });
    const open = water.getByRole('listitem').filter({ has: page.getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }) }).first();
    const shiftName = (await open.getAttribute('aria-label')) ?? '';
    const shift = water.getByRole('listitem', { name: shiftName, exact: true });
    await shift.getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }).click();
    const form = shift.getByRole('form');
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: VOLUNTEER_MESSAGES.submitButton }).click();
    await expect(shift.getByText(VOLUNTEER_MESSAGES.signedUp)).toBeVisible();
  });

  await test.step('both e-mails arrive: the confirmation with the shift .ics, and the free ticket', async () => {
    const confirmation = await waitForMail(email, /You are volunteering: Water station/);
    expect(confirmation.attachments.map((attachment) => attachment.filename)).toContain('volunteer-water-station.ics');
    await waitForMail(email, /^Your ticket for Riverside Restoration Day$/);
    expect(await ticketOf()).toMatchObject({ status: 'confirmed', paymentStatus: 'free' });
  });

  await test.step('cancelling the shift from the e-mailed link cancels the ticket and frees its seat', async () => {
    const confirmation = await waitForMail(email, /You are volunteering/);
    await page.goto(`${API}/mailbox/${confirmation.id}`);
    await page.getByRole('link', { name: 'See or cancel my shift' }).click();
    await expect(page.getByRole('heading', { name: VOLUNTEER_MESSAGES.signupHeading })).toBeVisible();
    // 'Add to calendar' as on the ticket page: Google Calendar, and the shift's .ics with the page's key.
    await expect(page.getByRole('link', { name: VOLUNTEER_MESSAGES.googleCalendar })).toHaveAttribute('href', /calendar\.google\.com.*Water\+station/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: VOLUNTEER_MESSAGES.downloadIcs }).click()]);
    expect(download.suggestedFilename()).toBe('volunteer-water-station.ics');
    await page.getByRole('button', { name: VOLUNTEER_MESSAGES.cancelButton }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: VOLUNTEER_MESSAGES.cancelButton }).click();
    await expect(page.getByText(VOLUNTEER_MESSAGES.cancelled)).toBeVisible();
    await waitForMail(email, /^Your ticket is cancelled: Riverside Restoration Day$/);
    expect(await ticketOf()).toMatchObject({ status: 'cancelled' });
  });
});
