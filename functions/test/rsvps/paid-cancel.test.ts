import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_INTENTS, type OfflineGateway } from '../../src/payments/offline.js';
import { PAYMENT_EVENTS, rsvpRefundKey } from '../../src/payments/service.js';
import { REFUND_JOBS } from '../../src/outbox/refund-jobs.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { refundTerms } from '../../src/rsvps/rules.js';
import { SELF_SERVICE_MESSAGES } from '../../src/shared/self-service-model.js';
import { REFUND_RULE_MESSAGE } from '../../src/shared/events-model.js';
import { createTestApi, type TestApi } from '../support/api.js';
import { createPaidEvent, payForTicket } from '../support/payments.js';
import { seatsTakenOf } from '../support/seats.js';
import { mailsTo, manageLinkIn } from '../support/self-service.js';

/*
 * Issue 25 items 4 and 7, paid tickets: the event's refund rule, kept on the ticket when it is paid,
 * decides whether the attendee's own cancel refunds them; the seat is freed and the refund queued in
 * one transaction; the provider is asked once per ticket (idempotency key), and its webhook marks the
 * ticket refunded. On both stores (ZION_TEST_STORE).
 */

/** The provider's refund calls, and whether they are refused for now. */
const asked: [intentId: string, key: string][] = [];
let refuseRefunds = false;
function recordingRefunds(gateway: OfflineGateway): OfflineGateway {
  const refund = gateway.refund.bind(gateway);
  return {
    ...gateway,
    async refund(intentId, key) {
      asked.push([intentId, key]);
      if (refuseRefunds) throw new Error('Stripe is unreachable');
      return refund(intentId, key);
    },
  };
}

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ payments: recordingRefunds });
});
afterAll(() => api.close());
beforeEach(() => {
  api.clock.set('2026-11-21T12:00:00.000Z');
  refuseRefunds = false;
});

const manage = (rsvpId: string, key: string) => api.request.post(`/api/rsvps/${rsvpId}/manage`).send({ key });
const cancel = (rsvpId: string, key: string) => api.request.post(`/api/rsvps/${rsvpId}/cancel`).send({ key });
const stored = async (rsvpId: string) => (await api.deps.store.get(RSVPS, rsvpId))!.data;
const refundsAskedFor = (intentId: string) => asked.filter(([id]) => id === intentId);

/** A paid Member ticket ($35) of a new paid event (starts 2026-12-15T01:00Z) and its manage link. */
async function paidTicket(email: string, event?: { id: string }, body: Record<string, unknown> = {}) {
  const target = event ?? (await createPaidEvent(api, body));
  const intent = await payForTicket(api, target.id, { name: 'Mary Austin', email });
  const link = await manageLinkIn(api, email);
  expect(link.rsvpId).toBe(intent.rsvpId);
  return { event: target, intent, ...link };
}

describe('refundTerms', () => {
  const event = { date: '2026-12-15T01:00:00.000Z', refundUntilHoursBefore: 48 };
  const paid = { paymentStatus: 'paid' as const, amountPaid: 3500, paymentIntentId: 'pi_1' };
  it('refunds in full until the rule kept on the ticket, measured back from the current start', () => {
    expect(refundTerms({ ...paid, refundUntilHoursBefore: 24 }, event, new Date('2026-12-13T12:00:00.000Z'))).toEqual({
      amount: 3500,
      refundableUntil: '2026-12-14T01:00:00.000Z',
      refundDue: true,
    });
    expect(refundTerms({ ...paid, refundUntilHoursBefore: 24 }, event, new Date('2026-12-14T01:00:00.000Z'))?.refundDue).toBe(false);
    // Paid before the rule existed: the event's.
    expect(refundTerms(paid, event, new Date('2026-12-12T00:00:00.000Z'))).toMatchObject({ refundableUntil: '2026-12-13T01:00:00.000Z', refundDue: true });
    expect(refundTerms({ ...paid, refundUntilHoursBefore: null }, event, new Date('2026-11-21T00:00:00.000Z'))).toEqual({ amount: 3500, refundableUntil: null, refundDue: false });
    expect(refundTerms({ paymentStatus: 'free', amountPaid: 0, paymentIntentId: null }, event, new Date())).toBeNull();
  });
});

describe('an attendee cancels a paid ticket (issue 25 item 4)', () => {
  it('within the window: shown the refund first; the seat is freed, the refund asked once and confirmed by the webhook', async () => {
    const { event, intent, rsvpId, key } = await paidTicket('mary.refund@example.org');
    expect((await stored(rsvpId)).refundUntilHoursBefore).toBe(48);
    const view = await manage(rsvpId, key);
    expect(view.body).toMatchObject({
      cannotCancel: null,
      cannotTransfer: null,
      refund: { amount: 3500, refundableUntil: '2026-12-13T01:00:00.000Z', refundDue: true },
      ticket: { paid: true, amountPaid: 3500 },
    });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);

    const done = await cancel(rsvpId, key);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(SELF_SERVICE_MESSAGES.selfCancelledRefund);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    await api.services.refunds.whenIdle();
    expect(refundsAskedFor(intent.paymentIntentId)).toEqual([[intent.paymentIntentId, rsvpRefundKey(rsvpId)]]);
    expect((await api.deps.store.get(OFFLINE_INTENTS, intent.paymentIntentId))!.data.refunded).toBe(true);
    const after = await stored(rsvpId);
    expect(after).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'attendee',
      cancelledAt: '2026-11-21T12:00:00.000Z',
      refundRequestedAt: '2026-11-21T12:00:00.000Z',
      paymentStatus: 'refunded',
      amountRefunded: 3500,
      amountPaid: 3500,
      refundedAt: '2026-11-21T12:00:00.000Z',
      name: 'Mary Austin',
      ticketType: 'Member',
    });
    // Recorded as applied by the provider's notification, and the job as accepted.
    const applied = await api.deps.store.query(PAYMENT_EVENTS, { where: [['intentId', '==', intent.paymentIntentId]] });
    expect(applied.map((doc) => doc.data.outcome)).toContain('refunded');
    expect((await api.deps.store.get(REFUND_JOBS, rsvpId))!.data.acceptedAt).not.toBeNull();
    const mail = (await mailsTo(api, 'mary.refund@example.org')).find((m) => m.subject.startsWith('Your ticket is cancelled'));
    expect(mail?.text).toContain('Your payment of $35.00 is being refunded in full');
    expect(mail?.html).toContain('<p style="margin:0 0 18px;">Your payment of $35.00 is being refunded in full');

    // Later scheduled runs ask nothing more; the admin's refund button finds nothing to refund.
    await api.services.refunds.processDue();
    expect(refundsAskedFor(intent.paymentIntentId)).toHaveLength(1);
    const admin = await api.request.post(`/api/rsvps/${rsvpId}/refund`).set(api.bearer('admin'));
    expect(admin.status).toBe(409);
  });

  it('after the deadline: told no refund is due before confirming; cancelled and the seat freed, no money moves', async () => {
    const { event, intent, rsvpId, key } = await paidTicket('mary.late@example.org');
    api.clock.set('2026-12-13T01:00:00.000Z');
    expect((await manage(rsvpId, key)).body.refund).toEqual({ amount: 3500, refundableUntil: '2026-12-13T01:00:00.000Z', refundDue: false });
    const done = await cancel(rsvpId, key);
    expect(done.body.message).toBe(SELF_SERVICE_MESSAGES.selfCancelledNoRefund);
    await api.services.refunds.whenIdle();
    expect(refundsAskedFor(intent.paymentIntentId)).toEqual([]);
    expect(await api.deps.store.get(REFUND_JOBS, rsvpId)).toBeNull();
    expect(await stored(rsvpId)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', amountPaid: 3500, amountRefunded: 0 });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    const mail = (await mailsTo(api, 'mary.late@example.org')).find((m) => m.subject.startsWith('Your ticket is cancelled'));
    expect(mail?.text).toContain('no refund is due');
  });

  it('the rule in force when the ticket was paid is kept: an admin shortening it later does not take a refund away', async () => {
    const { event, intent, rsvpId, key } = await paidTicket('mary.kept@example.org', undefined, { refundUntilHoursBefore: 240 });
    const edit = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ refundUntilHoursBefore: null });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.event).toMatchObject({ refundUntilHoursBefore: null, maxAttendees: 10, ticketPrices: { General: 45, Member: 35 }, requiresPayment: true });
    expect((await manage(rsvpId, key)).body.refund).toMatchObject({ refundableUntil: '2026-12-05T01:00:00.000Z', refundDue: true });
    expect((await cancel(rsvpId, key)).body.message).toBe(SELF_SERVICE_MESSAGES.selfCancelledRefund);
    await api.services.refunds.whenIdle();
    expect(refundsAskedFor(intent.paymentIntentId)).toHaveLength(1);
  });

  it('an event without refunds: cancel frees the seat and says so; the event form refuses a bad rule', async () => {
    const { intent, rsvpId, key } = await paidTicket('mary.none@example.org', undefined, { refundUntilHoursBefore: null });
    expect((await manage(rsvpId, key)).body.refund).toEqual({ amount: 3500, refundableUntil: null, refundDue: false });
    expect((await cancel(rsvpId, key)).body.message).toBe(SELF_SERVICE_MESSAGES.selfCancelledNoRefund);
    expect(refundsAskedFor(intent.paymentIntentId)).toEqual([]);
    for (const bad of [-1, 1.5, 9000, 'soon']) {
      const refused = await api.request
        .post('/api/events')
        .set(api.bearer('admin'))
        .send({ title: 'Bad rule', date: '2026-12-14T18:00', location: 'Lodge', refundUntilHoursBefore: bad });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(REFUND_RULE_MESSAGE);
    }
  });

  it('three concurrent cancels (double click, two tabs) free one seat, queue one refund and ask the provider once', async () => {
    const { event, intent, rsvpId, key } = await paidTicket('mary.twice@example.org');
    await payForTicket(api, event.id, { name: 'Bo Keeper', email: 'bo.keeper@example.org' });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(2);
    const replies = await Promise.all([cancel(rsvpId, key), cancel(rsvpId, key), cancel(rsvpId, key)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    await api.services.refunds.whenIdle();
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    expect(refundsAskedFor(intent.paymentIntentId)).toHaveLength(1);
    expect((await stored(rsvpId)).paymentStatus).toBe('refunded');
  });

  it('a provider outage loses nothing: the cancel stands, the job is retried by the scheduled work, then confirmed', async () => {
    const { event, intent, rsvpId, key } = await paidTicket('mary.outage@example.org');
    refuseRefunds = true;
    expect((await cancel(rsvpId, key)).status).toBe(200);
    await api.services.refunds.whenIdle();
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    expect(await stored(rsvpId)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect((await api.deps.store.get(REFUND_JOBS, rsvpId))!.data).toMatchObject({ acceptedAt: null, attempts: 1, lastError: 'Stripe is unreachable' });

    refuseRefunds = false;
    // Two workers at once (two scheduled runs overlapping): the same key, so the money goes back once.
    await Promise.all([api.services.refunds.processDue(), api.services.refunds.processDue()]);
    const keys = refundsAskedFor(intent.paymentIntentId).map(([, k]) => k);
    expect(new Set(keys)).toEqual(new Set([rsvpRefundKey(rsvpId)]));
    expect((await api.deps.store.get(OFFLINE_INTENTS, intent.paymentIntentId))!.data.refunded).toBe(true);
    expect(await stored(rsvpId)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 3500 });
    expect((await api.deps.store.get(REFUND_JOBS, rsvpId))!.data.acceptedAt).not.toBeNull();
  });

  it("an admin refunding while the attendee's refund is pending uses the same key: one refund", async () => {
    const { intent, rsvpId, key } = await paidTicket('mary.both@example.org');
    refuseRefunds = true;
    await cancel(rsvpId, key);
    await api.services.refunds.whenIdle();
    refuseRefunds = false;
    const admin = await api.request.post(`/api/rsvps/${rsvpId}/refund`).set(api.bearer('admin'));
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    await api.services.refunds.processDue();
    expect(new Set(refundsAskedFor(intent.paymentIntentId).map(([, k]) => k))).toEqual(new Set([rsvpRefundKey(rsvpId)]));
    expect(await stored(rsvpId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 3500 });
  });
});
