import { expect, test } from '@playwright/test';
import { WAITLIST_MESSAGES, positionText } from '../../functions/src/shared/waitlist-model.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { ADMIN, API, api, idToken, signIn } from './support.js';

/*
 * Issue 28 item 1, as a visitor lives it: a 1-seat event fills, the registration section offers the
 * waitlist, the visitor joins, opens the link of the 'Waitlist joined' e-mail from the mailbox, sees
 * their place and leaves the list.
 */
test('a full event: join the waitlist, open the e-mailed link, leave @phone', async ({ page }) => {
  test.setTimeout(90_000);
  const date = new Date(Date.now() + 4 * 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
  const { event } = await api<{ event: { id: string; title: string } }>('/events', {
    method: 'POST',
    token: await idToken(),
    body: JSON.stringify({ title: `Bighorn Count ${Date.now()}`, date, location: 'Kolob Canyons', maxAttendees: 1, confirmByEmail: false }),
  });
  await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Seat Holder', email: uniqueEmail('holder') }) });
  const email = uniqueEmail('waiter');

  await test.step('the full event offers the waitlist and takes a join', async () => {
    await page.goto(`/event/${event.id}`);
    const form = page.getByRole('form', { name: WAITLIST_MESSAGES.joinHeading });
    await expect(form).toBeVisible();
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(WAITLIST_MESSAGES.seatsLabel).fill('1');
    await form.getByRole('button', { name: WAITLIST_MESSAGES.joinButton }).click();
    await expect(page.getByText(positionText(1))).toBeVisible();
  });

  await test.step('the e-mail carries the place and the link to the waitlist page', async () => {
    const mail = await waitForMail(email, /on the waitlist/);
    await page.goto(`${API}/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: mail.subject }).click();
    await page.getByRole('link', { name: 'See your place in line' }).click();
    await expect(page.getByRole('heading', { name: 'Your place on the waitlist' })).toBeVisible();
    await expect(page.getByText(positionText(1))).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
  });

  await test.step('leaving asks first, then says so', async () => {
    await page.getByRole('button', { name: WAITLIST_MESSAGES.leaveButton }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: WAITLIST_MESSAGES.leaveButton }).click();
    await expect(page.getByRole('heading', { name: 'You left the waitlist' })).toBeVisible();
    await expect(page.getByText(WAITLIST_MESSAGES.left)).toBeVisible();
  });
});

/*
 * Issue 28 items 2 and 5: an event fills, a visitor joins its waitlist, the admin cancels a
 * registration in the RSVPs tab with a reason, the offer e-mail arrives in the local mailbox, its
 * 'Claim' link opens the waitlist page where Claim gives the ticket; the admin then reads the whole
 * story on the new ticket's History and the cancel, with its reason, in the Activity tab.
 */
test('a freed seat is offered by e-mail and Claim gives the ticket; the admin reads the story @phone', async ({ page }) => {
  test.setTimeout(150_000);
  const date = new Date(Date.now() + 4 * 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
  const token = await idToken();
  const stamp = `${Date.now().toString(36)}${test.info().project.name}`;
  const { event } = await api<{ event: { id: string; title: string } }>('/events', {
    method: 'POST',
    token,
    body: JSON.stringify({ title: `Condor Watch ${stamp}`, date, location: 'Angels Landing', maxAttendees: 1, confirmByEmail: false }),
  });
  // Names are letters only: the stamp's digits spelt as capitals.
  const letters = stamp.replace(/[0-9]/g, (digit) => 'ABCDEFGHIJ'[Number(digit)]!);
  const holderName = `Seat Holder ${letters}`;
  const claimerName = `Grace Hopper ${letters}`;
  const reason = `Cannot come ${stamp}`;
  await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: holderName, email: uniqueEmail('holder') }) });
  const email = uniqueEmail('claimer');
  await test.step('the visitor joins the full event’s waitlist', async () => {
    await page.goto(`/event/${event.id}`);
    const form = page.getByRole('form', { name: WAITLIST_MESSAGES.joinHeading });
    await form.getByLabel('Name').fill(claimerName);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel(WAITLIST_MESSAGES.seatsLabel).fill('1');
    await form.getByRole('button', { name: WAITLIST_MESSAGES.joinButton }).click();
    await expect(page.getByText(positionText(1))).toBeVisible();
  });
  // The admin works in a second tab.
  const admin = await page.context().newPage();
  await test.step('the admin cancels the registration with a reason', async () => {
    await admin.goto(`/admin?tab=rsvps&event=${event.id}`);
    await signIn(admin, ADMIN);
    const row = admin.getByRole('row', { name: new RegExp(holderName) });
    await row.getByRole('button', { name: 'Cancel RSVP', exact: true }).click();
    const dialog = admin.getByRole('alertdialog', { name: `Cancel ${holderName}'s RSVP?` });
    await dialog.getByLabel('Reason (optional)').fill(reason);
    await dialog.getByRole('button', { name: 'Cancel RSVP' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Cancelled');
  });
  await test.step('the offer e-mail arrives; its Claim link opens the offer', async () => {
    const mail = await waitForMail(email, /^Seats freed up/);
    await page.goto(`${API}/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: mail.subject }).click();
    await page.getByRole('link', { name: WAITLIST_MESSAGES.claimButton, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Your place on the waitlist' })).toBeVisible();
    await expect(page.getByTestId('waitlist-offer')).toContainText(WAITLIST_MESSAGES.offered(1));
    await expect(page.getByTestId('waitlist-offer')).toContainText('Offered until');
  });
  await test.step('Claim gives the ticket, linked from the page and e-mailed', async () => {
    await page.getByRole('button', { name: WAITLIST_MESSAGES.claimButton }).click();
    await expect(page.getByText(WAITLIST_MESSAGES.claimed)).toBeVisible();
    await page.getByRole('link', { name: 'View your ticket' }).click();
    await expect(page.getByRole('region', { name: 'Attendee' })).toContainText(claimerName);
    await waitForMail(email, /ticket/i);
  });
  await test.step("the new ticket's History tells the story; the Activity tab has the cancel and its reason", async () => {
    await admin.reload();
    const row = admin.getByRole('row', { name: new RegExp(claimerName) });
    await row.getByRole('button', { name: `Details of ${claimerName}'s RSVP` }).click();
    const history = admin.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveText([
      /^Joined the waitlist by the attendee/,
      /^Offered seats by the system/,
      /^Claimed the offer by the attendee/,
      /^Registered by the attendee/,
    ]);
    await admin.getByRole('button', { name: 'Close' }).click();
    await admin.getByRole('tab', { name: 'Activity' }).click();
    // The tab's chunk may still be loading (the RSVPs panel stays shown meanwhile): wait for its form.
    const filters = admin.getByRole('form', { name: 'Activity filters' });
    await filters.getByLabel('Event', { exact: true }).selectOption(event.id);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const table = admin.getByRole('table', { name: 'Activity, newest first' });
    const cancelled = table.getByRole('row').filter({ hasText: `Reason: ${reason}` });
    await expect(cancelled).toContainText(ADMIN.email);
    await expect(cancelled).toContainText(holderName);
  });
});
