import { expect } from 'vitest';
import { OFFLINE_TEST_CARDS } from '../../src/shared/payments-model.js';
import type { TestApi } from './api.js';

/** A paid event (General $45, Member $35), created by the admin. */
export async function createPaidEvent(api: TestApi, body: Record<string, unknown> = {}) {
  const response = await api.request
    .post('/api/events')
    .set(api.bearer('admin'))
    .send({
      title: 'Condor Dinner',
      date: '2026-12-14T18:00',
      location: 'Lodge',
      requiresPayment: true,
      ticketTypes: ['General', 'Member'],
      ticketPrices: { General: 45, Member: 35 },
      maxAttendees: 10,
      ...body,
    });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.event as { id: string; customUrl: string };
}

/** Opens a payment for a Member ticket ($35): a pending RSVP holding a seat. */
export async function openPayment(api: TestApi, eventId: string, buyer: { name: string; email: string } = { name: 'Mary Austin', email: 'mary@example.org' }) {
  const response = await api.request.post('/api/create-payment-intent').send({ eventId, amount: 3500, ticketType: 'Member', ...buyer });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { clientSecret: string; paymentIntentId: string; rsvpId: string; amount: number };
}

/** A Member ticket paid with the offline gateway's test card: a confirmed, paid RSVP. */
export async function payForTicket(api: TestApi, eventId: string, buyer?: { name: string; email: string }) {
  const intent = await openPayment(api, eventId, buyer);
  await api.request
    .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
    .send({ clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
    .expect(200);
  return intent;
}
