// Issue 24 item 6: a full event tells visitors how many of its seats are only held (awaiting payment
// or e-mail confirmation), so the site can say they may free up; an event with seats left says nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLD_OUT_TEXT } from '../../src/shared/events-model.js';
import { CONFIRMATION_HOLD_MS, PAYMENT_HOLD_MS } from '../../src/shared/rsvps-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const register = (eventId: string, email: string) => api.request.post(`/api/events/${eventId}/rsvp`).send({ name: 'Sam Seat', email }).expect(201);
const publicEvent = async (id: string) => (await api.request.get(`/api/events/${id}`).expect(200)).body.event;
const listed = async (id: string) => ((await api.request.get('/api/events?limit=50').expect(200)).body.events as { id: string }[]).find((event) => event.id === id);

describe('GET /events: heldSeats on a full event', () => {
  it('a full event whose seat is held for an e-mail confirmation says 1 held, in the page, the list and the event', async () => {
    const event = await createTestEvent(api, { maxAttendees: 1, confirmByEmail: true });
    expect(await publicEvent(event.id)).not.toHaveProperty('heldSeats');
    await register(event.id, 'held@example.org');
    expect(await publicEvent(event.id)).toMatchObject({ attendeeCount: 1, maxAttendees: 1, heldSeats: 1 });
    expect(await listed(event.id)).toMatchObject({ heldSeats: 1 });
    const all = (await api.request.get('/api/events').expect(200)).body.events as { id: string }[];
    expect(all.find((e) => e.id === event.id)).toMatchObject({ heldSeats: 1 });
  });

  it('a full event of confirmed seats says 0 held; one with seats left has no heldSeats', async () => {
    const full = await createTestEvent(api, { maxAttendees: 1 });
    await register(full.id, 'confirmed@example.org');
    expect(await publicEvent(full.id)).toMatchObject({ attendeeCount: 1, heldSeats: 0 });
    const open = await createTestEvent(api, { maxAttendees: 2, confirmByEmail: true });
    await register(open.id, 'open@example.org');
    expect(await publicEvent(open.id)).not.toHaveProperty('heldSeats');
  });

  it("the wording's 30 minutes are the holds' length", () => {
    expect(SOLD_OUT_TEXT.heldSeats).toContain(`${PAYMENT_HOLD_MS / 60_000} minutes`);
    expect(CONFIRMATION_HOLD_MS).toBe(PAYMENT_HOLD_MS);
  });
});
