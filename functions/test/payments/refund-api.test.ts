import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { EVENTS } from '../../src/events/repository.js';
import { OFFLINE_INTENTS, OFFLINE_REFUND_ERRORS } from '../../src/payments/offline.js';
import { rsvpRefundKey } from '../../src/payments/service.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { createTestApi, refundsRefused, type TestApi } from '../support/api.js';
import { createPaidEvent, openPayment, payForTicket } from '../support/payments.js';
import { seatsTakenOf } from '../support/seats.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const refund = (target: TestApi, rsvpId: string) => target.request.post(`/api/rsvps/${rsvpId}/refund`).set(target.bearer('admin')).send();
const stored = async (target: TestApi, rsvpId: string) => (await target.deps.store.get(RSVPS, rsvpId))?.data;
const attendees = async (target: TestApi, eventId: string) => await seatsTakenOf(target.deps.store, eventId);

describe('POST /rsvps/{id}/refund', () => {
  it('refunds the amount paid through the provider, then cancels the RSVP and frees its seat', async () => {
    const event = await createPaidEvent(api);
    const paid = await payForTicket(api, event.id);
    expect(await attendees(api, event.id)).toBe(1);

    const response = await refund(api, paid.rsvpId);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: RSVP_MESSAGES.refunded,
      rsvp: expect.objectContaining({
        id: paid.rsvpId,
        status: 'cancelled',
        paymentStatus: 'refunded',
        amountPaid: 3500,
        amountRefunded: 3500,
        refundedAt: api.clock.now().toISOString(),
        holdExpiresAt: null,
      }),
    });
    expect(await stored(api, paid.rsvpId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 3500 });
    expect(await attendees(api, event.id)).toBe(0);
    expect((await api.deps.store.get(OFFLINE_INTENTS, paid.paymentIntentId))?.data).toMatchObject({
      refunded: true,
      refundKey: rsvpRefundKey(paid.rsvpId),
    });
  });

  it("a refunded RSVP leaves the staff list of seats, and stays in the admins' list with include=cancelled", async () => {
    const event = await createPaidEvent(api);
    const paid = await payForTicket(api, event.id);
    const kept = await payForTicket(api, event.id, { name: 'Mardy Murie', email: 'mardy@example.org' });
    await refund(api, paid.rsvpId).expect(200);

    const seats = await api.request.get(`/api/events/${event.id}/rsvps`).set(api.bearer('staff')).expect(200);
    expect(seats.body.rsvps.map((r: { id: string }) => r.id)).toEqual([kept.rsvpId]);

    const all = await api.request.get(`/api/events/${event.id}/rsvps?include=cancelled`).set(api.bearer('admin')).expect(200);
    // Both were registered at the same (fixed) time, so the list's order between them is not defined.
    const listed = all.body.rsvps.map((r: { id: string; paymentStatus: string }) => [r.id, r.paymentStatus]);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        [paid.rsvpId, 'refunded'],
        [kept.rsvpId, 'paid'],
      ]),
    );

    const bad = await api.request.get(`/api/events/${event.id}/rsvps?include=everything`).set(api.bearer('admin'));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
  });

  it('an RSVP already refunded is not refunded again (409) and its seat is not given back twice', async () => {
    const event = await createPaidEvent(api);
    const first = await payForTicket(api, event.id);
    await payForTicket(api, event.id, { name: 'John Muir', email: 'john@example.org' });
    await refund(api, first.rsvpId).expect(200);
    expect(await attendees(api, event.id)).toBe(1);

    const again = await refund(api, first.rsvpId);

    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, code: 'NOT_REFUNDABLE', message: RSVP_MESSAGES.notRefundable });
    expect(await attendees(api, event.id)).toBe(1);
  });

  it('a retry after a crash (provider refunded, RSVP not yet written) completes without a second refund', async () => {
    const event = await createPaidEvent(api);
    const paid = await payForTicket(api, event.id);
    // The provider accepted the refund, then the API died before its transaction.
    await api.deps.payments.refund(paid.paymentIntentId, rsvpRefundKey(paid.rsvpId));
    expect(await stored(api, paid.rsvpId)).toMatchObject({ paymentStatus: 'paid' });

    const retry = await refund(api, paid.rsvpId);

    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.rsvp).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 3500 });
    // The same idempotency key is what makes the retry safe: another key would be a second refund, refused.
    await expect(api.deps.payments.refund(paid.paymentIntentId, 'some-other-key')).rejects.toThrow(OFFLINE_REFUND_ERRORS.alreadyRefunded);
  });

  it('two refunds of the same RSVP at once give the money and the seat back once', async () => {
    const event = await createPaidEvent(api);
    const paid = await payForTicket(api, event.id);
    await payForTicket(api, event.id, { name: 'John Muir', email: 'john@example.org' });

    const replies = await Promise.all([refund(api, paid.rsvpId), refund(api, paid.rsvpId)]);

    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    expect(replies.some((reply) => reply.status === 200)).toBe(true);
    expect(await stored(api, paid.rsvpId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 3500 });
    expect(await attendees(api, event.id)).toBe(1);
  });

  it('a paid RSVP cancelled earlier can still be refunded, and keeps the seat count as it was', async () => {
    const event = await createPaidEvent(api);
    const paid = await payForTicket(api, event.id);
    await payForTicket(api, event.id, { name: 'John Muir', email: 'john@example.org' });
    const cancelled = await api.request.delete(`/api/rsvps/${paid.rsvpId}`).set(api.bearer('admin'));
    expect(cancelled.body.message).toContain('was not refunded automatically');
    expect(await attendees(api, event.id)).toBe(1);

    const response = await refund(api, paid.rsvpId);

    expect(response.status).toBe(200);
    expect(response.body.rsvp).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: 3500 });
    expect(await attendees(api, event.id)).toBe(1);
  });

  it('free and unpaid RSVPs are not refundable (409); an unknown RSVP is 404', async () => {
    const freeEvent = await api.request.post('/api/events').set(api.bearer('admin')).send({ title: 'Walk', date: '2026-12-05T09:00', location: 'Canyon' });
    const free = await api.request.post(`/api/events/${freeEvent.body.event.id}/rsvp`).send({ name: 'Ada', email: 'ada@example.org' });
    const pending = await openPayment(api, (await createPaidEvent(api)).id);

    for (const rsvpId of [free.body.rsvpId, pending.rsvpId]) {
      const before = await stored(api, rsvpId);
      const response = await refund(api, rsvpId);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ success: false, code: 'NOT_REFUNDABLE', message: RSVP_MESSAGES.notRefundable });
      expect(await stored(api, rsvpId)).toEqual(before);
    }
    const unknown = await refund(api, 'no-such-rsvp');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, code: 'RSVP_NOT_FOUND', message: RSVP_MESSAGES.rsvpNotFound });
  });

  it('staff may not refund (403)', async () => {
    const event = await createPaidEvent(api);
    const paid = await payForTicket(api, event.id);
    const response = await api.request.post(`/api/rsvps/${paid.rsvpId}/refund`).set(api.bearer('staff')).send();
    expect(response.status).toBe(403);
    expect(await stored(api, paid.rsvpId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('when the offline gateway refuses (the intent was never charged), says why and changes nothing', async () => {
    const event = await createPaidEvent(api);
    const pending = await openPayment(api, event.id);
    // Marked paid without the card ever being charged: the provider has nothing to give back.
    await api.deps.store.runTransaction(async (tx) =>
      tx.update(RSVPS, pending.rsvpId, { status: 'confirmed', paymentStatus: 'paid', amountPaid: 3500, holdExpiresAt: null }),
    );
    const before = await stored(api, pending.rsvpId);

    const response = await refund(api, pending.rsvpId);

    expect(response.status).toBe(502);
    expect(response.body).toEqual({ success: false, code: 'REFUND_FAILED', message: `${RSVP_MESSAGES.refundFailed}: ${OFFLINE_REFUND_ERRORS.notCharged}` });
    expect(await stored(api, pending.rsvpId)).toEqual(before);
    expect(await attendees(api, event.id)).toBe(1);
  });
});

describe('POST /rsvps/{id}/refund when the provider refuses', () => {
  const asked: [string, string][] = [];
  let refusing: TestApi;
  beforeAll(async () => {
    refusing = await createTestApi({ payments: refundsRefused('Charge ch_1 has been disputed; refunds are not possible', asked) });
  });
  afterAll(() => refusing.close());

  it('answers 502 with the provider’s reason and leaves every stored field of the RSVP and the event as it was', async () => {
    const event = await createPaidEvent(refusing);
    const paid = await payForTicket(refusing, event.id);
    const rsvpBefore = await stored(refusing, paid.rsvpId);
    const eventBefore = (await refusing.deps.store.get(EVENTS, event.id))?.data;

    const response = await refund(refusing, paid.rsvpId);

    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      success: false,
      code: 'REFUND_FAILED',
      message: `${RSVP_MESSAGES.refundFailed}: Charge ch_1 has been disputed; refunds are not possible`,
    });
    expect(await stored(refusing, paid.rsvpId)).toEqual(rsvpBefore);
    expect((await refusing.deps.store.get(EVENTS, event.id))?.data).toEqual(eventBefore);
    expect(asked).toEqual([[paid.paymentIntentId, rsvpRefundKey(paid.rsvpId)]]);
  });
});
