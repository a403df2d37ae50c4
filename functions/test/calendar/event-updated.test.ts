import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventUpdatedMailId } from '../../src/calendar/fan-out.js';
import { EVENTS } from '../../src/events/repository.js';
import { MAILBOX } from '../../src/mail/local-outbox.js';
import { CALENDAR_FANOUT_JOBS, calendarFanoutId } from '../../src/outbox/calendar-jobs.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { numberedName } from '../support/names.js';

/*
 * Issue 25 item 2: an admin moves an event; each ticket holder gets one 'Event updated' e-mail whose
 * .ics has the same UID and a higher SEQUENCE, through one fan-out job (never a mail per ticket in
 * the update's own transaction), exactly once per (ticket, sequence) even when the fan-out reruns.
 */

let api: TestApi;
let second: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  second = await createTestApi({ sharedStoreOf: api });
});
afterAll(async () => {
  await second.close();
  await api.close();
});

async function register(eventId: string, n: number): Promise<string> {
  const response = await api.request.post(`/api/events/${eventId}/rsvp`).send({ name: numberedName('Guest', n), email: `guest${n}-${eventId.slice(0, 6)}@example.org` });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.rsvpId;
}

const update = async (eventId: string, body: Record<string, unknown>) => {
  const response = await api.request.put(`/api/events/${eventId}`).set(api.bearer('admin')).send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  // The update kicks the fan-out, which kicks delivery: wait for both.
  await api.services.calendar.whenIdle();
  await api.whenStoreIdle();
  return response.body.event;
};

/** The 'Event updated' mail jobs of these tickets. */
async function updatedMailJobs(ticketIds: string[]) {
  const jobs = await api.deps.store.query(MAIL_JOBS, { where: [['kind', '==', 'eventUpdated']] });
  return jobs.filter((job) => job.data.rsvpId && ticketIds.includes(job.data.rsvpId));
}

/** An event with three tickets, and a cancelled, an unconfirmed and an unpaid RSVP that hold none. */
async function eventWithRegistrations(title: string) {
  const event = await createTestEvent(api, { title, location: 'Kolob Terrace' });
  const tickets = [await register(event.id, 1), await register(event.id, 2), await register(event.id, 3)];
  const cancelled = await register(event.id, 4);
  await api.request.delete(`/api/rsvps/${cancelled}`).set(api.bearer('admin')).expect(200);
  const unconfirmed = await register(event.id, 5);
  const unpaid = await register(event.id, 6);
  await api.deps.store.runTransaction(async (tx) => {
    tx.update(RSVPS, unconfirmed, { status: 'pending_confirmation' });
    tx.update(RSVPS, unpaid, { status: 'pending_payment', paymentStatus: 'pending' });
  });
  await api.whenStoreIdle();
  return { event, tickets, others: [cancelled, unconfirmed, unpaid] };
}

describe('an event moved in date, time or place', () => {
  it("e-mails each ticket holder once 'Event updated', with the new date and the .ics at SEQUENCE n+1; nobody else", async () => {
    const { event, tickets, others } = await eventWithRegistrations('Owl Prowl');
    const before = (await api.deps.store.get(EVENTS, event.id))!.data;

    await update(event.id, { date: '2026-12-12T20:00' });

    const stored = (await api.deps.store.get(EVENTS, event.id))!.data;
    expect(stored.calendarSequence).toBe(1);
    // The update changed the date, its sequence and its time stamp; nothing it did not send.
    const { date, calendarSequence, updatedAt, ...rest } = stored;
    const { date: _d, calendarSequence: _c, updatedAt: _u, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect({ date, calendarSequence, updatedAt }).toEqual({ date: '2026-12-13T03:00:00.000Z', calendarSequence: 1, updatedAt: api.clock.now().toISOString() });
    expect((await api.deps.store.get(CALENDAR_FANOUT_JOBS, calendarFanoutId(event.id, 1)))!.data).toMatchObject({ status: 'done', sequence: 1, changes: ['date'], mails: 3 });

    const jobs = await updatedMailJobs([...tickets, ...others]);
    expect(jobs.map((job) => job.data.rsvpId).sort()).toEqual([...tickets].sort());
    expect(jobs.map((job) => job.id).sort()).toEqual(tickets.map((id) => eventUpdatedMailId(1, id)).sort());
    for (const job of jobs) expect(job.data).toMatchObject({ status: 'sent', calendarSequence: 1, eventChanges: ['date'] });

    const mail = (await api.deps.store.get(MAILBOX, eventUpdatedMailId(1, tickets[0])))!.data;
    expect(mail.subject).toBe('Event updated: Owl Prowl');
    expect(mail.to).toBe(`guest1-${event.id.slice(0, 6)}@example.org`.toLowerCase());
    expect(mail.text).toContain('The date and time of this event have changed.');
    // Issue 26 item 3: what changed, old → new, then the event as it now stands; the place did not change.
    expect(mail.text).toContain('What changed\nDate\nSaturday, December 5, 2026 → Saturday, December 12, 2026\nTime\n7:30 PM MST → 8:00 PM MST\n');
    expect(mail.text).not.toContain('Place\n');
    expect(mail.text).toContain('The event as it now stands\nDate\nSaturday, December 12, 2026\nTime\n8:00 PM MST\nLocation\nKolob Terrace');
    expect(mail.text).toContain(`https://events.example.org/checkin/${tickets[0]}`);
    const ics = Buffer.from(mail.attachments.find((a) => a.filename === 'owl-prowl.ics')!.content, 'base64').toString('utf8');
    expect(ics).toContain(`\r\nUID:${tickets[0]}@events.example.org\r\nSEQUENCE:1\r\n`);
    expect(ics).toContain('\r\nDTSTART:20261213T030000Z\r\n');
    expect(ics).toContain('\r\nSTATUS:CONFIRMED\r\n');

    // The route serves the same SEQUENCE; a place change raises it again and says so.
    await update(event.id, { location: 'Lava Point' });
    expect((await api.deps.store.get(EVENTS, event.id))!.data.calendarSequence).toBe(2);
    const moved = (await api.deps.store.get(MAILBOX, eventUpdatedMailId(2, tickets[1])))!.data;
    expect(moved.text).toContain('The place of this event has changed.');
    expect(moved.text).toContain('Place\nKolob Terrace → Lava Point\n');
    expect(moved.text).not.toContain('Time\n7:30 PM MST →');
    expect(Buffer.from(moved.attachments[0].content, 'base64').toString('utf8')).toContain('\r\nSEQUENCE:2\r\n');
    expect(await updatedMailJobs([...tickets, ...others])).toHaveLength(6);
  });

  it('a title or description edit sends nothing and leaves the sequence alone', async () => {
    const { event, tickets } = await eventWithRegistrations('Bat Walk');
    await update(event.id, { title: 'Bat Walk at Dusk' });
    await update(event.id, { description: 'Bring a red torch.' });
    // The same date, written another way, is no change either.
    await update(event.id, { date: '2026-12-05T19:30' });
    const stored = (await api.deps.store.get(EVENTS, event.id))!.data;
    expect(stored.calendarSequence).toBeUndefined();
    expect(stored.title).toBe('Bat Walk at Dusk');
    expect(await updatedMailJobs(tickets)).toEqual([]);
    expect(await api.deps.store.get(CALENDAR_FANOUT_JOBS, calendarFanoutId(event.id, 1))).toBeNull();
  });

  it('moving only the end tells each holder, the hours old → new, with the .ics ending at the new end (issue 26 item 4)', async () => {
    const { event, tickets } = await eventWithRegistrations('Night Sky Talk');
    await update(event.id, { endDate: '2026-12-05T21:30' });
    expect((await api.deps.store.get(EVENTS, event.id))!.data.calendarSequence).toBe(1);
    const before = (await api.deps.store.get(EVENTS, event.id))!.data;

    await update(event.id, { endDate: '2026-12-05T22:00' });
    const stored = (await api.deps.store.get(EVENTS, event.id))!.data;
    // Only the end, its sequence and its time stamp changed.
    const { endDate, calendarSequence, updatedAt: _updated, ...rest } = stored;
    const { endDate: _e, calendarSequence: _c, updatedAt: _u, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect({ endDate, calendarSequence }).toEqual({ endDate: '2026-12-06T05:00:00.000Z', calendarSequence: 2 });
    expect((await api.deps.store.get(CALENDAR_FANOUT_JOBS, calendarFanoutId(event.id, 2)))!.data).toMatchObject({ status: 'done', changes: ['end'], mails: 3 });
    const mail = (await api.deps.store.get(MAILBOX, eventUpdatedMailId(2, tickets[0])))!.data;
    expect(mail.text).toContain('The time of this event has changed.');
    expect(mail.text).toContain('Time\n7:30 PM MST – 9:30 PM MST → 7:30 PM MST – 10:00 PM MST\n');
    expect(mail.text).not.toMatch(/\nDate\n[^\n]*→/);
    const ics = Buffer.from(mail.attachments[0].content, 'base64').toString('utf8');
    expect(ics).toContain('\r\nSEQUENCE:2\r\n');
    expect(ics).toContain('\r\nDTEND:20261206T050000Z\r\n');

    // The same end written another way is no change.
    await update(event.id, { endDate: '2026-12-05T22:00:00' });
    expect((await api.deps.store.get(EVENTS, event.id))!.data.calendarSequence).toBe(2);
    expect(await updatedMailJobs(tickets)).toHaveLength(6);
  });

  it('a rerun of the fan-out, and two fan-outs at once on two instances, create each mail once', async () => {
    const { event, tickets } = await eventWithRegistrations('Star Party');
    await update(event.id, { date: '2026-12-19T21:00' });
    expect(await updatedMailJobs(tickets)).toHaveLength(3);
    const jobId = calendarFanoutId(event.id, 1);

    // A rerun (as after a worker died once its mails were queued, before it recorded 'done').
    await api.deps.store.runTransaction(async (tx) => tx.update(CALENDAR_FANOUT_JOBS, jobId, { status: 'pending', finishedAt: null }));
    expect(await api.services.calendar.fanOutDue()).toBe(1);

    // Two workers fanning out the same change at once (a duplicate job stands for a second worker
    // past the lease: each claims its own job, so both really fan out concurrently).
    const { data } = (await api.deps.store.get(CALENDAR_FANOUT_JOBS, jobId))!;
    await api.deps.store.runTransaction(async (tx) => {
      tx.update(CALENDAR_FANOUT_JOBS, jobId, { status: 'pending', finishedAt: null });
      tx.create(CALENDAR_FANOUT_JOBS, `${jobId}-copy`, { ...data, status: 'pending', finishedAt: null });
    });
    const [a, b] = await Promise.all([api.services.calendar.fanOutDue(), second.services.calendar.fanOutDue()]);
    expect(a + b).toBe(2);
    await api.services.mail.deliverDue();
    await Promise.all([api.services.mail.whenIdle(), second.services.mail.whenIdle()]);

    const jobs = await updatedMailJobs(tickets);
    expect(jobs.map((job) => job.id).sort()).toEqual(tickets.map((id) => eventUpdatedMailId(1, id)).sort());
    const mails = (await api.deps.store.query(MAILBOX)).filter((mail) => mail.data.subject === 'Event updated: Star Party');
    expect(mails).toHaveLength(3);
  });
});
