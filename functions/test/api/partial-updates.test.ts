import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, toEventView } from '../../src/events/repository.js';
import { EMAIL_TEMPLATES } from '../../src/mail/template-store.js';
import { DEFAULT_THEME } from '../../src/shared/theme-model.js';
import { SETTINGS, THEME_DOC } from '../../src/theme/service.js';
import { createTestApi, type TestApi } from '../support/api.js';
import { pretendSeatsTaken, seatsTakenOf } from '../support/seats.js';

/*
 * DESIGN §4: a partial update changes only the fields it names. Every update
 * path is checked against the whole stored document, not against the reply.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const fullPaidEvent = {
  title: 'Condor Gala Dinner',
  description: 'Three courses under the cliffs.',
  date: '2026-12-12T18:30',
  // Ends on a later day than either start the test gives it; registration closes before both (issue 26 item 4).
  endDate: '2027-01-10T22:00',
  registrationClosesAt: '2026-12-10T12:00',
  location: 'Zion Lodge',
  maxAttendees: 120,
  ticketTypes: ['General', 'VIP'],
  ticketPrices: { General: 45.5, VIP: 120 },
  requiresPayment: true,
  eventImage: 'https://images.example.org/gala.jpg',
  mailchimpAudienceId: 'aud-123',
  mailchimpTags: ['gala', 'donors'],
  tags: ['gala', 'dinner'],
  isActive: true,
  generateTickets: false,
  allowAdditionalInfo: true,
  customUrl: 'condor-gala',
  maxRegistrationsPerEmail: 6,
  reminderOffsetsHours: [48, 3],
  refundUntilHoursBefore: 72,
  // Issue 28 item 2: the waitlist offer's claim window.
  waitlistClaimHours: 24,
  // Issue 26 item 4: a quota per ticket type, kept by every update that does not name it.
  ticketQuotas: { VIP: 20 },
};

/** One new value per updatable field, and the stored fields each one may change besides itself. */
const changes: [field: string, value: unknown, derived: string[]][] = [
  ['title', 'Condor Gala (renamed)', []],
  ['description', 'Four courses now.', []],
  ['date', '2027-01-09T19:00', []],
  ['location', 'Springdale Hall', []],
  ['maxAttendees', 200, []],
  ['ticketTypes', ['General', 'VIP', 'Student'], []],
  ['ticketPrices', { General: 50, VIP: 150 }, []],
  ['requiresPayment', false, ['eventType']],
  ['eventImage', '/seed/other.svg', []],
  ['mailchimpAudienceId', 'aud-456', []],
  ['mailchimpTags', ['supporters'], []],
  ['tags', ['evening'], []],
  ['isActive', false, ['eventStatus']],
  ['generateTickets', true, ['rsvpOnlyMode']],
  ['allowAdditionalInfo', false, []],
  ['customUrl', 'condor-gala-2', []],
  ['maxRegistrationsPerEmail', 2, []],
  ['reminderOffsetsHours', [24], []],
  ['refundUntilHoursBefore', null, []],
  ['waitlistClaimHours', 6, []],
  // Issue 26 item 4: setting the end or the deadline, then clearing each, touches nothing else.
  ['endDate', '2027-01-11T12:00', []],
  ['registrationClosesAt', '2026-12-11T09:00', []],
  ['endDate', null, []],
  ['registrationClosesAt', null, []],
  // Issue 26 item 4: quotas changed, then cleared, touch nothing else (their seats live apart, in seats/quotas.ts).
  ['ticketQuotas', { VIP: 10, General: 50 }, []],
  ['ticketQuotas', {}, []],
];

/** The event as stored, with its seats taken (seats/ keeps those apart), in the fields the API shows. */
async function storedEvent(id: string): Promise<Record<string, unknown>> {
  const doc = await api.deps.store.get(EVENTS, id);
  expect(doc).not.toBeNull();
  const { id: _id, ...event } = toEventView(doc!, (await seatsTakenOf(api.deps.store, id)) ?? -1);
  return event;
}

function without(record: Record<string, unknown>, fields: string[]) {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !fields.includes(key)));
}

describe('PUT /events/{id} with one field', () => {
  let id: string;
  beforeAll(async () => {
    const created = await api.request.post('/api/events').set(api.bearer('admin')).send(fullPaidEvent);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    id = created.body.event.id;
    // Seats already taken must survive every update too.
    await pretendSeatsTaken(api.deps.store, id, 7);
    api.clock.set('2026-11-22T08:00:00.000Z');
  });

  it('the created event is fully populated (so every field below has something to lose)', async () => {
    expect(await storedEvent(id)).toMatchObject({
      ...fullPaidEvent,
      date: '2026-12-13T01:30:00.000Z',
      endDate: '2027-01-11T05:00:00.000Z',
      registrationClosesAt: '2026-12-10T19:00:00.000Z',
      eventType: 'paid',
      rsvpOnlyMode: true,
      attendeeCount: 7,
      eventStatus: 'active',
      isArchived: false,
    });
  });

  it.each(changes)('%s alone changes only itself (and what derives from it)', async (field, value, derived) => {
    const before = await storedEvent(id);
    const response = await api.request.put(`/api/events/${id}`).set(api.bearer('admin')).send({ [field]: value });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const after = await storedEvent(id);
    const untouched = [field, ...derived, 'updatedAt'];
    expect(without(after, untouched)).toEqual(without(before, untouched));
    expect(after[field]).not.toEqual(before[field]);
    expect(after.createdAt).toBe(before.createdAt);
    expect(after.updatedAt).toBe('2026-11-22T08:00:00.000Z');
    // The reply is the stored event.
    expect(response.body.event).toEqual({ ...after, id });
  });

  it('an empty body changes nothing but updatedAt', async () => {
    const before = await storedEvent(id);
    const response = await api.request.put(`/api/events/${id}`).set(api.bearer('admin')).send({});
    expect(response.status).toBe(200);
    expect(without(await storedEvent(id), ['updatedAt'])).toEqual(without(before, ['updatedAt']));
  });
});

describe('PATCH /events/{id}/toggle-tickets', () => {
  it('changes only generateTickets and rsvpOnlyMode', async () => {
    const created = await api.request.post('/api/events').set(api.bearer('admin')).send({ ...fullPaidEvent, customUrl: 'toggle-gala' });
    const id = created.body.event.id;
    const before = await storedEvent(id);
    await api.request.patch(`/api/events/${id}/toggle-tickets`).set(api.bearer('admin')).send({}).expect(200);
    const after = await storedEvent(id);
    const changed = ['generateTickets', 'rsvpOnlyMode', 'updatedAt'];
    expect(without(after, changed)).toEqual(without(before, changed));
    expect(after).toMatchObject({ generateTickets: true, rsvpOnlyMode: false });
  });
});

describe('PUT /theme (the whole theme, SPEC §7)', () => {
  it('a body missing a field is refused and the stored theme stays as it was', async () => {
    const saved = { ...DEFAULT_THEME, siteName: 'Zion Friends', contactEmail: 'hello@example.org' };
    await api.request.put('/api/theme').set(api.bearer('admin')).send(saved).expect(200);
    const before = (await api.deps.store.get(SETTINGS, THEME_DOC))!.data;
    const { footerText: _dropped, ...partial } = saved;
    const response = await api.request.put('/api/theme').set(api.bearer('admin')).send({ ...partial, siteName: 'Changed' });
    expect(response.status).toBe(400);
    expect((await api.deps.store.get(SETTINGS, THEME_DOC))!.data).toEqual(before);
  });
});

describe('PUT /email-templates/{name}', () => {
  it('replaces only the named template; a body missing a field is refused and changes nothing', async () => {
    const ticket = { subjectTemplate: 'Your ticket for {{event.title}}', htmlTemplate: '<p>{{rsvp.name}}</p>' };
    const confirmation = { subjectTemplate: 'See you at {{event.title}}', htmlTemplate: '<p>Hi {{rsvp.name}}</p>' };
    await api.request.put('/api/email-templates/ticket').set(api.bearer('admin')).send(ticket).expect(200);
    await api.request.put('/api/email-templates/rsvpConfirmation').set(api.bearer('admin')).send(confirmation).expect(200);
    const storedTicket = (await api.deps.store.get(EMAIL_TEMPLATES, 'ticket'))!.data;

    const partial = await api.request.put('/api/email-templates/ticket').set(api.bearer('admin')).send({ subjectTemplate: 'Only a subject' });
    expect(partial.status).toBe(400);
    expect((await api.deps.store.get(EMAIL_TEMPLATES, 'ticket'))!.data).toEqual(storedTicket);

    const replaced = await api.request
      .put('/api/email-templates/rsvpConfirmation')
      .set(api.bearer('admin'))
      .send({ ...confirmation, subjectTemplate: 'Changed' });
    expect(replaced.status).toBe(200);
    expect((await api.deps.store.get(EMAIL_TEMPLATES, 'ticket'))!.data).toEqual(storedTicket);
    expect(replaced.body.templates.ticket).toEqual(ticket);
  });
});
