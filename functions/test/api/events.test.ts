import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { createTestApi, type TestApi } from '../support/api.js';
import { pretendSeatsTaken } from '../support/seats.js';
import { EVENTS } from '../../src/events/repository.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const baseEvent = {
  title: 'Night Sky Stargazing',
  description: 'Telescopes and stories.\nBring layers.',
  date: '2026-12-05T19:30',
  location: 'Kolob Terrace',
  maxAttendees: 40,
};

async function createEvent(body: Record<string, unknown>) {
  const response = await api.request.post('/api/events').set(api.bearer('admin')).send({ ...baseEvent, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.event as { id: string; [key: string]: unknown };
}

describe('POST /events', () => {
  it('creates an event with defaults, reading the wall-clock date in Denver', async () => {
    const event = await createEvent({ tags: ' night , , family ', mailchimpTags: ['a', ' ', 'b'] });
    expect(event).toMatchObject({
      title: 'Night Sky Stargazing',
      date: '2026-12-06T02:30:00.000Z',
      ticketTypes: ['General'],
      ticketPrices: {},
      requiresPayment: false,
      eventType: 'free',
      isActive: true,
      isArchived: false,
      eventStatus: 'active',
      generateTickets: true,
      rsvpOnlyMode: false,
      attendeeCount: 0,
      tags: ['night', 'family'],
      mailchimpTags: ['a', 'b'],
    });
    expect(event.id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('drops unknown fields and never trusts a client attendee count', async () => {
    const event = await createEvent({ attendeeCount: 99, isArchived: true, hacker: 'yes' });
    expect(event.attendeeCount).toBe(0);
    expect(event.isArchived).toBe(false);
    expect(event).not.toHaveProperty('hacker');
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ date: '' }, 'date', 'Date and time are required'],
    [{ date: 'next tuesday' }, 'date', 'Date and time are required'],
    [{ location: '  ' }, 'location', 'Location is required'],
    [{ ticketTypes: [] }, 'ticketTypes', MESSAGES.ticketTypeRequired],
    [{ ticketTypes: ['General', 'general'] }, 'ticketTypes', MESSAGES.duplicateTicketType],
    [{ ticketPrices: { General: -1 } }, 'ticketPrices.General', 'Ticket price must be at least 0'],
    [{ ticketPrices: { General: 'ten' } }, 'ticketPrices.General', 'Ticket price must be a number'],
    [{ customUrl: 'Night Sky!' }, 'customUrl', MESSAGES.customUrlFormat],
    [{ maxAttendees: 0 }, 'maxAttendees', 'Maximum attendees must be at least 1'],
    [{ eventImage: 'javascript:alert(1)' }, 'eventImage', 'Must be an http(s) address, a path starting with /, or an #anchor'],
  ])('refuses %j with 400 and the field message', async (patch, field, message) => {
    const response = await api.request.post('/api/events').set(api.bearer('admin')).send({ ...baseEvent, ...patch });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, message });
    expect(response.body.errors[field]).toBe(message);
  });

  it('refuses a reserved custom URL and a paid event without a price above 0', async () => {
    const reserved = await api.request.post('/api/events').set(api.bearer('admin')).send({ ...baseEvent, customUrl: 'checkin' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.message).toBe(MESSAGES.customUrlReserved);
    const free = await api.request
      .post('/api/events')
      .set(api.bearer('admin'))
      .send({ ...baseEvent, requiresPayment: true, ticketPrices: { General: 0 } });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe(MESSAGES.paidEventNeedsPrice);
  });

  it('lower-cases custom URLs and keeps them unique (409)', async () => {
    const event = await createEvent({ customUrl: 'Condor-Dinner' });
    expect(event.customUrl).toBe('condor-dinner');
    const clash = await api.request.post('/api/events').set(api.bearer('admin')).send({ ...baseEvent, customUrl: 'condor-dinner' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(MESSAGES.customUrlTaken);
  });

  it('keeps only prices of offered ticket types and marks paid events', async () => {
    const event = await createEvent({
      ticketTypes: ['General', 'Student'],
      ticketPrices: { General: '45.5', Student: 20, Ghost: 1 },
      requiresPayment: true,
    });
    expect(event.ticketPrices).toEqual({ General: 45.5, Student: 20 });
    expect(event.eventType).toBe('paid');
  });
});

describe('GET /events and /events/{idOrSlug}', () => {
  let active: { id: string }, inactive: { id: string }, archived: { id: string };
  beforeAll(async () => {
    active = await createEvent({ title: 'Visible', customUrl: 'visible-event', date: '2026-12-01T10:00', tags: ['wildlife'] });
    inactive = await createEvent({ title: 'Hidden', isActive: false, date: '2026-12-02T10:00', tags: ['gala'] });
    archived = await createEvent({ title: 'Old', date: '2026-01-02T10:00' });
    await api.request.patch(`/api/events/${archived.id}/archive`).set(api.bearer('admin')).expect(200);
  });

  it('visitors only ever receive active, non-archived events, sorted by date', async () => {
    const response = await api.request.get('/events?active=false&archived=true');
    expect(response.status).toBe(200);
    const titles = response.body.events.map((e: { title: string }) => e.title);
    expect(titles).toContain('Visible');
    expect(titles).not.toContain('Hidden');
    expect(titles).not.toContain('Old');
    const dates = response.body.events.map((e: { date: string }) => e.date);
    expect([...dates].sort()).toEqual(dates);
  });

  it('staff can filter by status and tags', async () => {
    const inactiveOnly = await api.request.get('/api/events?active=false').set(api.bearer('staff'));
    expect(inactiveOnly.body.events.map((e: { id: string }) => e.id)).toEqual([inactive.id]);
    const archivedOnly = await api.request.get('/api/events?archived=true').set(api.bearer('admin'));
    expect(archivedOnly.body.events.map((e: { id: string }) => e.id)).toEqual([archived.id]);
    const tagged = await api.request.get('/api/events?tags=Wildlife,unknown').set(api.bearer('admin'));
    expect(tagged.body.events.map((e: { id: string }) => e.id)).toEqual([active.id]);
  });

  it('a bad token on a public list is 401, not a silent public answer', async () => {
    const response = await api.request.get('/api/events').set('Authorization', 'Bearer not-a-token');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(MESSAGES.authRequired);
  });

  it('finds an event by custom URL (any case) and by id', async () => {
    expect((await api.request.get('/api/events/VISIBLE-EVENT')).body.event.id).toBe(active.id);
    expect((await api.request.get(`/api/events/${active.id}`)).body.event.title).toBe('Visible');
  });

  it.each(['admin', 'admin-zfp-dashboard-2025', 'checkin', 'payment-success', 'empty', 'no-such-event'])(
    '"%s" is Event not found (404)',
    async (slug) => {
      const response = await api.request.get(`/api/events/${slug}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, code: 'EVENT_NOT_FOUND', message: MESSAGES.eventNotFound });
    },
  );

  it('hides inactive and archived events from visitors but not from staff', async () => {
    expect((await api.request.get(`/api/events/${inactive.id}`)).status).toBe(404);
    expect((await api.request.get(`/api/events/${archived.id}`)).status).toBe(404);
    expect((await api.request.get(`/api/events/${inactive.id}`).set(api.bearer('staff'))).status).toBe(200);
  });

  it('lists tags: public tags for visitors, all for staff', async () => {
    const publicTags = (await api.request.get('/api/events/tags')).body.tags;
    expect(publicTags).toContain('wildlife');
    expect(publicTags).not.toContain('gala');
    expect((await api.request.get('/api/events/tags').set(api.bearer('staff'))).body.tags).toContain('gala');
  });
});

describe('changing events', () => {
  it('PUT updates fields and activation, validating the merged event', async () => {
    const event = await createEvent({});
    const renamed = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ title: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.event).toMatchObject({ title: 'Renamed', location: 'Kolob Terrace' });
    const off = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ isActive: false });
    expect(off.body.event).toMatchObject({ isActive: false, eventStatus: 'inactive' });
    const bad = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ title: '' });
    expect(bad.status).toBe(400);
    const stored = await api.request.get(`/api/events/${event.id}`).set(api.bearer('admin'));
    expect(stored.body.event.title).toBe('Renamed');
  });

  it('archive, restore (inactive) and no activation while archived', async () => {
    const event = await createEvent({});
    const archivedEvent = await api.request.patch(`/api/events/${event.id}/archive`).set(api.bearer('admin'));
    expect(archivedEvent.body.event).toMatchObject({ isArchived: true, isActive: false, eventStatus: 'archived' });
    const activate = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ isActive: true });
    expect(activate.status).toBe(409);
    expect(activate.body.message).toBe(MESSAGES.archivedCannotActivate);
    const restoredEvent = await api.request.patch(`/api/events/${event.id}/unarchive`).set(api.bearer('admin'));
    expect(restoredEvent.body.event).toMatchObject({ isArchived: false, isActive: false, eventStatus: 'inactive' });
    const activated = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ isActive: true });
    expect(activated.body.event.eventStatus).toBe('active');
  });

  it('toggle-tickets flips generateTickets and sets rsvpOnlyMode to the opposite', async () => {
    const event = await createEvent({});
    const flipped = await api.request.patch(`/api/events/${event.id}/toggle-tickets`).set(api.bearer('admin')).send({});
    expect(flipped.body.event).toMatchObject({ generateTickets: false, rsvpOnlyMode: true });
    const set = await api.request.patch(`/api/events/${event.id}/toggle-tickets`).set(api.bearer('admin')).send({ generateTickets: true });
    expect(set.body.event).toMatchObject({ generateTickets: true, rsvpOnlyMode: false });
  });

  it('answers 404 for unknown ids', async () => {
    for (const [method, path] of [
      ['put', '/api/events/nope'],
      ['patch', '/api/events/nope/archive'],
      ['patch', '/api/events/nope/unarchive'],
      ['patch', '/api/events/nope/toggle-tickets'],
    ] as const) {
      const response = await api.request[method](path).set(api.bearer('admin')).send({});
      expect(response.status, path).toBe(404);
      expect(response.body.message).toBe(MESSAGES.eventNotFound);
    }
  });

  it('refuses a capacity below the seats already taken', async () => {
    const event = await createEvent({ maxAttendees: 10 });
    await pretendSeatsTaken(api.deps.store, event.id, 5);
    const response = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ maxAttendees: 4 });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain(MESSAGES.capacityBelowRegistered);
  });
});

/** SPEC §5 (event form) and §4 (display status and its actions), each rule through the API, on create and on update. */
describe('every event rule of SPEC §5 and §4', () => {
  const put = (id: string, body: Record<string, unknown>) => api.request.put(`/api/events/${id}`).set(api.bearer('admin')).send(body);
  const post = (body: Record<string, unknown>) => api.request.post('/api/events').set(api.bearer('admin')).send({ ...baseEvent, ...body });
  const storedEvent = async (id: string) => (await api.deps.store.get(EVENTS, id))?.data;

  describe('custom URL', () => {
    it('is trimmed and lower-cased, on create and on update', async () => {
      expect((await createEvent({ customUrl: '  Owl-Walk-2026 ' })).customUrl).toBe('owl-walk-2026');
      const event = await createEvent({});
      expect((await put(event.id, { customUrl: 'BAT-Night' })).body.event.customUrl).toBe('bat-night');
    });

    it.each(['night sky', 'night_sky', 'café', 'night/sky', '-night', 'night-', 'night--sky', 'x'.repeat(81)])(
      'refuses %j: only a-z, 0-9 and single hyphens',
      async (customUrl) => {
        const response = await post({ customUrl });
        expect(response.status).toBe(400);
        expect(response.body.errors.customUrl).toBeTruthy();
      },
    );

    it.each(['admin', 'ADMIN', 'checkin', 'payment-success', 'admin-zfp-dashboard-2025', 'empty', 'tags', 'stats', 'volunteer', 'Volunteer'])(
      'refuses the reserved word %j (400), on create and on update',
      async (customUrl) => {
        const created = await post({ customUrl });
        expect(created.status).toBe(400);
        expect(created.body).toMatchObject({ code: 'CUSTOM_URL_RESERVED', errors: { customUrl: MESSAGES.customUrlReserved } });
        const event = await createEvent({});
        expect((await put(event.id, { customUrl })).status).toBe(400);
        expect((await storedEvent(event.id))?.customUrl).toBe('');
      },
    );

    it('an event whose address became a reserved word later can still be edited and deactivated', async () => {
      const event = await createEvent({});
      // Stored before 'stats' was reserved: no form could create it today.
      await api.deps.store.set(EVENTS, event.id, { ...(await storedEvent(event.id))!, customUrl: 'stats' });
      const renamed = await put(event.id, { title: 'Bat survey' });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect((await put(event.id, { isActive: false })).status).toBe(200);
      expect(await storedEvent(event.id)).toMatchObject({ title: 'Bat survey', isActive: false, customUrl: 'stats' });
      // Giving it a new, allowed address works; moving back to a reserved one does not.
      expect((await put(event.id, { customUrl: 'bat-survey' })).status).toBe(200);
      expect((await put(event.id, { customUrl: 'stats' })).status).toBe(400);
    });

    it('is unique: another event’s custom URL (any case) or id is refused (409); an event may keep its own', async () => {
      const first = await createEvent({ customUrl: 'heron-count' });
      const second = await createEvent({});
      const clash = await put(second.id, { customUrl: 'Heron-Count' });
      expect(clash.status).toBe(409);
      expect(clash.body).toMatchObject({ code: 'CUSTOM_URL_TAKEN', message: MESSAGES.customUrlTaken });
      expect((await post({ customUrl: 'heron-count' })).status).toBe(409);
      // An event stored under an id that looks like an address (e.g. imported) keeps that address.
      await api.deps.store.set(EVENTS, 'imported-heron-walk', { ...(await storedEvent(second.id))!, customUrl: '' });
      const idClash = await post({ customUrl: 'imported-heron-walk' });
      expect(idClash.status).toBe(409);
      expect(idClash.body.code).toBe('CUSTOM_URL_TAKEN');
      expect((await put(first.id, { customUrl: 'heron-count', title: 'Heron count' })).status).toBe(200);
      expect((await storedEvent(second.id))?.customUrl).toBe('');
    });
  });

  describe('ticket types and prices', () => {
    it('at least one ticket type must remain, and names are unique (any case), on update too', async () => {
      const event = await createEvent({ ticketTypes: ['General', 'Student'] });
      const none = await put(event.id, { ticketTypes: [] });
      expect(none.status).toBe(400);
      expect(none.body.errors.ticketTypes).toBe(MESSAGES.ticketTypeRequired);
      const twice = await put(event.id, { ticketTypes: ['General', ' general '] });
      expect(twice.status).toBe(400);
      expect(twice.body.errors.ticketTypes).toBe(MESSAGES.duplicateTicketType);
      expect((await storedEvent(event.id))?.ticketTypes).toEqual(['General', 'Student']);
    });

    it('a price is a number (numeric text accepted), at least 0, kept to the cent', async () => {
      const event = await createEvent({ ticketTypes: ['General', 'Child'], ticketPrices: { General: '12.50', Child: 0 } });
      expect(event.ticketPrices).toEqual({ General: 12.5, Child: 0 });
      for (const price of [-0.01, 'free', 'ten dollars']) {
        const response = await put(event.id, { ticketPrices: { General: price } });
        expect(response.status, String(price)).toBe(400);
        expect(response.body.errors['ticketPrices.General']).toBeTruthy();
      }
      expect((await storedEvent(event.id))?.ticketPrices).toEqual({ General: 12.5, Child: 0 });
    });
  });

  it('tags and Mailchimp tags: comma-separated, trimmed, empties dropped, on update too', async () => {
    const event = await createEvent({});
    const response = await put(event.id, { tags: ' birds ,, night ,', mailchimpTags: ['  members', '', ' ', 'donors '] });
    expect(response.body.event).toMatchObject({ tags: ['birds', 'night'], mailchimpTags: ['members', 'donors'] });
  });

  it('archive takes the event off the public site; restore brings it back inactive; neither exists for visitors', async () => {
    const event = await createEvent({ title: 'Archive me' });
    await api.request.patch(`/api/events/${event.id}/archive`).set(api.bearer('admin')).expect(200);
    const publicTitles = (await api.request.get('/api/events')).body.events.map((e: { title: string }) => e.title);
    expect(publicTitles).not.toContain('Archive me');
    expect((await api.request.get(`/api/events/${event.id}`)).status).toBe(404);
    const restored = await api.request.patch(`/api/events/${event.id}/unarchive`).set(api.bearer('admin'));
    expect(restored.body.event).toMatchObject({ isArchived: false, isActive: false, eventStatus: 'inactive' });
    expect((await api.request.get(`/api/events/${event.id}`)).status).toBe(404);
    for (const action of ['archive', 'unarchive']) {
      expect((await api.request.patch(`/api/events/${event.id}/${action}`).set(api.bearer('staff'))).status).toBe(403);
    }
  });

  it('an archived event cannot be activated, but deactivating it is harmless; the stored event is unchanged by the refusal', async () => {
    const event = await createEvent({});
    await api.request.patch(`/api/events/${event.id}/archive`).set(api.bearer('admin')).expect(200);
    const before = await storedEvent(event.id);
    const activate = await put(event.id, { isActive: true });
    expect(activate.status).toBe(409);
    expect(activate.body.code).toBe('ARCHIVED_CANNOT_ACTIVATE');
    expect(await storedEvent(event.id)).toEqual(before);
    expect((await put(event.id, { isActive: false })).body.event).toMatchObject({ isActive: false, eventStatus: 'archived' });
  });

  it('switching mode twice returns to tickets; RSVP-only is always the opposite of generate tickets', async () => {
    const event = await createEvent({ generateTickets: false });
    expect(event).toMatchObject({ generateTickets: false, rsvpOnlyMode: true });
    const toggle = () => api.request.patch(`/api/events/${event.id}/toggle-tickets`).set(api.bearer('admin')).send();
    expect((await toggle()).body.event).toMatchObject({ generateTickets: true, rsvpOnlyMode: false });
    expect((await toggle()).body.event).toMatchObject({ generateTickets: false, rsvpOnlyMode: true });
    expect((await put(event.id, { generateTickets: true })).body.event).toMatchObject({ generateTickets: true, rsvpOnlyMode: false });
  });

  it('maximum attendees never drops below the registrations already made; empty means unlimited', async () => {
    const event = await createEvent({ maxAttendees: 5 });
    for (const name of ['Ada', 'Bob', 'Cy']) {
      await api.request.post(`/api/events/${event.id}/rsvp`).send({ name, email: `${name.toLowerCase()}@example.org` }).expect(201);
    }
    const below = await put(event.id, { maxAttendees: 2 });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ code: 'CAPACITY_BELOW_REGISTERED', errors: { maxAttendees: `${MESSAGES.capacityBelowRegistered} (3)` } });
    expect((await storedEvent(event.id))?.maxAttendees).toBe(5);
    expect((await put(event.id, { maxAttendees: 3 })).body.event.maxAttendees).toBe(3);
    expect((await put(event.id, { maxAttendees: '' })).body.event.maxAttendees).toBeNull();
    const full = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Dee', email: 'dee@example.org' });
    expect(full.status).toBe(201);
  });
});
