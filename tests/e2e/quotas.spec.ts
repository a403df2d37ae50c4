import { expect, test } from '@playwright/test';
import { ADMIN, api, idToken, landingEventCard, signIn } from './support.js';

/*
 * Issue 26 item 4 on the npm start stack: an admin creates an event with a quota for each of its two
 * ticket types in the dashboard; once one type is nearly gone and the other sold out, the landing
 * card and the event page say '3 left' and 'Sold out', and the sold-out type cannot be chosen.
 */

test.describe('Quotas per ticket type', () => {
  test("the admin sets two quotas; the public card and page say '3 left', and a sold-out type cannot be chosen @phone", async ({ page, context }) => {
    test.setTimeout(180_000);
    const stamp = `${Date.now().toString(36)}${test.info().project.name}`;
    const title = `Owl Prowl ${stamp}`;
    const slug = `owl-prowl-${stamp}`;
    const year = new Date().getUTCFullYear() + 1;
    let eventId = '';

    try {
      await test.step('the admin creates an event of 10 with 3 General and 1 Family', async () => {
        await page.goto('/admin?tab=events');
        await signIn(page, ADMIN);
        await page.getByRole('button', { name: 'Create Event' }).click();
        const form = page.locator('form.event-form');
        await form.getByLabel('Title').fill(title);
        await form.getByLabel(/Date and time/).fill(`${year}-08-08T21:00`);
        await form.getByLabel('Location').fill('Zion Canyon Visitor Center');
        await form.getByLabel('Maximum attendees').fill('10');
        await form.getByLabel('New ticket type').fill('Family');
        await form.getByRole('button', { name: 'Add ticket type' }).click();
        // A quota above the maximum is refused on its row before anything is sent.
        await form.getByLabel('Quota of ticket type 2').fill('11');
        await form.getByLabel('Custom URL').fill(slug);
        await form.getByRole('button', { name: 'Create Event' }).click();
        await expect(form.getByText("The quota of 'Family' cannot be more than the maximum attendees")).toBeVisible();
        await form.getByLabel('Quota of ticket type 1').fill('3');
        await form.getByLabel('Quota of ticket type 2').fill('1');
        await form.getByRole('button', { name: 'Create Event' }).click();
        await expect(page.locator('.ui-toast').filter({ hasText: 'Event created' })).toBeVisible();
        const { event } = await api<{ event: { id: string; ticketQuotas: Record<string, number> } }>(`/events/${slug}`, { token: await idToken() });
        expect(event.ticketQuotas).toEqual({ General: 3, Family: 1 });
        eventId = event.id;
      });

      await test.step("the one Family ticket is taken; a second is refused by name", async () => {
        const taken = await page.request.post(`/api/events/${eventId}/rsvp`, { data: { name: 'Olive Owl', email: `olive.${stamp}@example.org`, ticketType: 'Family' } });
        expect(taken.status()).toBe(201);
        const refused = await page.request.post(`/api/events/${eventId}/rsvp`, { data: { name: 'Oscar Owl', email: `oscar.${stamp}@example.org`, ticketType: 'Family' } });
        expect(refused.status()).toBe(409);
        expect(await refused.json()).toMatchObject({ code: 'TICKET_TYPE_SOLD_OUT', message: "No 'Family' tickets left" });
      });

      const visitor = await context.newPage();
      await test.step("the landing card says 'General: 3 left · Family: Sold out'", async () => {
        await visitor.goto('/');
        const card = await landingEventCard(visitor, title);
        await expect(card.getByText('General: 3 left · Family: Sold out')).toBeVisible();
      });

      await test.step("the event page says '3 left' beside General, and Family cannot be chosen", async () => {
        await visitor.goto(`/${slug}#register`);
        const list = visitor.getByRole('list', { name: 'Ticket Types' });
        await expect(list.getByRole('listitem').filter({ hasText: 'General' })).toContainText('3 left');
        await expect(list.getByRole('listitem').filter({ hasText: 'Family' })).toContainText('Sold out');
        const choice = visitor.locator('#register').getByRole('combobox', { name: /Ticket type/ });
        await expect(choice).toHaveValue('General');
        await expect(choice.getByRole('option', { name: 'Family (Sold out)' })).toBeDisabled();
        await expect(choice.getByRole('option', { name: 'General (3 left)' })).toBeEnabled();
      });
      await visitor.close();
    } finally {
      // Off the public list again, as the other journeys expect it.
      if (eventId) await api(`/events/${eventId}/archive`, { method: 'PATCH', token: await idToken() });
    }
  });
});
