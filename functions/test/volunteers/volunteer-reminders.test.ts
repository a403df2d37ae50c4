import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { DEFAULT_REMINDER_OFFSETS_HOURS } from '../../src/shared/reminders-model.js';
import { TEMPLATE_LABELS, TEMPLATE_PLACEHOLDERS } from '../../src/shared/email-templates-model.js';
import { VOLUNTEER_REMINDER_SENDS } from '../../src/volunteers/repository.js';
import { createVolunteerReminders } from '../../src/volunteers/reminders.js';
import { addVolunteerRole, addVolunteerShift } from '../../src/volunteers/setup.js';
import { createTestApi, createTestEvent, uniqueEmail, type TestApi } from '../support/api.js';
import { mailsTo } from '../support/self-service.js';

/*
 * Issue 29 item 2: reminders before a volunteer's shift, by the reminder machinery's rules: the
 * event's reminder setting (a standalone role: the default), each due reminder once per sign-up,
 * none after a cancel, an editable 'Volunteer reminder' template. The clock is the test's, as in
 * the tickets' reminder tests. On SQLite and (functions@firestore) on the Firestore emulator.
 */

const HOUR = 60 * 60_000;
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let day = 0;
/** A shift on a day of its own (other tests' shifts are not due at the same times): 15:00-18:00 UTC. */
function freshDay() {
  api.clock.set('2026-11-21T12:00:00.000Z');
  day += 1;
  const start = new Date(Date.UTC(2026, 11, 1 + day, 15)).toISOString();
  return { start, end: new Date(Date.parse(start) + 3 * HOUR).toISOString() };
}
const before = (start: string, ms: number) => new Date(Date.parse(start) - ms).toISOString();

async function shiftOf(eventId: string | null, times: { start: string; end: string }) {
  const roleId = await addVolunteerRole(api.deps.store, { title: 'Water station', description: '', eventId, order: 0 }, api.clock.now());
  return addVolunteerShift(api.deps.store, { roleId, ...times, place: 'Shade tent', capacity: 5, minimum: 1 }, api.clock.now());
}

async function signUp(shiftId: string, name: string) {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const reply = await api.request.post(`/api/volunteer/shifts/${shiftId}/signups`).send({ name, email });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return email;
}

/** The reminder jobs queued to `emails`, as 'email/offset' (sorted). */
async function reminders(emails: string[]) {
  return (await api.deps.store.query(MAIL_JOBS))
    .filter((job) => job.data.kind === 'volunteerReminder' && emails.includes(job.data.to))
    .map((job) => `${job.data.to}/${job.data.reminderOffsetHours}`)
    .sort();
}

/** The sign-up page link e-mailed to `email` (delivering what is due first). */
async function linkOf(email: string) {
  for (const mail of await mailsTo(api, email)) {
    const match = /\/volunteer\/signup\/([^/#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return { signupId: decodeURIComponent(match[1]!), key: match[2]! };
  }
  throw new Error(`no link to ${email}`);
}

async function cancelWith(link: { signupId: string; key: string }) {
  await api.request.post(`/api/volunteer/signups/${link.signupId}/cancel`).send({ key: link.key }).expect(200);
}

async function cancel(email: string) {
  await cancelWith(await linkOf(email));
}

describe('volunteer reminders (issue 29 item 2)', () => {
  it("a standalone role's shift: the default offsets, each once, only to sign-ups made before its time, none after a cancel", async () => {
    expect(DEFAULT_REMINDER_OFFSETS_HOURS).toEqual([24, 2]);
    const times = freshDay();
    const shiftId = await shiftOf(null, times);
    const ada = await signUp(shiftId, 'Ada Lovelace');
    const bob = await signUp(shiftId, 'Bob Marsh');
    const gone = await signUp(shiftId, 'Cy Gone');
    await cancel(gone);

    api.clock.set(before(times.start, 25 * HOUR));
    expect(await api.services.volunteerReminders.sweep()).toBe(0);
    api.clock.set(before(times.start, 24 * HOUR));
    expect(await api.services.volunteerReminders.sweep()).toBe(2);
    expect(await api.services.volunteerReminders.sweep()).toBe(0);
    expect(await reminders([ada, bob, gone])).toEqual([`${ada}/24`, `${bob}/24`].sort());

    // Signed up after the 24 h reminder's time: the 2 h one only. Bob cancels before it: none for him.
    api.clock.set(before(times.start, 20 * HOUR));
    const late = await signUp(shiftId, 'Late Lou');
    await cancel(bob);
    api.clock.set(before(times.start, 2 * HOUR));
    await api.services.volunteerReminders.sweep();
    api.clock.set(before(times.start, HOUR));
    await api.services.volunteerReminders.sweep();
    expect(await reminders([ada, bob, gone, late])).toEqual([`${ada}/24`, `${bob}/24`, `${ada}/2`, `${late}/2`].sort());
    // After the start: nothing more.
    api.clock.set(before(times.start, -HOUR));
    expect(await api.services.volunteerReminders.sweep()).toBe(0);
  });

  it("an event's role follows the event's reminder setting; an event with reminders off sends none", async () => {
    const times = freshDay();
    const event = await createTestEvent(api, { title: 'Reminded day', reminderOffsetsHours: [48] });
    const quiet = await createTestEvent(api, { title: 'Quiet day', reminderOffsetsHours: [] });
    const shiftId = await shiftOf(event.id, times);
    const quietShift = await shiftOf(quiet.id, times);
    const ada = await signUp(shiftId, 'Ada Lovelace');
    const bob = await signUp(quietShift, 'Bob Marsh');

    api.clock.set(before(times.start, 48 * HOUR));
    await api.services.volunteerReminders.sweep();
    api.clock.set(before(times.start, 24 * HOUR));
    await api.services.volunteerReminders.sweep();
    api.clock.set(before(times.start, 2 * HOUR));
    await api.services.volunteerReminders.sweep();
    expect(await reminders([ada, bob])).toEqual([`${ada}/48`]);
  });

  it('two sweeps from two API instances at once queue each reminder once', async () => {
    const times = freshDay();
    const shiftId = await shiftOf(null, times);
    const emails = [];
    for (const name of ['Ada Lovelace', 'Bob Marsh', 'Cy Marsh', 'Dot Marsh']) emails.push(await signUp(shiftId, name));
    // Opened while this instance's store is quiet: opening a SQLite connection waits for no batch of this process.
    await api.services.mail.whenIdle();
    await api.services.mailchimp.whenIdle();
    const second = await createTestApi({ sharedStoreOf: api });
    try {
      api.clock.set(before(times.start, 24 * HOUR));
      second.clock.set(before(times.start, 24 * HOUR));
      // Queued without delivering at once (no onMailQueued): the sweeps alone race.
      const mine = createVolunteerReminders({ store: api.deps.store, clock: api.clock });
      const other = createVolunteerReminders({ store: second.deps.store, clock: second.clock });
      const counts = await Promise.all([mine.sweep({ batchSize: 2 }), other.sweep({ batchSize: 2 })]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
      expect(await reminders(emails)).toEqual(emails.map((email) => `${email}/24`).sort());
      const sends = (await api.deps.store.query(VOLUNTEER_REMINDER_SENDS)).filter((send) => send.data.shiftId === shiftId);
      expect(sends).toHaveLength(4);
    } finally {
      await second.close();
    }
  });

  it("the 'Volunteer reminder' e-mail: the shift, how long until it, the link; a sign-up cancelled after it was queued gets none", async () => {
    expect(TEMPLATE_LABELS.volunteerReminder).toBe('Volunteer reminder');
    expect(TEMPLATE_PLACEHOLDERS.volunteerReminder).toContain('volunteer.startsIn');
    const times = freshDay();
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day' });
    const shiftId = await shiftOf(event.id, times);
    const ada = await signUp(shiftId, 'Ada Lovelace');
    const bob = await signUp(shiftId, 'Bob Marsh');
    await mailsTo(api, ada);
    const bobsLink = await linkOf(bob);

    api.clock.set(before(times.start, 24 * HOUR));
    expect(await api.services.volunteerReminders.sweep()).toBe(2);
    // Bob cancels after his reminder was queued, before it went: it is not sent.
    await cancelWith(bobsLink);
    const [reminder] = (await mailsTo(api, ada)).filter((mail) => mail.subject.startsWith('Reminder'));
    expect(reminder!.subject).toBe('Reminder: Water station in 24 hours');
    expect(reminder!.text).toContain('Riverside Restoration Day');
    expect(reminder!.text).toContain('Shade tent');
    expect(reminder!.text).toMatch(/https:\/\/events\.example\.org\/volunteer\/signup\/[^#\s]+#key=/);
    expect((await mailsTo(api, bob)).filter((mail) => mail.subject.startsWith('Reminder'))).toHaveLength(0);
  });

  it('an admin edits the Volunteer reminder template and the next reminder uses it', async () => {
    const saved = await api.request
      .put('/api/email-templates/volunteerReminder')
      .set(api.bearer('admin'))
      .send({ subjectTemplate: 'Soon: {{volunteer.role}} {{volunteer.startsIn}}', htmlTemplate: '<p>Hi {{rsvp.firstName}}, see you at {{volunteer.place}}. <a href="{{volunteer.url}}">Shift</a></p>' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      const times = freshDay();
      const shiftId = await shiftOf(null, times);
      const ada = await signUp(shiftId, 'Ada Lovelace');
      api.clock.set(before(times.start, 2 * HOUR));
      await api.services.volunteerReminders.sweep();
      const [reminder] = (await mailsTo(api, ada)).filter((mail) => mail.subject.startsWith('Soon'));
      expect(reminder!.subject).toBe('Soon: Water station in 2 hours');
      expect(reminder!.text).toContain('see you at Shade tent');
    } finally {
      await api.request.delete('/api/email-templates/volunteerReminder').set(api.bearer('admin'));
    }
  });
});
