import { expect, test } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { ADMIN, api, idToken, signIn } from './support.js';

/*
 * Issue 28 item 5 on the npm start stack: an admin cancels a registration with a reason in the
 * RSVPs tab, then reads who did it, and why, on the RSVP's History and in the Activity tab.
 */
test.describe('Audit log', () => {
  test('an admin cancels a registration with a reason and reads it in the History and the Activity tab @phone', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${test.info().project.name}`;
    const title = `Owl Prowl ${stamp}`;
    // Names are letters only: the stamp's digits spelt as capitals.
    const name = `Olive Owl ${stamp.replace(/[0-9]/g, (digit) => 'ABCDEFGHIJ'[Number(digit)])}`;
    const reason = `Asked by phone ${stamp}`;
    const token = await idToken();
    const year = new Date().getUTCFullYear() + 1;
    const { event } = await api<{ event: { id: string } }>('/events', {
      method: 'POST',
      token,
      body: JSON.stringify({ title, date: `${year}-08-01T20:00`, location: 'Zion Lodge', confirmByEmail: false }),
    });
    await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name, email: uniqueEmail('owl') }) });

    await test.step('the admin cancels the RSVP, giving a reason', async () => {
      await page.goto(`/admin?tab=rsvps&event=${event.id}`);
      await signIn(page, ADMIN);
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByRole('button', { name: 'Cancel RSVP', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: `Cancel ${name}'s RSVP?` });
      await dialog.getByLabel('Reason (optional)').fill(reason);
      await dialog.getByRole('button', { name: 'Cancel RSVP' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Cancelled');
    });

    await test.step("the RSVP's History says who cancelled it and why", async () => {
      await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: `Details of ${name}'s RSVP` }).click();
      const history = page.getByRole('region', { name: 'History' });
      await expect(history.getByRole('listitem')).toHaveText([/^Registered by the attendee/, new RegExp(`^Cancelled by ${ADMIN.email}: ${reason}`)]);
      await page.getByRole('button', { name: 'Close' }).click();
    });

    await test.step('the Activity tab lists it, filtered by the event', async () => {
      await page.getByRole('tab', { name: 'Activity' }).click();
      await expect(page).toHaveURL(/tab=activity/);
      // The tab's chunk may still be loading (the RSVPs panel stays shown meanwhile): wait for its form.
      const filters = page.getByRole('form', { name: 'Activity filters' });
      await filters.getByLabel('Event', { exact: true }).selectOption(event.id);
      await filters.getByRole('button', { name: 'Apply filters' }).click();
      const table = page.getByRole('table', { name: 'Activity, newest first' });
      const cancelled = table.getByRole('row').filter({ hasText: `Reason: ${reason}` });
      await expect(cancelled).toContainText(ADMIN.email);
      await expect(cancelled).toContainText('Cancelled');
      await expect(cancelled).toContainText(name);
      await expect(table.getByRole('row').filter({ hasText: 'Event created' })).toContainText(title);
    });
  });
});
