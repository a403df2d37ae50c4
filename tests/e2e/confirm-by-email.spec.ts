import { expect, test, type Page } from '@playwright/test';
import { RSVP_MESSAGES } from '../../functions/src/shared/rsvps-model.js';
import { uniqueEmail, waitForMail, type MailboxMessage } from './mail.js';
import { ADMIN, API, api, idToken, signIn } from './support.js';

/*
 * Issue 23 items 1 and 2, as a visitor lives them: a free event with a capacity holds each seat
 * until the link e-mailed to the registration is opened; a repeat of an unpaid registration
 * learns nothing on the page and finds the payment link in the inbox instead.
 */

/** Opens the message in the local mailbox page, as from the inbox, and follows its button. */
async function followMailButton(page: Page, to: string, mail: MailboxMessage, button: string) {
  await page.goto(`${API}/mailbox?to=${encodeURIComponent(to)}`);
  await page.getByRole('link', { name: mail.subject }).click();
  await page.getByRole('link', { name: button }).click();
}

async function fillPerson(page: Page, name: string, email: string) {
  const form = page.locator('#register');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  return form;
}

test.describe("'Confirm by e-mail' and the links in an attendee's e-mail", () => {
  test('a free event with a capacity confirms by e-mail: the link confirms the seat, and the ticket follows @phone', async ({ page, context }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${test.info().project.name}`;
    const title = `Owl Prowl ${stamp}`;
    const slug = `owl-prowl-${stamp}`;
    const email = uniqueEmail('confirm');
    const year = new Date().getUTCFullYear() + 1;
    let eventId = '';

    try {
      await test.step('the admin creates a free event with 2 seats, leaving Confirm by e-mail as it comes', async () => {
        await page.goto('/admin?tab=events');
        await signIn(page, ADMIN);
        await page.getByRole('button', { name: 'Create Event' }).click();
        const form = page.locator('form.event-form');
        await form.getByLabel('Title').fill(title);
        await form.getByLabel(/Date and time/).fill(`${year}-06-12T21:00`);
        await form.getByLabel('Location').fill('Kolob Canyons Road');
        const confirmBox = form.getByRole('checkbox', { name: 'Confirm by e-mail' });
        await expect(confirmBox).not.toBeChecked();
        await form.getByLabel('Maximum attendees').fill('2');
        // Free with a maximum: the box shows the default it will be saved with.
        await expect(confirmBox).toBeChecked();
        await expect(form.getByText(/holds its seat for 30 minutes until the person opens the link/)).toBeVisible();
        await form.getByLabel('Custom URL').fill(slug);
        await form.getByRole('button', { name: 'Create Event' }).click();
        await expect(page.locator('.ui-toast').filter({ hasText: 'Event created' })).toBeVisible();
        const { event } = await api<{ event: { id: string; confirmByEmail: boolean } }>(`/events/${slug}`);
        expect(event.confirmByEmail).toBe(true);
        eventId = event.id;
      });

      const visitor = await context.newPage();
      await test.step("a visitor registers and is told to check the inbox, with no ticket", async () => {
        await visitor.goto(`/${slug}#register`);
        const form = await fillPerson(visitor, 'Florence Merriam', email);
        await form.getByRole('button', { name: 'Register' }).click();
        await expect(form.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
        await expect(form.getByText(RSVP_MESSAGES.confirmationSent)).toBeVisible();
        await expect(form.getByRole('link', { name: /ticket/i })).toHaveCount(0);
      });

      await test.step('the admin sees the seat held, awaiting the e-mail confirmation', async () => {
        await page.goto(`/admin?tab=rsvps&event=${eventId}`);
        const row = page.getByRole('row').filter({ hasText: email });
        await expect(row).toContainText('Awaiting e-mail confirmation');
      });

      let confirmUrl = '';
      await test.step('the link in the e-mail confirms the registration, and keeps no key in the address', async () => {
        const mail = await waitForMail(email, /^Confirm your registration/);
        expect(mail.subject).toContain(title);
        await followMailButton(visitor, email, mail, 'Confirm my registration');
        await expect(visitor).toHaveURL(/\/confirm\/[^/#]+$/);
        await expect(visitor.getByRole('heading', { name: 'Registration confirmed' })).toBeVisible();
        await expect(visitor.getByText(RSVP_MESSAGES.confirmed)).toBeVisible();
        await expect(visitor.getByText(title)).toBeVisible();
        await expect(visitor.getByText('Kolob Canyons Road')).toBeVisible();
        confirmUrl = /https?:\/\/[^\s"<]+\/confirm\/[^\s"<]+/.exec(mail.text)?.[0] ?? '';
        expect(confirmUrl).toContain('#key=');
      });

      await test.step('the ticket e-mail arrives, and the page opens the same ticket', async () => {
        const ticketMail = await waitForMail(email, /^(?!Confirm your registration)/);
        const ticketId = /\/checkin\/([A-Za-z0-9_-]+)/.exec(ticketMail.html)?.[1];
        expect(ticketId).toBeTruthy();
        await visitor.getByRole('link', { name: 'View your ticket' }).click();
        await expect(visitor).toHaveURL(new RegExp(`/checkin/${ticketId}$`));
        await expect(visitor.getByText('Florence Merriam')).toBeVisible();
      });

      await test.step('opening the link again says the same', async () => {
        await visitor.goto(confirmUrl);
        await expect(visitor.getByRole('heading', { name: 'Registration confirmed' })).toBeVisible();
        await expect(visitor).not.toHaveURL(/#/);
        // A link cut short (no key) asks nothing and says it is not valid.
        await visitor.goto(confirmUrl.replace(/#.*$/, ''));
        await expect(visitor.getByRole('alert')).toHaveText(RSVP_MESSAGES.linkInvalid);
      });
      await visitor.close();
    } finally {
      // Off the public list again, as the other journeys expect it.
      if (eventId) await api(`/events/${eventId}/archive`, { method: 'PATCH', token: await idToken() });
    }
  });

  test('an abandoned payment: registering again says only that the details were e-mailed, and the payment link pays the held seat @phone', async ({ page, context }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('hold');
    const name = 'John Muir';

    await test.step('a visitor opens the payment, then closes the page', async () => {
      const first = await context.newPage();
      await first.goto('/condor-dinner#register');
      const form = await fillPerson(first, name, email);
      await form.getByLabel('Ticket type').selectOption({ label: 'Member — $35.00' });
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(first.getByLabel('Card number')).toBeVisible();
      await first.close();
    });

    await test.step('registering again with the same details: the already-registered notice, no payment step', async () => {
      await page.goto('/condor-dinner#register');
      const form = await fillPerson(page, name, email);
      await form.getByLabel('Ticket type').selectOption({ label: 'Member — $35.00' });
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(form.getByRole('alert')).toHaveText(RSVP_MESSAGES.alreadyRegistered);
      await expect(page.getByLabel('Card number')).toHaveCount(0);
    });

    await test.step('the payment link in the inbox shows the hold and pays it with the test card', async () => {
      const mail = await waitForMail(email, /^Finish paying for your ticket/);
      expect(mail.subject).toContain('California Condor Talk & Dinner');
      await followMailButton(page, email, mail, 'Pay for my ticket');
      await expect(page).toHaveURL(/\/pay\/[^/#]+$/);
      await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible();
      await expect(page.getByText(/^Your seat is held until \d{1,2}:\d{2} [AP]M [A-Z]{3,4}\.$/)).toBeVisible();
      const details = page.locator('.link-details');
      await expect(details).toContainText('California Condor Talk & Dinner');
      await expect(details).toContainText(name);
      await expect(details).toContainText('Member');
      await expect(details).toContainText('$35.00');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/30');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay $35.00' }).click();
      await expect(page).toHaveURL(/\/payment-success\?payment_intent=pi_/);
      await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    });

    await test.step('the ticket e-mail arrives and the success page opens that ticket', async () => {
      const ticketMail = await waitForMail(email, /^(?!Finish paying for your ticket)/);
      const ticketId = /\/checkin\/([A-Za-z0-9_-]+)/.exec(ticketMail.html)?.[1];
      expect(ticketId).toBeTruthy();
      await page.getByRole('link', { name: 'View Your Ticket' }).click();
      await expect(page).toHaveURL(new RegExp(`/checkin/${ticketId}$`));
      await expect(page.getByText(name)).toBeVisible();
    });

    await test.step('the payment link, once paid, says so', async () => {
      const mail = await waitForMail(email, /^Finish paying for your ticket/);
      const payUrl = /https?:\/\/[^\s"<]+\/pay\/[^\s"<]+/.exec(mail.text)?.[0];
      expect(payUrl).toContain('#key=');
      await page.goto(payUrl!);
      await expect(page.getByRole('alert')).toHaveText(RSVP_MESSAGES.alreadyPaid);
    });
  });
});
