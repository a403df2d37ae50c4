import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { MAIL_JOBS, queueMail } from '../../src/outbox/outbox.js';
import { REGISTRATION_KEYS, RSVPS } from '../../src/rsvps/repository.js';
import { recipientKey } from '../../src/mail/delivery.js';
import { createHash } from 'node:crypto';
import { RSVP_MESSAGES, registrationLimitMessage } from '../../src/shared/rsvps-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent } from '../support/payments.js';
import { seatsTakenOf } from '../support/seats.js';

/*
 * Issue 23 items 1 and 2: seats go to people even with plus-addresses ('Confirm by e-mail', limits
 * counted per mailbox), and a repeated registration learns nothing of the one on file: its ticket
 * or the link to finish goes to that address, whose key exists only in the e-mail.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.clock.set('2026-11-21T12:00:00.000Z'));

const register = (eventId: string, body: Record<string, unknown>) => api.request.post(`/api/events/${eventId}/rsvp`).send(body);
const intent = (body: Record<string, unknown>) => api.request.post('/api/create-payment-intent').send(body);
const confirm = (rsvpId: string, key: unknown) => api.request.post(`/api/rsvps/${rsvpId}/confirm`).send({ key });
const hold = (rsvpId: string, key: unknown) => api.request.post(`/api/rsvps/${rsvpId}/hold`).send({ key });
const jobsOf = async (rsvpId: string) => (await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', rsvpId]] })).map((job) => job.data);

/** Delivers what is queued and answers every message to `to`, as the mailbox page shows them. */
async function mailsTo(to: string): Promise<{ subject: string; html: string; text: string }[]> {
  await api.services.mail.whenIdle();
  await api.services.mail.deliverDue();
  const list = await api.request.get(`/api/mailbox?format=json&to=${encodeURIComponent(to)}`);
  return Promise.all(list.body.messages.map(async ({ id }: { id: string }) => (await api.request.get(`/api/mailbox/${id}?format=json`)).body.message));
}

/** The one message to `to` whose subject starts with `subject`. */
async function mailTo(to: string, subject: string) {
  const found = (await mailsTo(to)).filter((mail) => mail.subject.startsWith(subject));
  expect(found, subject).toHaveLength(1);
  return found[0]!;
}

/** The RSVP id and key of each link e-mailed to `to` for `page` ('confirm' or 'pay'), oldest first. */
async function linksIn(to: string, page: 'confirm' | 'pay') {
  const links = [];
  for (const mail of (await mailsTo(to)).reverse()) {
    const match = new RegExp(`https://events\\.example\\.org/${page}/([^#"\\s]+)#key=([A-Za-z0-9_-]+)`).exec(mail.text);
    if (!match) continue;
    expect(mail.html).toContain(`/${page}/${match[1]}#key=${match[2]}`);
    links.push({ rsvpId: decodeURIComponent(match[1]!), key: match[2]!, mail });
  }
  return links;
}

/** The one link e-mailed to `to` for `page`. */
async function linkIn(to: string, page: 'confirm' | 'pay') {
  const links = await linksIn(to, page);
  expect(links).toHaveLength(1);
  return links[0]!;
}

describe('plus-addresses are one person (issue 23 item 1)', () => {
  it('plus-tags and dots of one mailbox share its limit; the real visitor still gets the last seat', async () => {
    const event = await createTestEvent(api, { maxAttendees: 5 });
    const tagged = ['kid+1@gmail.com', 'kid+2@gmail.com', 'k.i.d+3@gmail.com', 'KID+4@googlemail.com', 'kid+5@gmail.com'];
    const names = ['Ann Kid', 'Ben Kid', 'Cat Kid', 'Dan Kid', 'Eve Kid'];
    const answers = [];
    for (const [i, email] of tagged.entries()) answers.push((await register(event.id, { name: names[i], email })).status);
    expect(answers).toEqual([201, 201, 201, 201, 409]);
    const refused = await register(event.id, { name: 'Fay Kid', email: 'kid+6@gmail.com' });
    expect(refused.body).toMatchObject({ code: 'REGISTRATION_LIMIT_REACHED', message: registrationLimitMessage(4) });
    expect((await register(event.id, { name: 'Real Visitor', email: 'visitor@example.org' })).status).toBe(201);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(5);
    // Addresses are stored as typed: the mail goes where the person asked.
    const stored = (await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).map((doc) => doc.data.email).sort();
    expect(stored).toEqual(['k.i.d+3@gmail.com', 'kid+1@gmail.com', 'kid+2@gmail.com', 'kid+4@googlemail.com', 'visitor@example.org']);
  });

  it('the same person under a plus-tag is a repeat: no second seat', async () => {
    const event = await createTestEvent(api, { maxAttendees: 5 });
    expect((await register(event.id, { name: 'Ada Lovelace', email: 'ada@example.org' })).status).toBe(201);
    const again = await register(event.id, { name: 'Ada Lovelace', email: 'Ada+again@example.org' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_REGISTERED');
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
  });

  it('registrations stored under the address before mailboxes were compared still count', async () => {
    const event = await createTestEvent(api, { maxAttendees: 10, maxRegistrationsPerEmail: 2 });
    const first = await register(event.id, { name: 'Old Timer', email: 'old+x@example.org' });
    // As a registration before issue 23 left it: its key under the lower-cased address, not the mailbox.
    const mailboxKey = (await api.deps.store.query(REGISTRATION_KEYS, { where: [['eventId', '==', event.id]] }))[0]!;
    const addressHash = createHash('sha256').update('old+x@example.org').digest('base64url').slice(0, 32);
    await api.deps.store.runTransaction(async (tx) => {
      tx.delete(REGISTRATION_KEYS, mailboxKey.id);
      tx.set(REGISTRATION_KEYS, `${event.id}~${addressHash}`, { eventId: event.id, rsvpIds: [first.body.rsvpId] });
    });
    expect((await register(event.id, { name: 'Second Timer', email: 'old@example.org' })).status).toBe(201);
    const third = await register(event.id, { name: 'Third Timer', email: 'old+x@example.org' });
    expect(third.body.code).toBe('REGISTRATION_LIMIT_REACHED');
  });

  it('the per-recipient mail cap counts the mailbox: seven plus-tags receive at most five mails an hour', async () => {
    expect(recipientKey('Mail.Box+7@gmail.com')).toBe(recipientKey('mailbox@gmail.com'));
    const received = async () => {
      let count = 0;
      for (let i = 1; i <= 7; i++) count += (await api.request.get(`/api/mailbox?format=json&to=capped%2B${i}%40gmail.com`)).body.messages.length;
      return count;
    };
    const before = await received();
    for (let i = 1; i <= 7; i++) {
      const event = await createTestEvent(api, { title: `Cap Walk ${'abcdefg'[i - 1]}` });
      expect((await register(event.id, { name: 'Cap Person', email: `capped+${i}@gmail.com` })).status).toBe(201);
    }
    await api.services.mail.whenIdle();
    await api.services.mail.deliverDue();
    const delivered = (await received()) - before;
    expect(delivered).toBe(5);
  });
});

describe("'Confirm by e-mail' (issue 23 item 1)", () => {
  it('is on by default for a free event with a capacity, off without one, and never on a paid event', async () => {
    const post = async (body: Record<string, unknown>) =>
      (await api.request.post('/api/events').set(api.bearer('admin')).send({ title: 'Default Walk', date: '2026-12-05T19:30', location: 'Kolob', ...body })).body.event;
    expect((await post({ maxAttendees: 20 })).confirmByEmail).toBe(true);
    expect((await post({})).confirmByEmail).toBe(false);
    expect((await post({ maxAttendees: 20, confirmByEmail: false })).confirmByEmail).toBe(false);
    expect((await post({ confirmByEmail: true })).confirmByEmail).toBe(true);
    const paid = await createPaidEvent(api, { confirmByEmail: true });
    expect((await api.deps.store.get(EVENTS, paid.id))!.data.confirmByEmail).toBe(false);
    // The public page says so, so the form can tell the visitor.
    const created = await post({ maxAttendees: 5 });
    expect((await api.request.get(`/api/events/${created.id}`)).body.event.confirmByEmail).toBe(true);
  });

  it('holds the seat until the e-mailed link is opened; the key is only in the e-mail; the ticket follows', async () => {
    const event = await createTestEvent(api, { title: 'Owl Prowl', maxAttendees: 2, confirmByEmail: true });
    const reply = await register(event.id, { name: 'Olive Owl', email: 'olive.owl@example.org' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ success: true, message: RSVP_MESSAGES.confirmationSent, requiresPayment: false, requiresConfirmation: true });
    const [pending] = await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] });
    expect(pending!.data).toMatchObject({ status: 'pending_confirmation', holdExpiresAt: '2026-11-21T12:30:00.000Z' });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    // Not a ticket yet: the ticket page and the door know nothing of it.
    expect((await api.request.get(`/api/checkin/${pending!.id}?format=json`)).status).toBe(404);

    const { rsvpId, key, mail } = await linkIn('olive.owl@example.org', 'confirm');
    expect(rsvpId).toBe(pending!.id);
    expect(mail.subject).toBe('Confirm your registration: Owl Prowl');
    expect(mail.html).not.toContain('Olive');
    // Only the key's hash is stored: not in the RSVP, not in the mail job.
    const stored = (await api.deps.store.get(RSVPS, rsvpId))!.data;
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored.linkKeys?.confirm).toHaveLength(1);
    expect(JSON.stringify(await jobsOf(rsvpId))).not.toContain(key);

    // A wrong key, another RSVP's id, no key: one refusal, nothing changed.
    for (const [id, wrong] of [[rsvpId, 'not-the-key'], ['no-such-rsvp', key], [rsvpId, '']] as const) {
      const refused = await confirm(id, wrong);
      expect([400, 404]).toContain(refused.status);
      expect(refused.body.message).toBe(RSVP_MESSAGES.linkInvalid);
    }
    expect((await api.deps.store.get(RSVPS, rsvpId))!.data).toEqual(stored);

    const confirmed = await confirm(rsvpId, key);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      success: true,
      message: RSVP_MESSAGES.confirmed,
      ticketId: rsvpId,
      event: { id: event.id, title: 'Owl Prowl', date: expect.any(String), location: 'Kolob', customUrl: event.customUrl },
    });
    const after = (await api.deps.store.get(RSVPS, rsvpId))!.data;
    expect(after).toEqual({ ...stored, status: 'confirmed', holdExpiresAt: null });
    expect((await mailTo('olive.owl@example.org', 'Your ticket for Owl Prowl')).html).toContain(`/checkin/${rsvpId}`);
    // Opening the link again answers the same and sends nothing more.
    expect((await confirm(rsvpId, key)).body.ticketId).toBe(rsvpId);
    expect((await jobsOf(rsvpId)).map((job) => job.kind).sort()).toEqual(['confirmRegistration', 'ticket']);
    expect((await api.request.get(`/api/checkin/${rsvpId}?format=json`)).status).toBe(200);
  });

  it('an unconfirmed seat is released when its time is up, and its link then says so', async () => {
    const event = await createTestEvent(api, { maxAttendees: 1, confirmByEmail: true });
    await register(event.id, { name: 'Late Larry', email: 'late.larry@example.org' });
    const { rsvpId, key } = await linkIn('late.larry@example.org', 'confirm');
    // The one seat is held: the next person is told the event is full.
    expect((await register(event.id, { name: 'Next Nora', email: 'nora@example.org' })).body.code).toBe('EVENT_FULL');
    api.clock.set('2026-11-21T12:31:00.000Z');
    expect(await api.services.payments.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect((await api.deps.store.get(RSVPS, rsvpId))!.data.status).toBe('released');
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    const late = await confirm(rsvpId, key);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'LINK_EXPIRED', message: RSVP_MESSAGES.confirmationLinkExpired });
    expect((await register(event.id, { name: 'Next Nora', email: 'nora@example.org' })).status).toBe(201);
  });

  it('a repeat while unconfirmed sends the link again (at most hourly), says nothing else, and the older link still works', async () => {
    const event = await createTestEvent(api, { maxAttendees: 5, confirmByEmail: true });
    await register(event.id, { name: 'Twice Tina', email: 'tina@example.org' });
    const first = await linkIn('tina@example.org', 'confirm');
    api.clock.set('2026-11-21T12:05:00.000Z');
    for (let i = 0; i < 2; i++) {
      const again = await register(event.id, { name: 'Twice Tina', email: 'tina@example.org' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, code: 'ALREADY_REGISTERED', message: RSVP_MESSAGES.alreadyRegistered });
    }
    expect((await jobsOf(first.rsvpId)).map((job) => job.kind)).toEqual(['confirmRegistration', 'confirmRegistration']);
    const links = await linksIn('tina@example.org', 'confirm');
    expect(links).toHaveLength(2);
    expect(new Set(links.map((link) => link.key)).size).toBe(2);
    expect((await confirm(first.rsvpId, first.key)).status).toBe(200);
  });

  it('a hold cancelled before its mail is composed gets no link; a staff check-in of an unconfirmed one is refused', async () => {
    const event = await createTestEvent(api, { maxAttendees: 5, confirmByEmail: true });
    await register(event.id, { name: 'Gone Gus', email: 'gus@example.org' });
    const [cancelled] = await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] });
    const sent = await linksIn('gus@example.org', 'confirm');
    await api.request.delete(`/api/rsvps/${cancelled!.id}`).set(api.bearer('admin')).expect(200);
    const keysBefore = (await api.deps.store.get(RSVPS, cancelled!.id))!.data.linkKeys;
    // A link mail still queued when the hold was cancelled (a resend, a retry) is skipped: no key minted.
    const jobId = await api.deps.store.runTransaction(async (tx) => queueMail(tx, { kind: 'confirmRegistration', rsvpId: cancelled!.id, to: 'gus@example.org' }, api.clock.now()));
    expect(await linksIn('gus@example.org', 'confirm')).toHaveLength(sent.length);
    expect((await api.deps.store.get(MAIL_JOBS, jobId))!.data.status).toBe('skipped');
    expect((await api.deps.store.get(RSVPS, cancelled!.id))!.data.linkKeys).toEqual(keysBefore);
    // Its old link is refused as not valid, and confirms nothing.
    expect((await confirm(cancelled!.id, sent[0]!.key)).body.code).toBe('LINK_INVALID');

    await register(event.id, { name: 'Door Dora', email: 'dora@example.org' });
    const pending = (await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).find((doc) => doc.data.status === 'pending_confirmation');
    const checkIn = await api.request.post(`/api/checkin/${pending!.id}`).set(api.bearer('staff')).send({ eventId: event.id });
    expect(checkIn.status).toBe(409);
    expect(checkIn.body).toMatchObject({ code: 'NOT_CONFIRMED', message: 'This registration was never confirmed by e-mail, so it cannot be admitted' });
    expect((await api.deps.store.get(RSVPS, pending!.id))!.data.checkedIn).toBe(false);
  });
});

describe('a repeat of an unpaid registration (issue 23 item 2)', () => {
  it('e-mails the payment link to the address on file; the link opens the hold for its holder and nobody else', async () => {
    const event = await createPaidEvent(api);
    const buyer = { name: 'Hold Holly', email: 'holly@example.org', ticketType: 'Member' };
    const first = await intent({ eventId: event.id, amount: 3500, ...buyer });
    expect(first.status).toBe(200);
    api.clock.set('2026-11-21T12:02:00.000Z');
    const repeat = await intent({ eventId: event.id, amount: 3500, ...buyer });
    expect(repeat.status).toBe(409);
    expect(JSON.stringify(repeat.body)).not.toContain(first.body.rsvpId);
    expect(JSON.stringify(repeat.body)).not.toContain(first.body.clientSecret);

    const { rsvpId, key, mail } = await linkIn('holly@example.org', 'pay');
    expect(rsvpId).toBe(first.body.rsvpId);
    expect(mail.subject).toMatch(/^Finish paying for your ticket/);
    expect((await hold(rsvpId, 'guess')).status).toBe(404);
    const opened = await hold(rsvpId, key);
    expect(opened.status).toBe(200);
    expect(opened.body.hold).toMatchObject({ rsvpId, name: 'Hold Holly', email: 'holly@example.org', ticketType: 'Member', amount: 3500, holdExpiresAt: '2026-11-21T12:30:00.000Z' });
    expect(opened.body.hold.event).toMatchObject({ id: event.id });

    // The holder pays through the link's page: the same hold, then the link says it is paid.
    const paying = await intent({ eventId: event.id, amount: 3500, ...buyer, rsvpId });
    expect(paying.body.paymentIntentId).toBe(first.body.paymentIntentId);
    await api.request
      .post(`/api/offline-payments/${paying.body.paymentIntentId}/confirm`)
      .send({ clientSecret: paying.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' })
      .expect(200);
    const paid = await hold(rsvpId, key);
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({ code: 'ALREADY_PAID', message: RSVP_MESSAGES.alreadyPaid });
  });

  it('a payment link after the hold ran out says it expired', async () => {
    const event = await createPaidEvent(api);
    const buyer = { name: 'Gone Gail', email: 'gail@example.org', ticketType: 'Member' };
    await intent({ eventId: event.id, amount: 3500, ...buyer });
    expect((await intent({ eventId: event.id, amount: 3500, ...buyer })).status).toBe(409);
    const { rsvpId, key } = await linkIn('gail@example.org', 'pay');
    api.clock.set('2026-11-21T12:31:00.000Z');
    const expired = await hold(rsvpId, key);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'LINK_EXPIRED', message: RSVP_MESSAGES.paymentLinkExpired });
  });
});
