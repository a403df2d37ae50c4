import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localOutbox, MAILBOX } from '../../src/mail/local-outbox.js';
import { createMailService } from '../../src/mail/service.js';
import { DEFAULT_TEMPLATES, EMAIL_TEMPLATES } from '../../src/mail/template-store.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import type { DocumentStore } from '../../src/store/port.js';
import { SETTINGS, createThemeService } from '../../src/theme/service.js';
import { FROM, SITE_URL, TIME_ZONE, fixedClock, recordingMailer, tempStore } from './helpers.js';

let env: ReturnType<typeof tempStore>;
let store: DocumentStore;
beforeEach(() => {
  env = tempStore();
  store = env.store;
});
afterEach(() => env.close());

const TOKEN = 'raw-token-Yb3kP9sQ2mX7vL4n';
const invitation = {
  to: 'new.ranger@example.org',
  acceptUrl: `${SITE_URL}/admin?invite=${TOKEN}`,
  role: 'admin' as const,
  invitedBy: 'admin@zion.example.org',
  // 14:00 UTC is 7:00 AM in Denver.
  expiresAt: new Date('2026-11-30T14:00:00.000Z'),
};

function build(mailer = localOutbox(store, fixedClock()), logger: Pick<Console, 'error'> = console) {
  const clock = fixedClock();
  const mail = createMailService({ store, mailer, clock, timeZone: TIME_ZONE, siteUrl: SITE_URL, from: FROM, theme: createThemeService(store), logger });
  return { mail, mailer };
}

describe('sendAdminInvitation', () => {
  it('sends the default invitation through the local outbox at once: link, role, who invited, expiry and site name', async () => {
    await store.set(SETTINGS, 'theme', { siteName: 'Zion Friends' });
    const { mail, mailer } = build();
    await mail.sendAdminInvitation(invitation);

    const [entry, ...others] = await mailer.list({ to: 'new.ranger@example.org' });
    expect(others).toEqual([]);
    const message = (await mailer.get(entry.id))!;
    expect(message).toMatchObject({ to: 'new.ranger@example.org', from: FROM, subject: "You're invited to join the Zion Friends team" });
    // Handlebars escapes '=' as &#x3D;, which every mail client reads back as '='.
    expect(message.html).toContain(`href="${SITE_URL}/admin?invite&#x3D;${TOKEN}"`);
    expect(message.html).toContain('Accept the invitation');
    expect(message.html).toContain('<strong>Admin</strong>');
    expect(message.html).toContain('>Admin invitation</p>');
    expect(message.html).toContain('admin@zion.example.org');
    expect(message.html).toContain('Monday, November 30, 2026 at 7:00 AM MST');
    expect(message.text).toContain(`Accept the invitation (${SITE_URL}/admin?invite=${TOKEN})`);
    // Straight through the mailer: no outbox job keeps the raw token.
    expect(await store.query(MAIL_JOBS, {})).toEqual([]);
  });

  it('names the staff role and falls back to the project name without a theme', async () => {
    const { mail, mailer } = build();
    await mail.sendAdminInvitation({ ...invitation, role: 'staff' });
    const [entry] = await mailer.list();
    const message = (await mailer.get(entry.id))!;
    expect(message.subject).toBe("You're invited to join the Zion Events team");
    expect(message.html).toContain('<strong>Staff</strong>');
    // Titled for the role it offers, not as an admin invitation (issue 24 item 10).
    expect(message.html).toContain('>Staff invitation</p>');
    expect(message.html).not.toMatch(/admin invitation/i);
  });

  it('uses the saved invitation template, its values escaped', async () => {
    const { mail, mailer } = build();
    await mail.templates.save('adminInvitation', {
      subjectTemplate: '{{site.name}} needs you, {{invite.role}}',
      htmlTemplate: '<p>From {{invite.invitedBy}} until {{invite.expiresDate}}: <a href="{{invite.url}}">join</a></p>',
    });
    await mail.sendAdminInvitation({ ...invitation, invitedBy: 'jo<b>@example.org' });
    const [entry] = await mailer.list();
    const message = (await mailer.get(entry.id))!;
    expect(message.subject).toBe('Zion Events needs you, Admin');
    expect(message.html).toBe(
      `<p>From jo&lt;b&gt;@example.org until Monday, November 30, 2026 at 7:00 AM MST: <a href="${SITE_URL}/admin?invite&#x3D;${TOKEN}">join</a></p>`,
    );
  });

  it('falls back to the default when the stored template no longer renders', async () => {
    const logger = { error: vi.fn() };
    const { mail, mailer } = build(undefined, logger);
    // Written behind the save check's back, as an older version might have stored it.
    await store.set(EMAIL_TEMPLATES, 'adminInvitation', { subjectTemplate: 'Hi', htmlTemplate: '{{> missingPartial}}', updatedAt: '2026-11-01T00:00:00.000Z' });
    await mail.sendAdminInvitation(invitation);
    const [entry] = await mailer.list();
    expect((await mailer.get(entry.id))!.subject).toBe("You're invited to join the Zion Events team");
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('throws when the mailer fails, so the caller can undo the invitation', async () => {
    const failing = recordingMailer({ fail: () => new Error('SendGrid refused') });
    const { mail } = build(failing as unknown as ReturnType<typeof localOutbox>);
    await expect(mail.sendAdminInvitation(invitation)).rejects.toThrow('SendGrid refused');
    expect(await store.query(MAILBOX, {})).toEqual([]);
  });

  it('the invitation template is listed with the others and its default validates', async () => {
    const { mail } = build();
    expect(Object.keys(await mail.templates.get())).toEqual(['ticket', 'rsvpConfirmation', 'reminder', 'adminInvitation', 'ticketCancelledByAdmin', 'refundIssued', 'eventCancelled', 'eventUpdated', 'orderConfirmation', 'waitlistJoined', 'waitlistOffer', 'volunteerConfirmation', 'volunteerCancelled', 'volunteerReminder']);
    expect((await mail.templates.get()).adminInvitation).toEqual(DEFAULT_TEMPLATES.adminInvitation);
  });
});
