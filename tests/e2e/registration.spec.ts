import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, waitForMail } from './mail.js';
import { API, api, expectNoHorizontalScroll, idToken, reviewShot } from './support.js';

async function fillPerson(page: Page, name: string, email: string) {
  const form = page.locator('#register');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  return form;
}

function checkInLink(html: string) {
  const match = /http:\/\/127\.0\.0\.1:5000\/checkin\/([A-Za-z0-9_-]+)/.exec(html);
  expect(match, 'the e-mail links to the ticket page').not.toBeNull();
  return { url: match![0], ticketId: match![1] };
}

test.describe('free registration', () => {
  test('a visitor registers, receives the ticket e-mail with a QR code, and its link opens the ticket @phone', async ({ page }) => {
    const email = uniqueEmail('free');
    await page.goto('/stargazing#register');
    const form = await fillPerson(page, 'Ada Lovelace', email);
    await form.getByRole('textbox', { name: 'City' }).fill('Springdale');
    await expectNoHorizontalScroll(page);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('You are registered! Your ticket is on its way to your inbox.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Register Another Person' })).toBeVisible();

    const mail = await waitForMail(email);
    expect(mail.subject).toContain('Night Sky Stargazing at Kolob Terrace');
    expect(mail.html).toContain('Ada Lovelace');
    expect(mail.html).toContain('cid:ticket-qr');
    const qr = mail.attachments.find((attachment) => attachment.contentId === 'ticket-qr');
    expect(qr?.contentType).toBe('image/png');
    expect(qr!.size).toBeGreaterThan(500);
    const { url, ticketId } = checkInLink(mail.html);

    // The rendered message in the local mailbox shows the QR image inline.
    await page.goto(`${API}/mailbox/${mail.id}`);
    await expect(page.locator('img[alt="Ticket QR code"]')).toHaveAttribute('src', /^data:image\/png;base64,/);

    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Event Ticket' })).toBeVisible();
    await expect(page.getByText('Ada Lovelace')).toBeVisible();
    await expect(page.getByText('Not Checked In')).toBeVisible();
    await expect(page.getByText('Present this screen to event staff for check-in')).toBeVisible();
    await expect(page.getByText(ticketId)).toBeVisible();
    await expect(page.getByText('Night Sky Stargazing at Kolob Terrace').first()).toBeVisible();
  });

  test('Register Another Person resets the form', async ({ page }) => {
    await page.goto('/stargazing#register');
    const form = await fillPerson(page, 'Grace Hopper', uniqueEmail('again'));
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByRole('button', { name: 'Register Another Person' }).click();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Register' })).toBeVisible();
  });

  test('registering again with the same name and e-mail says so, takes no second seat and sends the ticket again @phone', async ({ page }) => {
    const email = uniqueEmail('twice');
    await page.goto('/stargazing#register');
    let form = await fillPerson(page, 'Katherine Johnson', email);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('You are registered! Your ticket is on its way to your inbox.')).toBeVisible();
    await waitForMail(email);

    // Later, on a fresh page, the same person (typed a little differently) registers again.
    await page.reload();
    form = await fillPerson(page, '  katherine  JOHNSON ', email.toUpperCase());
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('alert')).toContainText('You are already registered for this event');
    await expect(form.getByText('You are registered!')).toHaveCount(0);
    await reviewShot(page, 'already-registered');

    // One RSVP for this person (other journeys may register for the same event meanwhile, so count theirs only).
    const { event } = await api<{ event: { id: string } }>('/events/stargazing');
    const { rsvps } = await api<{ rsvps: { email: string }[] }>(`/events/${event.id}/rsvps`, { token: await idToken() });
    expect(rsvps.filter((rsvp) => rsvp.email === email)).toHaveLength(1);
    await expect
      .poll(async () => ((await (await fetch(`${API}/mailbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] }).messages.length)
      .toBe(2);
  });

  test('an event that has started shows that registration has closed instead of the form @phone', async ({ page }) => {
    const token = await idToken();
    const started = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const { event } = await api<{ event: { id: string } }>('/events', {
      method: 'POST',
      token,
      body: JSON.stringify({ title: `Sunrise Hike ${Date.now()}`, date: started, location: 'Watchman Trailhead' }),
    });
    try {
      await page.goto(`/${event.id}#register`);
      const section = page.locator('#register');
      await expect(section.getByRole('status')).toHaveText('Registration for this event has closed');
      await expect(section.getByRole('button', { name: 'Register' })).toHaveCount(0);
      await reviewShot(page, 'registration-closed');
      const refused = await fetch(`${API}/events/${event.id}/rsvp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Late Riser', email: uniqueEmail('late-riser') }),
      });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'REGISTRATION_CLOSED', message: 'Registration for this event has closed' });
    } finally {
      // Off the public list again, as the other journeys expect it.
      await api(`/events/${event.id}/archive`, { method: 'PATCH', token });
    }
  });

  test('name and email are required', async ({ page }) => {
    await page.goto('/stargazing#register');
    const form = page.locator('#register');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('Name and email are required').first()).toBeVisible();
  });

  test('a full event says so and registers nobody', async ({ page }) => {
    const token = await idToken();
    const { event } = await api<{ event: { id: string } }>('/events', {
      method: 'POST',
      token,
      // Three months ahead, whatever today is: registration is open, and the seeded events stay first on the landing page.
      body: JSON.stringify({ title: `Tiny Talk ${Date.now()}`, date: `${new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)}T18:00`, location: 'Library', maxAttendees: 2 }),
    });
    await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'First', email: uniqueEmail('first') }) });
    await page.goto(`/${event.id}#register`);
    const form = await fillPerson(page, 'Late Comer', uniqueEmail('late'));
    // Someone else takes the last seat while this visitor is typing.
    await api(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Second', email: uniqueEmail('second') }) });
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('Sorry, this event is full.')).toBeVisible();
    await page.reload();
    await expect(page.locator('#register').getByText('This event is full.')).toBeVisible();
    const { rsvps } = await api<{ rsvps: unknown[] }>(`/events/${event.id}/rsvps`, { token });
    expect(rsvps).toHaveLength(2);
  });

  test('a network failure says so', async ({ page }) => {
    await page.goto('/stargazing#register');
    const form = await fillPerson(page, 'Offline Olive', uniqueEmail('offline'));
    await page.route('**/api/events/*/rsvp', (route) => route.abort());
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('Network error. Please try again.')).toBeVisible();
  });
});

test.describe('paid registration', () => {
  async function startPayment(page: Page, email: string) {
    await page.goto('/condor-dinner#register');
    const form = await fillPerson(page, 'Mary Austin', email);
    await form.getByLabel('Ticket type').selectOption({ label: 'Member — $35.00' });
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    return form;
  }

  async function enterCard(page: Page, number: string) {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $35.00' }).click();
  }

  test('the test card pays, reaches Payment Successful, and the ticket e-mail arrives', async ({ page }) => {
    const email = uniqueEmail('paid');
    await startPayment(page, email);
    await enterCard(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/payment-success\?payment_intent=pi_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    const paymentId = new URL(page.url()).searchParams.get('payment_intent')!;
    await expect(page.getByText(paymentId)).toBeVisible();
    const mail = await waitForMail(email);
    expect(mail.subject).toContain('California Condor Talk & Dinner');
    const { ticketId } = checkInLink(mail.html);
    await page.getByRole('link', { name: 'View Your Ticket' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkin/${ticketId}$`));
    await expect(page.getByText('Member')).toBeVisible();
    const { ticket } = await api<{ ticket: { attendee: { email: string } } }>(`/checkin/${ticketId}?format=json`);
    expect(ticket.attendee.email).toBe(email);
  });

  test('a declined card shows the card message and issues no ticket', async ({ page }) => {
    const email = uniqueEmail('declined');
    await startPayment(page, email);
    await enterCard(page, '4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(page).not.toHaveURL(/payment-success/);
    await page.waitForTimeout(1500);
    const reply = (await (await fetch(`${API}/mailbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] };
    expect(reply.messages).toHaveLength(0);
  });

  test('Cancel in the payment step returns to the form', async ({ page }) => {
    await startPayment(page, uniqueEmail('cancel'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('#register').getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
  });

  test('a failure to open the payment offers Try Again and Cancel', async ({ page }) => {
    await page.route('**/api/create-payment-intent', (route) => route.fulfill({ status: 500, json: { success: false, message: 'boom' } }));
    await page.goto('/condor-dinner#register');
    const form = await fillPerson(page, 'Mary Austin', uniqueEmail('init'));
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Failed to initialize payment')).toBeVisible();
    await page.unroute('**/api/create-payment-intent');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
  });
});

test.describe('ticket page and contact form', () => {
  test('an unknown ticket says so with help and a way back', async ({ page }) => {
    await page.goto('/checkin/not-a-real-ticket');
    await expect(page.getByText('Ticket not found')).toBeVisible();
    await expect(page.getByText('Please contact event staff for assistance.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Events' })).toBeVisible();
  });

  test('the API ticket URL without format=json lands on the ticket page', async ({ page }) => {
    const email = uniqueEmail('redirect');
    const { rsvpId } = await api<{ rsvpId: string }>('/events/stargazing/rsvp', { method: 'POST', body: JSON.stringify({ name: 'Rhea Direct', email }) });
    await page.goto(`${API}/checkin/${rsvpId}`);
    await expect(page).toHaveURL(new RegExp(`/checkin/${rsvpId}$`));
    await expect(page.getByText('Rhea Direct')).toBeVisible();
  });

  test('the contact form sends the message to the organisation and confirms', async ({ page }) => {
    const email = uniqueEmail('contact');
    await page.goto('/#contact');
    const form = page.locator('#contact form');
    await form.getByLabel('Name').fill('Curious Visitor');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message').fill(`Can I bring my dog? ${email}`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
    const received = await waitForMail('events@example.org', /Curious Visitor/);
    expect(received.html).toContain(email);
  });
});
