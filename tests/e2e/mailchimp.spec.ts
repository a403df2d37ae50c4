import { expect, test } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { ADMIN, API, api, expectNoHorizontalScroll, idToken, reviewShot, signIn } from './support.js';

/*
 * Mailchimp (issue 11) on the local stack's offline demo audiences: an admin syncs an event's
 * attendees to a demo audience and sees them on the local audiences page; once the event has
 * an audience, a registration with 'Keep me informed about future events' ticked appears there
 * on its own, pending (double opt-in, issue 23: Mailchimp asks the address to confirm).
 */

type Member = { email: string; status: string; tags: string[] };
type AudiencePage = { audiences: { id: string; name: string; members: Member[] }[] };

async function members(audienceId: string): Promise<Member[]> {
  const page = (await (await fetch(`${API}/audiences?format=json`)).json()) as AudiencePage;
  return page.audiences.find((audience) => audience.id === audienceId)?.members ?? [];
}

/** A free event two months ahead with a tag of its own (so the Events tab can be filtered to it) and two attendees. */
async function eventWithAttendees(stamp: string) {
  const token = await idToken(ADMIN);
  const date = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const title = `Bat Night ${stamp}`;
  const { event } = await api<{ event: { id: string } }>('/events', {
    method: 'POST',
    token,
    body: JSON.stringify({ title, date: `${date}T20:00`, location: 'Zion Lodge lawn', tags: [`bats-${stamp}`], mailchimpTags: ['bats'] }),
  });
  const ann = uniqueEmail('ann');
  const fake = `zed-${stamp}@nowhere.invalid`;
  await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Ann Attendee', email: ann }) });
  await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Zed Fake', email: fake }) });
  return { id: event.id, title, tag: `bats-${stamp}`, ann, fake };
}

test.describe('Mailchimp', () => {
  test('@phone an admin syncs an event to a demo audience and sees the members; a new registration with the box ticked appears there on its own', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const event = await eventWithAttendees(stamp);
    const item = page.getByRole('listitem', { name: event.title, exact: true });

    await test.step('sync to the demo audience from the Events tab', async () => {
      await page.goto(`/admin?tab=events&tag=${event.tag}`);
      await signIn(page, ADMIN);
      await item.getByRole('button', { name: 'Sync to Mailchimp' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sync to Mailchimp' });
      await expect(dialog.getByText(event.title)).toBeVisible();
      await dialog.getByRole('radio', { name: /Zion Volunteers \(demo\)/ }).check();
      await expect(dialog.getByText(/subscribers?$/).first()).toBeVisible();
      await reviewShot(page, 'mailchimp-choose');
      await expectNoHorizontalScroll(page);
      await dialog.getByRole('button', { name: 'Sync', exact: true }).click();
      await expect(dialog.getByText('1 synced, 1 failed')).toBeVisible();
      await expect(dialog.getByRole('list', { name: 'Not synced' })).toContainText(`${event.fake}: ${event.fake} looks fake or invalid, please enter a real email address.`);
      await reviewShot(page, 'mailchimp-result');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(item.getByRole('button', { name: 'Sync to Mailchimp' })).toBeFocused();
    });

    await test.step('the local audiences page lists the member: a transactional contact (the box was not offered)', async () => {
      const audiences = await page.context().newPage();
      await audiences.goto('/api/audiences');
      const volunteers = audiences.getByRole('region', { name: 'Zion Volunteers (demo)' });
      const row = volunteers.getByRole('row').filter({ hasText: event.ann });
      await expect(row).toContainText('Ann Attendee');
      await expect(row).toContainText('transactional');
      await expect(row).toContainText(event.title);
      await expect(volunteers.getByRole('row').filter({ hasText: event.fake })).toHaveCount(0);
      await expectNoHorizontalScroll(audiences);
      await reviewShot(audiences, 'mailchimp-audiences-page');
      // Its neighbour, the mailbox, shares the frame: on a phone its table scrolls in its box too.
      await audiences.getByRole('link', { name: 'Mailbox' }).click();
      await expect(audiences.getByRole('heading', { name: 'Local development mailbox' })).toBeVisible();
      await expectNoHorizontalScroll(audiences);
      await audiences.close();
    });

    await test.step('give the event an audience on its form', async () => {
      await item.getByRole('button', { name: 'Edit' }).click();
      const form = page.locator('form.event-form');
      const select = form.getByLabel('Mailchimp audience');
      await expect(select.locator('option', { hasText: 'Canyon Newsletter (demo)' })).toHaveCount(1);
      await select.selectOption({ label: (await select.locator('option', { hasText: 'Canyon Newsletter (demo)' }).textContent())! });
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.locator('.ui-toast').filter({ hasText: 'Event updated' })).toBeVisible();
    });

    await test.step('a visitor ticks the box and registers: they appear in the audience on their own, pending until they confirm', async () => {
      const visitor = await page.context().newPage();
      const email = uniqueEmail('keen');
      await visitor.goto(`/${event.id}#register`);
      const form = visitor.locator('#register');
      const box = form.getByRole('checkbox', { name: 'Keep me informed about future events' });
      await expect(box).not.toBeChecked();
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Keen Volunteer');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await box.check();
      await reviewShot(visitor, 'mailchimp-consent');
      await form.getByRole('button', { name: 'Register' }).click();
      await expect(visitor.getByText(/You are registered!/)).toBeVisible();
      await expect.poll(async () => (await members('demo-newsletter')).find((m) => m.email === email), { timeout: 20_000 }).toMatchObject({
        status: 'pending',
        tags: ['bats', event.title],
      });
      // The local audiences page says so: pending, not subscribed.
      await visitor.goto('/api/audiences');
      const newsletter = visitor.getByRole('region', { name: 'Canyon Newsletter (demo)' });
      await expect(newsletter.getByRole('row').filter({ hasText: email })).toContainText('pending');
      await expect(newsletter).toContainText(/pending confirmation/);
      await visitor.close();
    });
  });

  test('the box is not offered on an event without an audience', async ({ page }) => {
    const event = await eventWithAttendees(`${Date.now().toString(36)}x`);
    await page.goto(`/${event.id}#register`);
    await expect(page.locator('#register').getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Keep me informed about future events' })).toHaveCount(0);
  });
});
