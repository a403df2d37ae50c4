import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { seatsTakenOf } from '../support/seats.js';
import { numberedName } from '../support/names.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const createEvent = (body: Record<string, unknown> = {}) => createTestEvent(api, body);

const person = { name: 'Ada Lovelace', email: 'Ada@Example.org', address: '1 Canyon Rd', city: 'Springdale', state: 'UT', zipCode: '84767' };

describe('POST /events/{id}/rsvp', () => {
  it('registers a free RSVP, takes a seat and queues the ticket e-mail in the same transaction', async () => {
    const event = await createEvent({ maxAttendees: 5 });
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send({ ...person, extra: 'dropped' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, message: RSVP_MESSAGES.registered, requiresPayment: false, rsvpId: expect.any(String) });
    expect(response.body.rsvpId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const rsvp = await api.deps.store.get(RSVPS, response.body.rsvpId);
    expect(rsvp?.data).toMatchObject({
      eventId: event.id,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      ticketType: 'General',
      status: 'confirmed',
      paymentStatus: 'free',
      amountPaid: 0,
      checkedIn: false,
    });
    expect(rsvp?.data).not.toHaveProperty('extra');
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    const jobs = await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', response.body.rsvpId]] });
    expect(jobs.map((job) => job.data.kind)).toEqual(['ticket']);
  });

  it('accepts the custom URL in place of the id', async () => {
    const event = await createEvent({ customUrl: 'rsvp-by-slug' });
    const response = await api.request.post('/api/events/rsvp-by-slug/rsvp').send(person);
    expect(response.status).toBe(201);
    expect((await api.deps.store.get(RSVPS, response.body.rsvpId))?.data.eventId).toBe(event.id);
  });

  it('in RSVP-only mode sends a confirmation instead of a ticket', async () => {
    const event = await createEvent({ generateTickets: false });
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send(person);
    expect(response.body.message).toBe(RSVP_MESSAGES.registeredNoTicket);
    const jobs = await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', response.body.rsvpId]] });
    expect(jobs.map((job) => job.data.kind)).toEqual(['rsvpConfirmation']);
  });

  it.each([
    [{ name: '', email: 'a@example.org' }, RSVP_MESSAGES.nameAndEmailRequired],
    [{ name: 'A', email: '' }, RSVP_MESSAGES.nameAndEmailRequired],
    [{ name: 'A', email: 'not-an-email' }, RSVP_MESSAGES.invalidEmail],
    [{ name: 'x'.repeat(121), email: 'a@example.org' }, 'At most 120 characters'],
    [{ name: 'A', email: 'a@example.org', ticketType: 'Backstage' }, RSVP_MESSAGES.invalidTicket],
  ])('refuses %j with 400 and writes nothing', async (body, message) => {
    const event = await createEvent();
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, message });
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toHaveLength(0);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
  });

  it('refuses inactive, archived and unknown events with 404', async () => {
    const inactive = await createEvent({ isActive: false });
    const archived = await createEvent();
    await api.request.patch(`/api/events/${archived.id}/archive`).set(api.bearer('admin')).expect(200);
    for (const id of [inactive.id, archived.id, 'no-such-event']) {
      const response = await api.request.post(`/api/events/${id}/rsvp`).send(person);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(MESSAGES.eventNotFound);
    }
  });

  it('a paid event answers requiresPayment and holds the seat on a pending RSVP, without a ticket', async () => {
    const event = await createEvent({ requiresPayment: true, ticketTypes: ['General', 'Student'], ticketPrices: { General: 45, Student: 0 } });
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send({ ...person, ticketType: 'general' });
    expect(response.body).toMatchObject({ success: true, requiresPayment: true, message: RSVP_MESSAGES.paymentRequired });
    const rsvp = (await api.deps.store.get(RSVPS, response.body.rsvpId))?.data;
    expect(rsvp).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending', amountDue: 4500, ticketType: 'General' });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    expect(await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', response.body.rsvpId]] })).toHaveLength(0);
    expect((await api.request.get(`/api/checkin/${response.body.rsvpId}?format=json`)).status).toBe(404);
    const free = await api.request.post(`/api/events/${event.id}/rsvp`).send({ ...person, ticketType: 'Student' });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe(RSVP_MESSAGES.invalidTicket);
  });

  it('a full event answers 409 with a clear message', async () => {
    const event = await createEvent({ maxAttendees: 1 });
    await api.request.post(`/api/events/${event.id}/rsvp`).send(person).expect(201);
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send({ ...person, name: 'Grace Hopper', email: 'grace@example.org' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, code: 'EVENT_FULL', message: RSVP_MESSAGES.eventFull });
  });

  it('a rush of 60 simultaneous RSVPs for 9 seats gives exactly 9 RSVPs and 51 refusals', async () => {
    const event = await createEvent({ maxAttendees: 9 });
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => api.request.post(`/api/events/${event.id}/rsvp`).send({ name: numberedName('Guest', i), email: `guest${i}@example.org` })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(9);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(51);
    expect(await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).toHaveLength(9);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(9);
  });
});

describe('ticket lookup and lists', () => {
  it('GET /checkin/{id}?format=json returns the ticket; without it redirects to the ticket page', async () => {
    const event = await createEvent({ customUrl: 'ticket-event' });
    const { rsvpId } = (await api.request.post(`/api/events/${event.id}/rsvp`).send(person)).body;
    const json = await api.request.get(`/api/checkin/${rsvpId}?format=json`);
    expect(json.body).toEqual({
      success: true,
      ticket: {
        id: rsvpId,
        attendee: { name: 'Ada Lovelace', email: 'ada@example.org', ticketType: 'General' },
        event: { id: event.id, title: 'Stargazing', date: '2026-12-06T02:30:00.000Z', location: 'Kolob', customUrl: 'ticket-event' },
        checkedIn: false,
        checkedInAt: null,
        checkedInBy: null,
        // The e-mail's code as an SVG path (issue 25 item 1); its content is checked in checkin-api.test.ts.
        qr: { size: expect.any(Number), path: expect.stringMatching(/^M\d/) },
      },
    });
    const redirect = await api.request.get(`/api/checkin/${rsvpId}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe(`https://events.example.org/checkin/${rsvpId}`);
    const missing = await api.request.get('/api/checkin/unknown-ticket?format=json');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, code: 'TICKET_NOT_FOUND', message: RSVP_MESSAGES.ticketNotFound });
  });

  it('staff list RSVPs and check-ins of an event; visitors cannot', async () => {
    const event = await createEvent();
    const { rsvpId } = (await api.request.post(`/api/events/${event.id}/rsvp`).send(person)).body;
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, rsvpId, { checkedIn: true, checkedInAt: '2026-12-06T02:00:00.000Z', checkedInBy: 'staff@example.org' }));
    api.clock.set('2026-11-21T12:05:00.000Z');
    await api.request.post(`/api/events/${event.id}/rsvp`).send({ ...person, name: 'Grace Hopper' });
    const list = await api.request.get(`/api/events/${event.id}/rsvps`).set(api.bearer('staff'));
    expect(list.status).toBe(200);
    expect(list.body.rsvps.map((r: { name: string }) => r.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    const checkins = await api.request.get(`/api/events/${event.id}/checkins`).set(api.bearer('staff'));
    expect(checkins.body.checkedInAttendees.map((r: { name: string }) => r.name)).toEqual(['Ada Lovelace']);
    for (const path of [`/api/events/${event.id}/rsvps`, `/api/events/${event.id}/checkins`]) {
      expect((await api.request.get(path)).status).toBe(401);
      expect((await api.request.get(path).set(api.bearer('outsider'))).status).toBe(403);
    }
  });
});

describe('DELETE /rsvps/{id}', () => {
  it('admin cancels: frees the seat, the ticket disappears, and the RSVP leaves the list', async () => {
    const event = await createEvent({ maxAttendees: 1 });
    const { rsvpId } = (await api.request.post(`/api/events/${event.id}/rsvp`).send(person)).body;
    expect((await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('staff'))).status).toBe(403);
    const cancelled = await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin'));
    expect(cancelled.body).toEqual({ success: true, message: 'RSVP cancelled' });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    // Its link now shows the ticket as cancelled (issue 24 item 8), never as one to present.
    const ticket = await api.request.get(`/api/checkin/${rsvpId}?format=json`).expect(200);
    expect(ticket.body.ticket.cancelled).toEqual({ refunded: false, at: expect.any(String) });
    expect((await api.request.get(`/api/events/${event.id}/rsvps`).set(api.bearer('admin'))).body.rsvps).toEqual([]);
    expect((await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin'))).status).toBe(404);
    await api.request.post(`/api/events/${event.id}/rsvp`).send(person).expect(201);
  });
});

describe('rate limit on public writes', () => {
  it('answers 429 with a clear message past the per-minute limit', async () => {
    const limited = await createTestApi({ publicWritesPerMinute: 3 });
    try {
      const event = (
        await limited.request.post('/api/events').set(limited.bearer('admin')).send({ title: 'T', date: '2026-12-05T19:30', location: 'L' })
      ).body.event;
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.request.post(`/api/events/${event.id}/rsvp`).send({ ...person, name: numberedName('Guest', i) })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await limited.request.post(`/api/events/${event.id}/rsvp`).send(person);
      expect(refused.body).toEqual({ success: false, code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests });
      expect((await limited.request.get('/api/events')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
