import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './mail.js';
import { api, idToken, reviewShot, STAFF, STARGAZING } from './support.js';

// The registration and check-in journeys with the keyboard alone (issue 13, item 6): after the
// first page load the tests only press keys (Tab, Shift+Tab, Enter, Space, typing), never click,
// and every stop the Tab key reaches shows where the focus is.


/** How the focused element shows its focus: an outline of at least 2px, or a box-shadow ring. */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: 'body', visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    return { element: label, visible: outline || ring };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the
 * focused element shows its focus. Fails after `max` presses: the target is not reachable.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focusIndicator(page);
    expect(focus.visible, `the focus on ${focus.element} is visible`).toBe(true);
  }
  await expect(target, `reached within ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

test.describe('keyboard only', () => {
  test('a visitor reaches a free event from the landing page, registers and sees the confirmation @phone', async ({ page }) => {
    // A whole journey by Tab and Enter, page to page: give a busy machine time for it.
    test.setTimeout(60_000);
    const email = uniqueEmail('keyboard');
    await page.goto('/');
    const events = page.locator('#events');
    const eventLink = events.getByRole('link', { name: new RegExp(STARGAZING) }).first();
    await expect(events.locator('article').first()).toBeVisible();
    // Other journeys add events dated before the seeded one: open further pages of the list
    // with the keyboard (Tab to 'Show more', Enter) until it shows.
    const more = events.getByRole('button', { name: 'Show more' });
    let opened = false;
    const loading = events.getByRole('button', { name: 'Loading...' });
    while (!(await eventLink.isVisible())) {
      // The button reads 'Loading...' while a page arrives: wait for it before deciding the list has ended.
      await expect(loading).toHaveCount(0);
      if (!(await more.isVisible())) break;
      await tabTo(page, more, { max: 120 });
      // Each Enter waits for the next page's cards to be drawn: a check right after the key could
      // still see the old page (or the button reading 'Loading...') and stop early on a busy machine.
      const shown = await events.locator('article').count();
      await page.keyboard.press('Enter');
      await expect.poll(() => events.locator('article').count()).toBeGreaterThan(shown);
      opened = true;
    }
    await expect(eventLink).toBeVisible();

    // From the top of the page; or back from 'Show more', above which the new cards appeared.
    await tabTo(page, eventLink, { max: 120, backwards: opened });
    await reviewShot(page, 'keyboard-landing-focus', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/stargazing$|\/event\//);
    await expect(page.getByRole('heading', { name: 'Night Sky Stargazing at Kolob Terrace', level: 1 })).toBeVisible();

    const form = page.locator('#register');
    const name = form.getByRole('textbox', { name: 'Name', exact: true });
    const mail = form.getByRole('textbox', { name: 'Email', exact: true });
    const register = form.getByRole('button', { name: 'Register' });

    await tabTo(page, name);
    await page.keyboard.type('Kay Board');
    await tabTo(page, mail);
    await page.keyboard.type('not-an-address');
    // Submitting with Enter from the field: the form says what is wrong.
    await page.keyboard.press('Enter');
    await expect(form.getByText('Please enter a valid email address').first()).toBeVisible();

    // Back to the e-mail with Shift+Tab if the error moved the focus, then put it right.
    await tabTo(page, mail, { backwards: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(email);
    await tabTo(page, register);
    await reviewShot(page, 'keyboard-register-focus', { fullPage: false });
    await page.keyboard.press('Space');

    await expect(form.getByText('You are registered! Your ticket is on its way to your inbox.')).toBeVisible();
    // The confirmation takes the focus, so a screen reader reads it and the next Tab starts there.
    await expect(form.getByRole('heading', { name: 'Registration Complete' })).toBeFocused();
    const again = form.getByRole('button', { name: 'Register Another Person' });
    await tabTo(page, again, { max: 10 });
    await reviewShot(page, 'keyboard-success', { fullPage: false });

    const { event } = await api<{ event: { id: string } }>('/events/stargazing');
    const { rsvps } = await api<{ rsvps: { email: string; name: string }[] }>(`/events/${event.id}/rsvps`, { token: await idToken() });
    expect(rsvps.filter((rsvp) => rsvp.email === email).map((rsvp) => rsvp.name)).toEqual(['Kay Board']);
  });

  test('staff sign in, look up a ticket and check the attendee in @phone', async ({ page }) => {
    const token = await idToken();
    const date = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
    const title = `Keyboard Door ${Date.now()}`;
    const { event } = await api<{ event: { id: string } }>('/events', {
      method: 'POST',
      token,
      body: JSON.stringify({ title, date, location: 'Zion Lodge' }),
    });
    const { rsvpId } = await api<{ rsvpId: string }>(`/events/${event.id}/rsvp`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Kit Keys', email: uniqueEmail('kit-keys') }),
    });

    await page.goto('/checkin');
    const emailField = page.getByLabel('Email');
    await expect(emailField).toBeVisible();
    await tabTo(page, emailField);
    await page.keyboard.type(STAFF.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(STAFF.password);
    await page.keyboard.press('Enter');

    // The event picker: typing an option's first letters chooses it.
    const picker = page.getByLabel('Event', { exact: true });
    await expect(picker).toBeVisible();
    await tabTo(page, picker);
    await page.keyboard.type(title);
    await expect(picker).toHaveValue(event.id);
    await expect(page.getByText('0 of 1 checked in')).toBeVisible();

    await tabTo(page, page.getByLabel('Ticket ID'));
    await page.keyboard.type(rsvpId);
    await page.keyboard.press('Enter');
    const checkIn = page.getByRole('button', { name: 'Check In Now' });
    await expect(checkIn).toBeVisible();
    await tabTo(page, checkIn, { max: 10 });
    await reviewShot(page, 'keyboard-checkin-focus', { fullPage: false });
    await page.keyboard.press('Enter');

    await expect(page.locator('.checkin-status')).toHaveText('Checked in: Kit Keys');
    await expect(page.getByText('1 of 1 checked in')).toBeVisible();
    const { ticket } = await api<{ ticket: { checkedIn: boolean; checkedInBy: string } }>(`/checkin/${rsvpId}?format=json`);
    expect(ticket).toMatchObject({ checkedIn: true, checkedInBy: STAFF.email });
  });
});
