import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent, openPayment, payForTicket } from '../support/payments.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const stats = async () => {
  const response = await api.request.get('/api/events/stats').set(api.bearer('admin'));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.stats as Record<string, { registered: number; checkedIn: number; amountTaken: number }>;
};

describe('GET /events/stats', () => {
  it('adds up each event: registrations holding a seat, check-ins, and money kept (paid less refunded)', async () => {
    const free = await createTestEvent(api);
    const quiet = await createTestEvent(api);
    const paid = await createPaidEvent(api);
    const ada = await api.request.post(`/api/events/${free.id}/rsvp`).send({ name: 'Ada', email: 'ada@example.org' });
    const bob = await api.request.post(`/api/events/${free.id}/rsvp`).send({ name: 'Bob', email: 'bob@example.org' });
    await api.request.post(`/api/checkin/${ada.body.rsvpId}`).set(api.bearer('staff')).send({ eventId: free.id, checkedInBy: 'door' }).expect(200);
    await api.request.delete(`/api/rsvps/${bob.body.rsvpId}`).set(api.bearer('admin')).expect(200);
    const kept = await payForTicket(api, paid.id);
    const refunded = await payForTicket(api, paid.id, { name: 'John Muir', email: 'john@example.org' });
    await api.request.post(`/api/rsvps/${refunded.rsvpId}/refund`).set(api.bearer('admin')).send().expect(200);
    await openPayment(api, paid.id, { name: 'Pending Payer', email: 'pending@example.org' });
    await api.request.post(`/api/checkin/${kept.rsvpId}`).set(api.bearer('staff')).send({ eventId: paid.id, checkedInBy: 'door' }).expect(200);

    const all = await stats();

    expect(all[free.id]).toEqual({ registered: 1, checkedIn: 1, amountTaken: 0 });
    expect(all[quiet.id]).toEqual({ registered: 0, checkedIn: 0, amountTaken: 0 });
    // Kept ($35) and pending (holds a seat, nothing taken yet); the refunded one gave both back.
    expect(all[paid.id]).toEqual({ registered: 2, checkedIn: 1, amountTaken: 3500 });
  });

  it('a partial refund recorded on an RSVP counts only what was kept', async () => {
    const paid = await createPaidEvent(api);
    const rsvp = await payForTicket(api, paid.id);
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, rsvp.rsvpId, { amountRefunded: 500 }));
    expect((await stats())[paid.id].amountTaken).toBe(3000);
  });

  it('is admins only, and is not read as the event with the address "stats"', async () => {
    expect((await api.request.get('/api/events/stats')).status).toBe(401);
    expect((await api.request.get('/api/events/stats').set(api.bearer('staff'))).status).toBe(403);
    const taken = await api.request
      .post('/api/events')
      .set(api.bearer('admin'))
      .send({ title: 'Stats night', date: '2026-12-05T19:30', location: 'Kolob', customUrl: 'Stats' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ customUrl: MESSAGES.customUrlReserved });
  });
});
