import { afterEach, describe, expect, it } from 'vitest';
import { createMailDelivery, PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR, RECIPIENT_LIMIT_REASON } from '../../src/mail/delivery.js';
import { localOutbox, MAILBOX } from '../../src/mail/local-outbox.js';
import { MAIL_JOBS, queueMail, type MailJob, type QueuedMail } from '../../src/outbox/outbox.js';
import type { DocumentStore } from '../../src/store/port.js';
import { fixedClock, recordingMailer, tempStore } from './helpers.js';

// Issue 12: whoever types a stranger's address into our forms cannot make us
// flood them; every send carries its job id (delivery is at-least-once).

const stores: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const each of stores.splice(0)) await each.close();
});

function setUp(options: { fail?: () => Error | null } = {}) {
  const temp = tempStore();
  stores.push(temp);
  const clock = fixedClock('2026-11-21T12:10:00.000Z');
  const mailer = recordingMailer(options);
  const compose = async (job: MailJob) => ({ message: { to: job.to, from: 'events@example.org', subject: job.kind, html: '<p>x</p>' } });
  const delivery = createMailDelivery({ store: temp.store, mailer, clock, compose, logger: { error: () => {} } });
  return { store: temp.store, clock, mailer, delivery };
}

async function queue(store: DocumentStore, job: QueuedMail, now: Date) {
  return store.runTransaction(async (tx) => queueMail(tx, job, now));
}

describe('the per-recipient limit on visitor-caused e-mail', () => {
  it(`sends at most ${PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR} an hour to one address, in any letter case, and skips the rest with the reason`, async () => {
    const { store, clock, mailer, delivery } = setUp();
    const ids = [];
    for (let i = 0; i < PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR + 2; i++) {
      const to = i % 2 ? 'Victim@Example.org' : 'victim@example.org ';
      ids.push(await queue(store, { kind: i % 3 ? 'ticket' : 'contactReceipt', rsvpId: `r${i}`, to }, clock.now()));
    }
    const counts = await delivery.deliverDue();
    expect(counts).toMatchObject({ sent: PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR, skipped: 2 });
    expect(mailer.sent).toHaveLength(PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR);
    const skipped = (await store.query(MAIL_JOBS)).filter((job) => job.data.status === 'skipped');
    expect(skipped).toHaveLength(2);
    for (const job of skipped) expect(job.data.lastError).toBe(RECIPIENT_LIMIT_REASON);
  });

  it('does not count staff resends, mail to the organisation, or other recipients', async () => {
    const { store, clock, mailer, delivery } = setUp();
    for (let i = 0; i < PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR; i++) await queue(store, { kind: 'ticket', rsvpId: `r${i}`, to: 'a@example.org' }, clock.now());
    await queue(store, { kind: 'ticket', rsvpId: 'resend', to: 'a@example.org', trigger: 'staff' }, clock.now());
    for (let i = 0; i < PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR + 1; i++) {
      await queue(store, { kind: 'contact', to: 'hello@org.example', payload: { name: 'n', email: 'e@example.org', message: 'm', receivedAt: '' } }, clock.now());
    }
    await queue(store, { kind: 'ticket', rsvpId: 'other', to: 'b@example.org' }, clock.now());
    const counts = await delivery.deliverDue();
    expect(counts).toMatchObject({ sent: 2 * PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR + 3, skipped: 0 });
    expect(mailer.sent.filter((message) => message.to === 'a@example.org')).toHaveLength(PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR + 1);
  });

  it('starts afresh the next hour, and counts a retried message once', async () => {
    let failures = 1;
    const { store, clock, mailer, delivery } = setUp({ fail: () => (failures-- > 0 ? new Error('provider down') : null) });
    for (let i = 0; i < PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR; i++) await queue(store, { kind: 'ticket', rsvpId: `r${i}`, to: 'c@example.org' }, clock.now());
    expect(await delivery.deliverDue()).toMatchObject({ sent: PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR - 1, retried: 1 });
    clock.advance(5 * 60_000);
    expect(await delivery.deliverDue()).toMatchObject({ sent: 1, skipped: 0 });
    await queue(store, { kind: 'ticket', rsvpId: 'late', to: 'c@example.org' }, clock.now());
    expect(await delivery.deliverDue()).toMatchObject({ sent: 0, skipped: 1 });
    clock.set('2026-11-21T13:00:00.000Z');
    await queue(store, { kind: 'ticket', rsvpId: 'next-hour', to: 'c@example.org' }, clock.now());
    expect(await delivery.deliverDue()).toMatchObject({ sent: 1 });
    expect(mailer.sent).toHaveLength(PUBLIC_MAIL_PER_RECIPIENT_PER_HOUR + 1);
  });
});

describe('job ids on sends', () => {
  it('every message reaches the mailer with the id of the job it delivers', async () => {
    const { store, clock, mailer, delivery } = setUp();
    const id = await queue(store, { kind: 'ticket', rsvpId: 'r1', to: 'd@example.org' }, clock.now());
    await delivery.deliverDue();
    expect(mailer.sent[0].jobId).toBe(id);
  });

  it('the local outbox keeps a redelivered job once', async () => {
    const { store, clock } = setUp();
    const outbox = localOutbox(store, clock);
    const message = { to: 'e@example.org', from: 'events@example.org', subject: 'Ticket', html: '<p>x</p>', jobId: 'job-1' };
    await outbox.send(message);
    await outbox.send(message);
    const stored = await store.query(MAILBOX);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: 'job-1', data: { jobId: 'job-1', to: 'e@example.org' } });
  });
});
