import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RSVPS } from '../../src/rsvps/repository.js';
import { decideTransfer } from '../../src/rsvps/rules.js';
import { CHECKIN_MESSAGES } from '../../src/shared/checkin-model.js';
import { RSVP_MESSAGES, registrationLimitMessage } from '../../src/shared/rsvps-model.js';
import { SELF_SERVICE_MESSAGES, TRANSFER_LIMIT } from '../../src/shared/self-service-model.js';
import { rsvpRefundKey } from '../../src/payments/service.js';
import type { OfflineGateway } from '../../src/payments/offline.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent, payForTicket } from '../support/payments.js';
import { seatsTakenOf } from '../support/seats.js';
import { mailsTo, manageLinkIn } from '../support/self-service.js';

/*
 * Issue 25 items 5 and 7: a holder gives their ticket to someone else from the 'Can't come?' page.
 * The new holder gets a new ticket id and code by e-mail; the old code is refused at the door at
 * once (online, and offline from the door's list); the seat and the payment change hands, never
 * doubled; the per-e-mail limit holds for the new holder. On both stores (ZION_TEST_STORE).
 */

const asked: [intentId: string, key: string][] = [];
function recordingRefunds(gateway: OfflineGateway): OfflineGateway {
  const refund = gateway.refund.bind(gateway);
  return { ...gateway, refund: async (intentId, key) => (asked.push([intentId, key]), refund(intentId, key)) };
}

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ payments: recordingRefunds });
});
afterAll(() => api.close());
beforeEach(() => api.clock.set('2026-11-21T12:00:00.000Z'));

const transfer = (rsvpId: string, body: Record<string, unknown>) => api.request.post(`/api/rsvps/${rsvpId}/transfer`).send(body);
const manage = (rsvpId: string, key: string) => api.request.post(`/api/rsvps/${rsvpId}/manage`).send({ key });
const stored = async (rsvpId: string) => (await api.deps.store.get(RSVPS, rsvpId))!.data;
const checkIn = (ticketId: string, eventId: string) => api.request.post(`/api/checkin/${ticketId}`).set(api.bearer('staff')).send({ eventId });

async function freeTicket(email: string, event?: { id: string }) {
  const target = event ?? (await createTestEvent(api, { maxAttendees: 5 }));
  const reply = await api.request.post(`/api/events/${target.id}/rsvp`).send({ name: 'Ada Lovelace', email, city: 'Springdale', additionalInfo: 'Vegetarian' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { event: target, ...(await manageLinkIn(api, email)) };
}

describe('decideTransfer', () => {
  const event = { date: '2026-12-05T19:30:00.000Z' };
  const before = new Date('2026-12-05T19:29:59.000Z');
  const ticket = { status: 'confirmed' as const, checkedIn: false, paymentStatus: 'free' as const, amountPaid: 0, paymentIntentId: null };
  it('gives on a confirmed ticket before the start, and refuses each other case in its words', () => {
    expect(decideTransfer(ticket, event, before)).toEqual({ outcome: 'transfer' });
    expect(decideTransfer({ ...ticket, checkedIn: true }, event, before)).toMatchObject({ message: SELF_SERVICE_MESSAGES.transferCheckedIn });
    expect(decideTransfer(ticket, event, new Date(event.date))).toMatchObject({ message: SELF_SERVICE_MESSAGES.transferAfterStart });
    expect(decideTransfer({ ...ticket, status: 'pending_payment' }, event, before)).toMatchObject({ message: SELF_SERVICE_MESSAGES.transferNotConfirmed });
    expect(decideTransfer({ ...ticket, status: 'cancelled' }, event, before)).toMatchObject({ code: 'ALREADY_CANCELLED' });
    expect(decideTransfer({ ...ticket, status: 'cancelled', transferredTo: { id: 'x', name: 'Bo' } }, event, before)).toMatchObject({ code: 'TICKET_TRANSFERRED' });
    expect(decideTransfer({ ...ticket, transferCount: TRANSFER_LIMIT }, event, before)).toMatchObject({ code: 'TRANSFER_LIMIT', message: SELF_SERVICE_MESSAGES.transferLimit });
  });
});

describe('giving a ticket to someone else (issue 25 item 5)', () => {
  it('issues a new ticket to the new holder, refuses the old code at the door and tells the old holder', async () => {
    const { event, rsvpId, key } = await freeTicket('ada.give@example.org');
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    api.clock.set('2026-11-22T09:15:00.000Z');
    const done = await transfer(rsvpId, { key, name: 'Grace Hopper', email: 'Grace.Hopper@Example.org' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ success: true, message: SELF_SERVICE_MESSAGES.transferred });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);

    // The new holder's e-mail carries a new ticket with its own manage link.
    const theirs = await manageLinkIn(api, 'grace.hopper@example.org');
    expect(theirs.rsvpId).not.toBe(rsvpId);
    expect(theirs.mail.text).toContain('Grace Hopper');
    expect(theirs.mail.text).not.toContain('Ada');
    expect(theirs.mail.text).not.toContain('Vegetarian');
    const newTicket = await stored(theirs.rsvpId);
    expect(newTicket).toMatchObject({
      eventId: event.id,
      name: 'Grace Hopper',
      email: 'grace.hopper@example.org',
      status: 'confirmed',
      paymentStatus: 'free',
      ticketType: 'General',
      city: '',
      additionalInfo: '',
      keepInformed: false,
      checkedIn: false,
      createdAt: '2026-11-22T09:15:00.000Z',
      transferredFrom: { id: rsvpId, name: 'Ada Lovelace' },
      transferCount: 1,
    });
    const old = await stored(rsvpId);
    expect(old).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'attendee',
      transferredTo: { id: theirs.rsvpId, name: 'Grace Hopper' },
      transferredAt: '2026-11-22T09:15:00.000Z',
      // Nothing else of the old ticket changes.
      name: 'Ada Lovelace',
      email: 'ada.give@example.org',
      city: 'Springdale',
      additionalInfo: 'Vegetarian',
    });
    const notice = (await mailsTo(api, 'ada.give@example.org')).find((m) => m.subject.startsWith('Your ticket was given on'));
    expect(notice?.text).toContain('now belongs to Grace Hopper');

    // The door: the old code is refused with its own reason, online and in the offline list; the new one is admitted.
    const refused = await checkIn(rsvpId, event.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TICKET_TRANSFERRED', message: CHECKIN_MESSAGES.transferred });
    const list = await api.request.get(`/api/events/${event.id}/door-list`).set(api.bearer('staff'));
    expect(list.body.attendees.find((a: { id: string }) => a.id === rsvpId)).toMatchObject({ transferred: true });
    expect(list.body.attendees.find((a: { id: string }) => a.id === theirs.rsvpId).transferred).toBeUndefined();
    expect((await checkIn(theirs.rsvpId, event.id)).status).toBe(200);

    // The old ticket page says it was given on and carries no code; the new one has its own.
    const oldPage = await api.request.get(`/api/checkin/${rsvpId}?format=json`);
    expect(oldPage.body.ticket.cancelled).toEqual({ refunded: false, at: '2026-11-22T09:15:00.000Z', transferred: true });
    expect(oldPage.body.ticket.qr).toBeUndefined();
    // The old link now says so; the admin list shows both with who and when.
    expect((await manage(rsvpId, key)).body).toMatchObject({ cannotCancel: SELF_SERVICE_MESSAGES.ticketTransferred, cannotTransfer: SELF_SERVICE_MESSAGES.ticketTransferred });
    const rows = await api.request.get(`/api/events/${event.id}/rsvps?include=cancelled`).set(api.bearer('staff'));
    expect(rows.body.rsvps.find((r: { id: string }) => r.id === rsvpId)).toMatchObject({
      cancelledBy: 'attendee',
      cancelledAt: '2026-11-22T09:15:00.000Z',
      transferredTo: { id: theirs.rsvpId, name: 'Grace Hopper' },
      transferredAt: '2026-11-22T09:15:00.000Z',
    });
    expect(rows.body.rsvps.find((r: { id: string }) => r.id === theirs.rsvpId)).toMatchObject({ transferredFrom: { id: rsvpId, name: 'Ada Lovelace' }, cancelledBy: null });
  });

  it('bad input and abuse: a clear refusal each, and nothing changes hands', async () => {
    const event = await createTestEvent(api, { maxAttendees: 5, maxRegistrationsPerEmail: 1 });
    const { rsvpId, key } = await freeTicket('ada.abuse@example.org', event);
    await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Bo Keeper', email: 'bo.abuse@example.org' }).expect(201);
    const before = await stored(rsvpId);

    const cases: [Record<string, unknown>, number, string][] = [
      [{ key: 'not-the-key', name: 'Grace Hopper', email: 'grace.abuse@example.org' }, 404, RSVP_MESSAGES.linkInvalid],
      [{ key, name: 'Grace Hopper', email: 'not-an-address' }, 400, RSVP_MESSAGES.invalidEmail],
      [{ key, name: '', email: 'grace.abuse@example.org' }, 400, RSVP_MESSAGES.nameAndEmailRequired],
      [{ key, name: 'Ada Again', email: 'ADA.abuse+tickets@example.org' }, 409, SELF_SERVICE_MESSAGES.transferToSameAddress],
      [{ key, name: 'Bo Keeper', email: 'bo.abuse@example.org' }, 409, SELF_SERVICE_MESSAGES.newHolderRegistered],
      [{ key, name: 'Someone Else', email: 'bo.abuse@example.org' }, 409, registrationLimitMessage(1)],
    ];
    for (const [body, status, message] of cases) {
      const refused = await transfer(rsvpId, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await transfer(rsvpId, { name: 'Grace Hopper', email: 'grace.abuse@example.org' })).status).toBe(400);
    expect(await stored(rsvpId)).toEqual(before);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(2);

    // After check-in, and after the start.
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, rsvpId, { checkedIn: true }));
    expect((await transfer(rsvpId, { key, name: 'Grace Hopper', email: 'grace.abuse@example.org' })).body.message).toBe(SELF_SERVICE_MESSAGES.transferCheckedIn);
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, rsvpId, { checkedIn: false }));
    api.clock.set('2026-12-06T12:00:00.000Z');
    expect((await transfer(rsvpId, { key, name: 'Grace Hopper', email: 'grace.abuse@example.org' })).body.message).toBe(SELF_SERVICE_MESSAGES.transferAfterStart);
    expect((await stored(rsvpId)).status).toBe('confirmed');
  });

  it('three concurrent transfers (double click, two tabs) give the ticket on once: one new ticket, one seat', async () => {
    const { event, rsvpId, key } = await freeTicket('ada.race@example.org');
    const replies = await Promise.all(
      ['grace.race1@example.org', 'grace.race2@example.org', 'grace.race3@example.org'].map((email) => transfer(rsvpId, { key, name: 'Grace Hopper', email })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const tickets = await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] });
    expect(tickets.filter((doc) => doc.data.status === 'confirmed')).toHaveLength(1);
    expect(tickets).toHaveLength(2);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
  });

  it(`a ticket is given on at most ${TRANSFER_LIMIT} times`, async () => {
    let { rsvpId, key } = await freeTicket('hop0@example.org');
    for (let hop = 1; hop <= TRANSFER_LIMIT; hop++) {
      expect((await transfer(rsvpId, { key, name: `Holder Number${'s'.repeat(hop)}`, email: `hop${hop}@example.org` })).status).toBe(200);
      ({ rsvpId, key } = await manageLinkIn(api, `hop${hop}@example.org`));
    }
    const refused = await transfer(rsvpId, { key, name: 'One Too Many', email: 'hop-last@example.org' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TRANSFER_LIMIT', message: SELF_SERVICE_MESSAGES.transferLimit });
    expect((await manage(rsvpId, key)).body.cannotTransfer).toBe(SELF_SERVICE_MESSAGES.transferLimit);
  });

  it('a paid ticket passes its payment on: the new holder can cancel it under the same rule, refunded once; the old one cannot be refunded', async () => {
    const event = await createPaidEvent(api);
    const intent = await payForTicket(api, event.id, { name: 'Mary Austin', email: 'mary.give@example.org' });
    const { rsvpId, key } = await manageLinkIn(api, 'mary.give@example.org');
    expect((await transfer(rsvpId, { key, name: 'John Muir', email: 'john.muir@example.org' })).status).toBe(200);
    const theirs = await manageLinkIn(api, 'john.muir@example.org');
    expect(await stored(theirs.rsvpId)).toMatchObject({ paymentStatus: 'paid', amountPaid: 3500, paymentIntentId: intent.paymentIntentId, refundUntilHoursBefore: 48, ticketType: 'Member' });
    // The old ticket's payment went with it: the admin's refund finds nothing to refund there.
    expect((await api.request.post(`/api/rsvps/${rsvpId}/refund`).set(api.bearer('admin'))).status).toBe(409);
    const stats = await api.request.get('/api/events/stats').set(api.bearer('admin'));
    expect(stats.body.stats[event.id]).toEqual({ registered: 1, checkedIn: 0, amountTaken: 3500 });

    expect((await manage(theirs.rsvpId, theirs.key)).body.refund).toMatchObject({ amount: 3500, refundDue: true });
    expect((await api.request.post(`/api/rsvps/${theirs.rsvpId}/cancel`).send({ key: theirs.key })).body.message).toBe(SELF_SERVICE_MESSAGES.selfCancelledRefund);
    await api.services.refunds.whenIdle();
    expect(asked.filter(([id]) => id === intent.paymentIntentId)).toEqual([[intent.paymentIntentId, rsvpRefundKey(theirs.rsvpId)]]);
    expect(await stored(theirs.rsvpId)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 3500 });
    expect((await stored(rsvpId)).paymentStatus).toBe('paid');
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
  });
});
