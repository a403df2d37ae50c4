import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForMail } from './mail.js';
import { api, expectNoHorizontalScroll } from './support.js';

test.describe('the local mailbox', () => {
  test('each message shows its Subject in view, at phone width too, even for a long address (issue 24 item 19) @phone', async ({ page }) => {
    const { events } = await api<{ events: { id: string; customUrl: string }[] }>('/events');
    const stargazing = events.find((candidate) => candidate.customUrl === 'stargazing')!;
    // An address long enough to push a table's last column out of a phone's view.
    const email = uniqueEmail('a-rather-long-mailbox-name-for-the-mailbox-layout');
    await api(`/events/${stargazing.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Long Address', email }) });
    const mail = await waitForMail(email);
    await page.goto(`/api/mailbox?to=${encodeURIComponent(email)}`);
    const subject = page.getByRole('link', { name: mail.subject });
    await expect(subject).toBeVisible();
    const box = (await subject.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x, 'the Subject starts on screen').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the Subject ends on screen').toBeLessThanOrEqual(width);
    await expectNoHorizontalScroll(page);
  });
});
