import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { MAILBOX } from '../../src/mail/local-outbox.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { createReminderService } from '../../src/reminders/service.js';
import { REMINDER_SENDS } from '../../src/reminders/repository.js';
import { REMINDER_OFFSET_MESSAGES } from '../../src/shared/reminders-model.js';
import type { DocumentStore } from '../../src/store/port.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent, openPayment, payForTicket } from '../support/payments.js';

const HOUR = 60 * 60_000;
// 'Stargazing' of createTestEvent: 7:30 PM on Saturday December 5, 2026 in Denver.
const START = '2026-12-06T02:30:00.000Z';
const NAMES = ['Ada', 'Bea', 'Cy', 'Dot', 'Eve', 'Fay'];
const before = (ms: number, start = START) => new Date(Date.parse(start) - ms).toISOString();

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** Every reminder job queued for the event's tickets, as 'rsvpId/offset' (sorted). */
async function reminderJobs(store: DocumentStore, rsvpIds: string[]): Promise<string[]> {
  const jobs = await store.query(MAIL_JOBS);
  return jobs
    .filter((job) => job.data.kind === 'reminder' && rsvpIds.includes(job.data.rsvpId ?? ''))
    .map((job) => `${job.data.rsvpId}/${job.data.reminderOffsetHours}`)
    .sort();
}

async function register(eventId: string, name: string) {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${Math.random().toString(36).slice(2, 8)}@example.org`;
  const response = await api.request.post(`/api/events/${eventId}/rsvp`).send({ name, email });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.rsvpId as string;
}

/** A fresh event of its own date (so other tests' events are not due at the same times). */
async function freshEvent(body: Record<string, unknown> = {}) {
  api.clock.set('2026-11-21T12:00:00.000Z');
  return createTestEvent(api, body);
}

const counts = async (eventId: string, who: 'admin' | 'staff' = 'admin') => {
  const response = await api.request.get(`/api/events/${eventId}/reminders`).set(api.bearer(who));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.counts as { offsetHours: number; sent: number }[];
};

describe('reminder sweep', () => {
  it('sends each due reminder once to active tickets only, and admins see the counts', async () => {
    const event = await freshEvent();
    const ada = await register(event.id, 'Ada Lovelace');
    const bob = await register(event.id, 'Bob Marsh');
    const gone = await register(event.id, 'Cancelled Carl');
    await api.request.delete(`/api/rsvps/${gone}`).set(api.bearer('admin')).expect(200);

    api.clock.set(before(25 * HOUR));
    expect(await api.services.reminders.sweep()).toBe(0);

    api.clock.set(before(24 * HOUR));
    await api.services.reminders.sweep();
    await api.services.reminders.sweep();
    expect(await reminderJobs(api.deps.store, [ada, bob, gone])).toEqual([`${ada}/24`, `${bob}/24`].sort());
    expect(await counts(event.id)).toEqual([
      { offsetHours: 24, sent: 2 },
      { offsetHours: 2, sent: 0 },
    ]);

    // Registered after the 24 h reminder's time: only the 2 h one.
    api.clock.set(before(20 * HOUR));
    const late = await register(event.id, 'Late Lou');
    await api.services.reminders.sweep();
    api.clock.set(before(2 * HOUR));
    await api.services.reminders.sweep();
    api.clock.set(before(HOUR));
    await api.services.reminders.sweep();
    expect(await reminderJobs(api.deps.store, [ada, bob, gone, late])).toEqual([`${ada}/24`, `${bob}/24`, `${ada}/2`, `${bob}/2`, `${late}/2`].sort());
    expect(await counts(event.id, 'staff')).toEqual([
      { offsetHours: 24, sent: 2 },
      { offsetHours: 2, sent: 3 },
    ]);

    // After the start: nothing more.
    api.clock.set(before(-HOUR));
    expect(await api.services.reminders.sweep()).toBe(0);
  });

  it('delivers the reminder with its time left, the QR code, the ticket and calendar links', async () => {
    const event = await freshEvent({ title: 'Owl Prowl' });
    const ada = await register(event.id, 'Ada Lovelace');
    api.clock.set(before(24 * HOUR));
    await api.services.reminders.sweep();
    await api.services.mail.deliverDue();
    await api.whenStoreIdle();
    const [job] = (await api.deps.store.query(MAIL_JOBS)).filter((doc) => doc.data.kind === 'reminder' && doc.data.rsvpId === ada);
    const message = await api.deps.store.get(MAILBOX, job.id);
    expect(message?.data.subject).toBe('Reminder: Owl Prowl starts in 24 hours');
    expect(message?.data.html).toContain('Hi Ada,');
    expect(message?.data.html).toContain(`https://events.example.org/checkin/${ada}`);
    expect(message?.data.html).toContain(`https://events.example.org/api/checkin/${ada}/calendar.ics`);
    expect(message?.data.html).toContain('https://calendar.google.com/calendar/render?');
    // The 'Can't come?' link of issue 25 item 4, with a key of its own.
    expect(message?.data.html).toMatch(new RegExp(`https://events\\.example\\.org/ticket/${ada}/manage#key(=|&#x3D;)[\\w-]{20,}`)); // escaped in the HTML, as every link is
    expect(message?.data.attachments.map((file) => file.contentId)).toEqual(['ticket-qr']);
  });

  it('never reminds unpaid, refunded or unconfirmed registrations; a paid ticket gets its reminder', async () => {
    api.clock.set('2026-11-21T12:00:00.000Z');
    const paid = await createPaidEvent(api, { date: '2026-12-05T19:30' });
    const kept = await payForTicket(api, paid.id, { name: 'Paid Pat', email: 'paid.pat@example.org' });
    const unpaid = await openPayment(api, paid.id, { name: 'Unpaid Uma', email: 'unpaid.uma@example.org' });
    const refunded = await payForTicket(api, paid.id, { name: 'Refunded Rae', email: 'refunded.rae@example.org' });
    await api.request.post(`/api/rsvps/${refunded.rsvpId}/refund`).set(api.bearer('admin')).send().expect(200);
    const confirming = await freshEvent({ confirmByEmail: true, maxAttendees: 10 });
    const held = await api.request.post(`/api/events/${confirming.id}/rsvp`).send({ name: 'Held Hal', email: 'held.hal@example.org' });
    expect(held.status).toBe(201);
    const heldIds = (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.to === 'held.hal@example.org').map((job) => job.data.rsvpId ?? '');

    api.clock.set(before(24 * HOUR));
    await api.services.reminders.sweep();
    expect(await reminderJobs(api.deps.store, [kept.rsvpId, unpaid.rsvpId, refunded.rsvpId, ...heldIds])).toEqual([`${kept.rsvpId}/24`]);
  });

  it('sends nothing when the event has its reminders off', async () => {
    const event = await freshEvent({ reminderOffsetsHours: [] });
    const ada = await register(event.id, 'Ada Lovelace');
    api.clock.set(before(HOUR));
    await api.services.reminders.sweep();
    expect(await reminderJobs(api.deps.store, [ada])).toEqual([]);
    expect(await counts(event.id)).toEqual([]);
  });

  it('two sweeps at once (two API instances) queue exactly one reminder per ticket and offset', async () => {
    // A date of its own: the other tests' events have started when this one's reminder is due.
    const event = await freshEvent({ date: '2026-12-07T19:30' });
    const start = '2026-12-08T02:30:00.000Z';
    const ids = [];
    for (let i = 0; i < 6; i += 1) ids.push(await register(event.id, `${NAMES[i]} Twin`));
    // Opened while this instance's store is quiet: opening a SQLite connection waits for no batch of this process.
    await api.whenStoreIdle();
    await api.services.mailchimp.whenIdle();
    const second = await createTestApi({ sharedStoreOf: api });
    try {
      api.clock.set(before(24 * HOUR, start));
      second.clock.set(before(24 * HOUR, start));
      const [a, b] = await Promise.all([api.services.reminders.sweep({ batchSize: 2 }), second.services.reminders.sweep({ batchSize: 2 })]);
      expect(a + b).toBe(6);
      expect(await reminderJobs(api.deps.store, ids)).toEqual(ids.map((id) => `${id}/24`).sort());
      const sends = (await api.deps.store.query(REMINDER_SENDS)).filter((doc) => doc.data.eventId === event.id);
      expect(sends).toHaveLength(6);
    } finally {
      await second.close();
    }
  });

  it('a sweep that dies mid-batch leaves nothing half-done: the next one sends the rest, none twice', async () => {
    const event = await freshEvent({ date: '2026-12-09T19:30' });
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await register(event.id, `${NAMES[i]} Crash`));
    api.clock.set(before(24 * HOUR, '2026-12-10T02:30:00.000Z'));
    // A worker whose second transaction dies before its commit (after deciding its batch).
    let transactions = 0;
    const dying: DocumentStore = {
      ...api.deps.store,
      get: api.deps.store.get.bind(api.deps.store),
      query: api.deps.store.query.bind(api.deps.store),
      set: api.deps.store.set.bind(api.deps.store),
      runTransaction: (work) =>
        api.deps.store.runTransaction(async (tx) => {
          const result = await work(tx);
          if (++transactions === 3) throw new Error('worker died');
          return result;
        }),
    } as DocumentStore;
    const crashing = createReminderService({ store: dying, clock: api.clock });
    await expect(crashing.sweep({ batchSize: 2 })).rejects.toThrow('worker died');
    // Batches 1 and 2 committed; the third (the fifth ticket) did not.
    expect(await reminderJobs(api.deps.store, ids)).toHaveLength(4);

    expect(await api.services.reminders.sweep({ batchSize: 2 })).toBe(1);
    expect(await reminderJobs(api.deps.store, ids)).toEqual(ids.map((id) => `${id}/24`).sort());
  });

  it('a moved date gets reminders relative to the new start, once per offset and start', async () => {
    const event = await freshEvent();
    const ada = await register(event.id, 'Ada Lovelace');
    api.clock.set(before(24 * HOUR));
    await api.services.reminders.sweep();
    // A week later, same time.
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ date: '2026-12-12T19:30' }).expect(200);
    const moved = '2026-12-13T02:30:00.000Z';
    expect(await counts(event.id)).toEqual([
      { offsetHours: 24, sent: 0 },
      { offsetHours: 2, sent: 0 },
    ]);
    await api.services.reminders.sweep();
    expect(await reminderJobs(api.deps.store, [ada])).toEqual([`${ada}/24`]);
    api.clock.set(before(23 * HOUR, moved));
    await api.services.reminders.sweep();
    await api.services.reminders.sweep();
    expect(await reminderJobs(api.deps.store, [ada])).toEqual([`${ada}/24`, `${ada}/24`]);
    expect(await counts(event.id)).toEqual([
      { offsetHours: 24, sent: 1 },
      { offsetHours: 2, sent: 0 },
    ]);
  });

  it('a reminder queued for a ticket cancelled before delivery is not sent', async () => {
    const event = await freshEvent();
    const ada = await register(event.id, 'Ada Lovelace');
    api.clock.set(before(24 * HOUR));
    // The registration's ticket e-mail may still be on its way: a delivery run in progress would
    // take the reminder as soon as it is queued, before the cancel (a reminder already handed to
    // the mail provider is not called back). Let it finish first.
    await api.whenStoreIdle();
    // Queued without delivering at once, then cancelled.
    const quiet = createReminderService({ store: api.deps.store, clock: api.clock });
    await quiet.sweep();
    await api.request.delete(`/api/rsvps/${ada}`).set(api.bearer('admin')).expect(200);
    // A delivery run kicked earlier (the registration's ticket) may hold the job meanwhile: wait for it, then deliver.
    await api.whenStoreIdle();
    await api.services.mail.deliverDue();
    await api.whenStoreIdle();
    const [job] = (await api.deps.store.query(MAIL_JOBS)).filter((doc) => doc.data.kind === 'reminder' && doc.data.rsvpId === ada);
    expect(job.data.status).toBe('skipped');
    expect(await api.deps.store.get(MAILBOX, job.id)).toBeNull();
  });
});

describe('GET /events/{id}/reminders', () => {
  it('is for staff and admins: 401 without a session, 403 for an outsider, 404 for an unknown event', async () => {
    const event = await freshEvent();
    expect((await api.request.get(`/api/events/${event.id}/reminders`)).status).toBe(401);
    expect((await api.request.get(`/api/events/${event.id}/reminders`).set(api.bearer('outsider'))).status).toBe(403);
    expect((await api.request.get('/api/events/no-such-event/reminders').set(api.bearer('admin'))).status).toBe(404);
  });
});

describe('the reminder offsets of an event', () => {
  it('default to 24 h and 2 h, for new events and for stored events without the field', async () => {
    const event = await freshEvent();
    const read = async () => (await api.request.get(`/api/events/${event.id}`).set(api.bearer('admin'))).body.event;
    expect((await read()).reminderOffsetsHours).toEqual([24, 2]);
    const stored = await api.deps.store.get(EVENTS, event.id);
    const { reminderOffsetsHours: _dropped, ...older } = stored!.data;
    await api.deps.store.set(EVENTS, event.id, older);
    expect((await read()).reminderOffsetsHours).toEqual([24, 2]);
  });

  it('are saved largest first; a partial update without them leaves them (and the rest) as they were', async () => {
    const event = await freshEvent({ reminderOffsetsHours: [1, 48] });
    const title = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ title: 'Renamed' });
    expect(title.status).toBe(200);
    expect(title.body.event.reminderOffsetsHours).toEqual([48, 1]);
    expect(title.body.event.location).toBe('Kolob');
    const off = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ reminderOffsetsHours: [] });
    expect(off.body.event.reminderOffsetsHours).toEqual([]);
    expect(off.body.event.title).toBe('Renamed');
  });

  it('refuse hours that are not whole, out of 1..720, repeated or more than 5, with a clear message', async () => {
    const event = await freshEvent();
    for (const [value, errors] of [
      [[1.5], { 'reminderOffsetsHours.0': REMINDER_OFFSET_MESSAGES.hours }],
      [[0], { 'reminderOffsetsHours.0': REMINDER_OFFSET_MESSAGES.hours }],
      [[721], { 'reminderOffsetsHours.0': REMINDER_OFFSET_MESSAGES.hours }],
      [['abc'], { 'reminderOffsetsHours.0': REMINDER_OFFSET_MESSAGES.hours }],
      [[24, 24], { reminderOffsetsHours: REMINDER_OFFSET_MESSAGES.duplicate }],
      [[1, 2, 3, 4, 5, 6], { reminderOffsetsHours: REMINDER_OFFSET_MESSAGES.tooMany }],
      ['24', { reminderOffsetsHours: REMINDER_OFFSET_MESSAGES.hours }],
    ] as const) {
      const response = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ reminderOffsetsHours: value });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(response.body.errors, JSON.stringify(value)).toEqual(errors);
    }
  });
});
