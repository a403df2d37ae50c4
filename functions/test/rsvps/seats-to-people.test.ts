import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { PERSON_NAME_MESSAGES } from '../../src/shared/person-name-model.js';
import { registrationLimitMessage, RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent } from '../support/payments.js';
import { numberedName } from '../support/names.js';
import { seatsTakenOf } from '../support/seats.js';
import { SEAT_SHARDS } from '../../src/seats/repository.js';

/*
 * Issue 12 item 1, "seats go to people, not scripts": a per-event limit of registrations
 * per e-mail address, a repeated registration answered without a second seat (its e-mail
 * sent again at most hourly), unpaid holds counted and never extended, and registration
 * closed once the event started. Every refusal leaves the store as it was.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.clock.set('2026-11-21T12:00:00.000Z'));

const register = (eventId: string, body: Record<string, unknown>) => api.request.post(`/api/events/${eventId}/rsvp`).send(body);
const intent = (body: Record<string, unknown>) => api.request.post('/api/create-payment-intent').send(body);

/** Everything a refusal must leave alone: the event's RSVPs, its seat count and the mail queue. */
async function snapshot(eventId: string) {
  const rsvps = await api.deps.store.query(RSVPS, { where: [['eventId', '==', eventId]] });
  return {
    rsvps: rsvps.map((doc) => ({ id: doc.id, ...doc.data })).sort((a, b) => a.id.localeCompare(b.id)),
    event: (await api.deps.store.get(EVENTS, eventId))!.data,
    seatsTaken: await seatsTakenOf(api.deps.store, eventId),
    shards: (await api.deps.store.query(SEAT_SHARDS, { where: [['eventId', '==', eventId]] })).map((doc) => doc.data),
    mailJobs: (await api.deps.store.query(MAIL_JOBS)).length,
  };
}

const mailsFor = async (rsvpId: string) => (await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', rsvpId]] })).map((job) => job.data.kind);

describe('registrations per e-mail address', () => {
  it('a 5th registration by one e-mail is refused with a clear message, and nothing is stored', async () => {
    const event = await createTestEvent(api, { maxAttendees: 50 });
    for (const name of ['Ann Parent', 'Ben Child', 'Cat Child', 'Dan Child']) {
      expect((await register(event.id, { name, email: 'family@example.org' })).status).toBe(201);
    }
    const before = await snapshot(event.id);
    const fifth = await register(event.id, { name: 'Eve Bot', email: 'FAMILY@example.org ' });
    expect(fifth.status).toBe(409);
    expect(fifth.body).toEqual({
      success: false,
      code: 'REGISTRATION_LIMIT_REACHED',
      message: registrationLimitMessage(4),
      errors: { email: registrationLimitMessage(4) },
    });
    expect(await snapshot(event.id)).toEqual(before);
    expect(before.seatsTaken).toBe(4);
  });

  it('a school group: 40 different e-mails and 4 pupils under the teacher’s e-mail, all at once, all registered', async () => {
    const event = await createTestEvent(api, { maxAttendees: 100 });
    const pupils = Array.from({ length: 40 }, (_, i) => ({ name: numberedName('Pupil', i), email: `pupil${i}@school.example.org` }));
    const teacher = Array.from({ length: 4 }, (_, i) => ({ name: numberedName('Teacher Group', i), email: 'teacher@school.example.org' }));
    const responses = await Promise.all([...pupils, ...teacher].map((person) => register(event.id, person)));
    expect(responses.map((response) => response.status)).toEqual(Array(44).fill(201));
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(44);
  });

  it('a burst of 8 registrations under one e-mail, at once, gives exactly 4', async () => {
    const event = await createTestEvent(api);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => register(event.id, { name: numberedName('Bot', i), email: 'bot@example.org' })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(4);
    expect(responses.filter((response) => response.status === 409 && response.body.code === 'REGISTRATION_LIMIT_REACHED')).toHaveLength(4);
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toHaveLength(4);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(4);
  });

  it("follows the event's own limit, per event; a cancelled registration no longer counts", async () => {
    const strict = await createTestEvent(api, { maxRegistrationsPerEmail: 1 });
    const other = await createTestEvent(api, { maxRegistrationsPerEmail: 1 });
    const first = await register(strict.id, { name: 'Solo One', email: 'solo@example.org' });
    expect(first.status).toBe(201);
    const second = await register(strict.id, { name: 'Solo Two', email: 'solo@example.org' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('This e-mail address already has 1 registration for this event, the most allowed');
    expect((await register(other.id, { name: 'Solo Two', email: 'solo@example.org' })).status).toBe(201);
    await api.request.delete(`/api/rsvps/${first.body.rsvpId}`).set(api.bearer('admin')).expect(200);
    expect((await register(strict.id, { name: 'Solo Two', email: 'solo@example.org' })).status).toBe(201);
  });

  it('unpaid card holds count toward the limit until they run out', async () => {
    const event = await createPaidEvent(api, { maxAttendees: 20 });
    for (let i = 0; i < 4; i++) {
      const held = await intent({ eventId: event.id, amount: 3500, ticketType: 'Member', name: numberedName('Holder', i), email: 'holder@example.org' });
      expect(held.status, JSON.stringify(held.body)).toBe(200);
    }
    const before = await snapshot(event.id);
    const viaForm = await register(event.id, { name: 'Holder Five', email: 'holder@example.org', ticketType: 'Member' });
    expect(viaForm.body.code).toBe('REGISTRATION_LIMIT_REACHED');
    const viaIntent = await intent({ eventId: event.id, amount: 3500, ticketType: 'Member', name: 'Holder Five', email: 'holder@example.org' });
    expect(viaIntent.status).toBe(409);
    expect(viaIntent.body.code).toBe('REGISTRATION_LIMIT_REACHED');
    expect(await snapshot(event.id)).toEqual(before);
    // Holds run out after 30 minutes: even before the sweep releases them, they no longer count.
    api.clock.set('2026-11-21T12:31:00.000Z');
    expect((await register(event.id, { name: 'Holder Five', email: 'holder@example.org', ticketType: 'Member' })).status).toBe(201);
  });
});

describe('the same name and e-mail again', () => {
  const ada = { name: 'Ada Lovelace', email: 'ada@example.org' };

  it("answers 'You are already registered for this event', takes no second seat and resends the ticket at most once an hour", async () => {
    const event = await createTestEvent(api, { maxAttendees: 10 });
    const first = await register(event.id, ada);
    expect(first.status).toBe(201);
    const rsvpId = first.body.rsvpId;
    expect(await mailsFor(rsvpId)).toEqual(['ticket']);

    // Spaces, case and the e-mail's case do not make another person.
    const again = await register(event.id, { name: '  ada   LOVELACE ', email: ' ADA@Example.org' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, code: 'ALREADY_REGISTERED', message: RSVP_MESSAGES.alreadyRegistered });
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toHaveLength(1);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    expect(await mailsFor(rsvpId)).toEqual(['ticket', 'ticket']);
    expect((await api.deps.store.get(RSVPS, rsvpId))!.data.repeatResentAt).toBe('2026-11-21T12:00:00.000Z');

    // Within the hour: the same answer, no more e-mail, nothing else written.
    api.clock.set('2026-11-21T12:59:00.000Z');
    const before = await snapshot(event.id);
    expect((await register(event.id, ada)).body.code).toBe('ALREADY_REGISTERED');
    expect(await snapshot(event.id)).toEqual(before);

    // An hour after the last resend, once more.
    api.clock.set('2026-11-21T13:00:00.000Z');
    expect((await register(event.id, ada)).body.code).toBe('ALREADY_REGISTERED');
    expect(await mailsFor(rsvpId)).toEqual(['ticket', 'ticket', 'ticket']);
  });

  it('in RSVP-only mode the confirmation goes again; a full event still answers the repeat', async () => {
    const event = await createTestEvent(api, { generateTickets: false, maxAttendees: 1 });
    const first = await register(event.id, ada);
    const again = await register(event.id, ada);
    expect(again.body.code).toBe('ALREADY_REGISTERED');
    expect(await mailsFor(first.body.rsvpId)).toEqual(['rsvpConfirmation', 'rsvpConfirmation']);
  });

  it('another name under the same e-mail is another person; a cancelled registration is not a repeat', async () => {
    const event = await createTestEvent(api);
    const first = await register(event.id, ada);
    expect((await register(event.id, { ...ada, name: 'Byron Lovelace' })).status).toBe(201);
    await api.request.delete(`/api/rsvps/${first.body.rsvpId}`).set(api.bearer('admin')).expect(200);
    const after = await register(event.id, ada);
    expect(after.status).toBe(201);
    expect(after.body.rsvpId).not.toBe(first.body.rsvpId);
  });

  it("an unpaid hold is continued by its own tab only: a repeat by name and e-mail learns nothing of it, and the payment link goes to the address on file (issue 23)", async () => {
    const event = await createPaidEvent(api);
    const buyer = { name: 'Mary Austin', email: 'mary.hold@example.org', ticketType: 'Member' };
    const first = await register(event.id, buyer);
    expect(first.body).toMatchObject({ requiresPayment: true });
    const paying = await intent({ eventId: event.id, amount: 3500, ...buyer, rsvpId: first.body.rsvpId });
    expect(paying.status).toBe(200);
    const stored = (await api.deps.store.get(RSVPS, first.body.rsvpId))!.data;

    api.clock.set('2026-11-21T12:10:00.000Z');
    // Someone who knows her name and address, through the form and through the payment call.
    for (const repeat of [() => register(event.id, { ...buyer, name: 'mary  austin' }), () => intent({ eventId: event.id, amount: 3500, ...buyer })]) {
      const again = await repeat();
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, code: 'ALREADY_REGISTERED', message: RSVP_MESSAGES.alreadyRegistered });
      expect(JSON.stringify(again.body)).not.toContain(first.body.rsvpId);
    }
    // The link to pay went once (at most hourly) to the address on file, not to the caller.
    expect(await mailsFor(first.body.rsvpId)).toEqual(['paymentLink']);
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toHaveLength(1);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    // The payment link's key hash is added when its e-mail is composed; nothing else changed.
    const { repeatResentAt, linkKeys: _linkKeys, ...unchanged } = (await api.deps.store.get(RSVPS, first.body.rsvpId))!.data;
    expect(repeatResentAt).toBe('2026-11-21T12:10:00.000Z');
    expect(unchanged).toEqual(stored);
    // Her own tab, which has the RSVP id, still pays the same hold and intent.
    const sameIntent = await intent({ eventId: event.id, amount: 3500, ...buyer, rsvpId: first.body.rsvpId });
    expect(sameIntent.body).toMatchObject({ rsvpId: first.body.rsvpId, paymentIntentId: paying.body.paymentIntentId });

    // Another ticket type while the hold runs: already registered, nothing written (the hourly link already went).
    const before = await snapshot(event.id);
    const otherType = await register(event.id, { ...buyer, ticketType: 'General' });
    expect(otherType.body.code).toBe('ALREADY_REGISTERED');
    expect(await snapshot(event.id)).toEqual(before);
  });

  it('a paid registration repeated through the payment call is refused before any charge, and the ticket goes again', async () => {
    const event = await createPaidEvent(api);
    const buyer = { name: 'Paid Once', email: 'paid.once@example.org', ticketType: 'Member' };
    const opened = await intent({ eventId: event.id, amount: 3500, ...buyer });
    await api.request
      .post(`/api/offline-payments/${opened.body.paymentIntentId}/confirm`)
      .send({ clientSecret: opened.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' })
      .expect(200);
    const again = await intent({ eventId: event.id, amount: 3500, ...buyer });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_REGISTERED');
    expect(await mailsFor(opened.body.rsvpId)).toEqual(['ticket', 'ticket']);
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toHaveLength(1);
  });
});

describe('card holds', () => {
  it('asking for a payment intent again never extends the hold', async () => {
    const event = await createPaidEvent(api, { maxAttendees: 1 });
    const buyer = { name: 'Slow Payer', email: 'slow@example.org', ticketType: 'Member' };
    const first = await intent({ eventId: event.id, amount: 3500, ...buyer });
    const expiresAt = (await api.deps.store.get(RSVPS, first.body.rsvpId))!.data.holdExpiresAt;
    expect(expiresAt).toBe('2026-11-21T12:30:00.000Z');
    for (const at of ['2026-11-21T12:10:00.000Z', '2026-11-21T12:29:00.000Z']) {
      api.clock.set(at);
      const again = await intent({ eventId: event.id, amount: 3500, ...buyer, rsvpId: first.body.rsvpId });
      expect(again.body.rsvpId).toBe(first.body.rsvpId);
      expect((await api.deps.store.get(RSVPS, first.body.rsvpId))!.data.holdExpiresAt).toBe(expiresAt);
    }
    api.clock.set('2026-11-21T12:31:00.000Z');
    expect(await api.services.payments.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect((await api.deps.store.get(RSVPS, first.body.rsvpId))!.data.status).toBe('released');
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
  });
});

describe('registration closes when the event starts', () => {
  it("refuses free RSVPs and payment intents from the start time on with 'Registration for this event has closed', storing nothing", async () => {
    // 7:30 PM in Denver on Dec 5 is 02:30 UTC on Dec 6.
    const free = await createTestEvent(api, { date: '2026-12-05T19:30' });
    const paid = await createPaidEvent(api, { date: '2026-12-05T19:30' });
    const held = await intent({ eventId: paid.id, amount: 3500, ticketType: 'Member', name: 'Early Bird', email: 'early@example.org' });
    expect(held.status).toBe(200);

    api.clock.set('2026-12-06T02:29:59.000Z');
    expect((await register(free.id, { name: 'Just In', email: 'justin@example.org' })).status).toBe(201);

    api.clock.set('2026-12-06T02:30:00.000Z');
    const before = [await snapshot(free.id), await snapshot(paid.id)];
    const closed = { success: false, code: 'REGISTRATION_CLOSED', message: 'Registration for this event has closed' };
    const late = await register(free.id, { name: 'Too Late', email: 'late@example.org' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual(closed);
    const lateIntent = await intent({ eventId: paid.id, amount: 3500, ticketType: 'Member', name: 'Too Late', email: 'late@example.org' });
    expect(lateIntent.status).toBe(409);
    expect(lateIntent.body).toEqual(closed);
    const heldIntent = await intent({ eventId: paid.id, amount: 3500, ticketType: 'Member', name: 'Early Bird', email: 'early@example.org', rsvpId: held.body.rsvpId });
    expect(heldIntent.status).toBe(409);
    expect((await register(paid.id, { name: 'Too Late', email: 'late@example.org', ticketType: 'Member' })).body).toEqual(closed);
    expect([await snapshot(free.id), await snapshot(paid.id)]).toEqual(before);
  });
});

describe('names are names (issue 12 item 3, issue 23 item 3)', () => {
  it.each([
    ['Call +1 888 555 0100 to avoid a $499 charge', PERSON_NAME_MESSAGES.lettersOnly],
    ['acme-login.wtf', PERSON_NAME_MESSAGES.webAddress],
    ['ｅｖｉｌ．ｃｏｍ', PERSON_NAME_MESSAGES.webAddress],
    ['Visit https://evil.example/prize', PERSON_NAME_MESSAGES.lettersOnly],
    ['www.claim-your-prize', PERSON_NAME_MESSAGES.webAddress],
    ['Win at example.com', PERSON_NAME_MESSAGES.webAddress],
    ['Prize EVIL.XYZ now', PERSON_NAME_MESSAGES.webAddress],
    ['John 192.168.10.1', PERSON_NAME_MESSAGES.lettersOnly],
  ])('refuses %j with 400 on the name, storing nothing (form and payment call)', async (name, message) => {
    const event = await createTestEvent(api);
    const paid = await createPaidEvent(api);
    const response = await register(event.id, { name, email: 'phish@example.org' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT', message, errors: { name: message } });
    const viaIntent = await intent({ eventId: paid.id, amount: 3500, ticketType: 'Member', name, email: 'phish@example.org' });
    expect(viaIntent.status).toBe(400);
    expect(viaIntent.body.message).toBe(message);
    expect(await api.deps.store.query(RSVPS, { where: [['email', '==', 'phish@example.org']] })).toHaveLength(0);
    expect(await api.deps.store.query(MAIL_JOBS, { where: [['to', '==', 'phish@example.org']] })).toHaveLength(0);
  });

  it('stores the normalised name, and the ticket e-mail is queued for that registration', async () => {
    const event = await createTestEvent(api);
    const response = await register(event.id, { name: ' Ｚｏë\u200b  d’Arc\u202e ', email: 'zoe@example.org' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const [stored] = await api.deps.store.query(RSVPS, { where: [['email', '==', 'zoe@example.org'], ['eventId', '==', event.id]] });
    expect(stored.data.name).toBe('Zoë d’Arc');
  });

  it.each(['J. Smith', "Mary-Jane O'Neil", 'Dr. Ana María Núñez', 'J.R.R. Tolkien', 'Smith Jr.', 'O’Brien', '李小龙', 'Nguyễn Thị Minh Khai'])('registers %j', async (name) => {
    const event = await createTestEvent(api);
    const response = await register(event.id, { name, email: 'real.person@example.org' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  });
});
