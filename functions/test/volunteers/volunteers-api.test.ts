import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { VOLUNTEER_LIMITS, VOLUNTEER_MESSAGES, type VolunteerGroupView } from '../../src/shared/volunteers-model.js';
import { VOLUNTEER_SHIFTS, VOLUNTEER_SIGNUPS } from '../../src/volunteers/repository.js';
import { addVolunteerRole, addVolunteerShift, type NewVolunteerShift } from '../../src/volunteers/setup.js';
import { createTestApi, createTestEvent, uniqueEmail, type TestApi } from '../support/api.js';
import { mailsTo } from '../support/self-service.js';

/*
 * Issue 29, first slice: the public volunteer opportunities, signing up for a shift (capacity under
 * a rush, no overlapping shifts, the per-e-mail and rate limits), the confirmation e-mail and its
 * sign-up page with 'Cancel my shift'. On SQLite and (functions@firestore) on the Firestore emulator.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const DAY = '2026-12-05';
/** A shift on the test day, times in UTC ('15:00' = 8:00 AM in Denver). */
const at = (time: string, day = DAY) => `${day}T${time}:00.000Z`;

async function role(eventId: string | null, title = 'Planting crew', on: TestApi = api) {
  return addVolunteerRole(on.deps.store, { title, description: `${title} description`, eventId, order: 0 }, on.clock.now());
}

async function shift(roleId: string, extra: Partial<NewVolunteerShift> = {}, on: TestApi = api) {
  return addVolunteerShift(on.deps.store, { roleId, start: at('15:00'), end: at('18:00'), place: 'Grafton trailhead', capacity: 5, minimum: 2, ...extra }, on.clock.now());
}

const signUp = (shiftId: string, body: Record<string, unknown>, on: TestApi = api) => on.request.post(`/api/volunteer/shifts/${shiftId}/signups`).send(body);
const person = (name = 'Ada Lovelace') => ({ name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()) });

async function opportunities(): Promise<VolunteerGroupView[]> {
  const response = await api.request.get('/api/volunteer');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.groups;
}

async function filled(shiftId: string) {
  return (await api.deps.store.get(VOLUNTEER_SHIFTS, shiftId))!.data.filled;
}

/** The sign-up page link e-mailed to `to`. */
async function signupLink(to: string) {
  for (const mail of await mailsTo(api, to)) {
    const match = /https:\/\/events\.example\.org\/volunteer\/signup\/([^/#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return { signupId: decodeURIComponent(match[1]!), key: match[2]!, mail };
  }
  throw new Error(`no volunteer link to ${to}`);
}

describe('the volunteer opportunities (issue 29 item 1)', () => {
  it('lists upcoming shifts of open roles grouped by event, standalone last, with each shift filled count', async () => {
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day', date: '2026-12-05T08:00' });
    const planting = await role(event.id, 'Planting crew');
    const water = await addVolunteerRole(api.deps.store, { title: 'Water station', description: 'Keep the crews hydrated', eventId: event.id, order: 1 }, api.clock.now());
    const late = await shift(planting, { start: at('18:30'), end: at('21:30') });
    const early = await shift(planting);
    const waterShift = await shift(water, { capacity: 4, minimum: 2 });
    // Past shifts and archived roles are left out; a standalone role has a group of its own.
    await shift(planting, { start: '2026-11-01T15:00:00.000Z', end: '2026-11-01T18:00:00.000Z' });
    const crew = await role(null, 'Monthly trail crew');
    const crewShift = await shift(crew, { start: at('15:00', '2026-12-12'), end: at('18:00', '2026-12-12') });
    await signUp(early, person()).expect(201);

    const groups = await opportunities();
    const mine = groups.find((group) => group.event?.id === event.id)!;
    expect(mine.event).toMatchObject({ title: 'Riverside Restoration Day' });
    expect(mine.roles.map((r) => r.title)).toEqual(['Planting crew', 'Water station']);
    expect(mine.roles[0]!.description).toBe('Planting crew description');
    expect(mine.roles[0]!.shifts.map((s) => s.id)).toEqual([early, late]);
    expect(mine.roles[0]!.shifts[0]).toMatchObject({ place: 'Grafton trailhead', capacity: 5, minimum: 2, filled: 1, start: at('15:00'), end: at('18:00') });
    expect(mine.roles[1]!.shifts).toMatchObject([{ id: waterShift, filled: 0, capacity: 4 }]);
    const standalone = groups.at(-1)!;
    expect(standalone.event).toBeNull();
    expect(standalone.roles.find((r) => r.id === crew)!.shifts.map((s) => s.id)).toEqual([crewShift]);
    // No person's details in the public reply.
    expect(JSON.stringify(groups)).not.toContain('Ada');
  });

  it("the event's reply says whether it has volunteer roles with upcoming shifts (its page links to them)", async () => {
    const event = await createTestEvent(api, { title: 'With helpers' });
    const flag = async (who?: 'admin') => {
      const request = api.request.get(`/api/events/${event.id}`);
      const response = who ? await request.set(api.bearer(who)) : await request;
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.event.hasVolunteerRoles;
    };
    expect(await flag()).toBeUndefined();
    const roleId = await role(event.id, 'Parking');
    // A role with only a past shift is not open.
    await shift(roleId, { start: '2026-11-01T15:00:00.000Z', end: '2026-11-01T18:00:00.000Z' });
    expect(await flag()).toBeUndefined();
    await shift(roleId);
    expect(await flag()).toBe(true);
    expect(await flag('admin')).toBe(true);
    // Another event's roles say nothing of this one.
    const other = await createTestEvent(api, { title: 'Without helpers' });
    expect((await api.request.get(`/api/events/${other.id}`)).body.event.hasVolunteerRoles).toBeUndefined();
  });

  it('leaves out the roles of an inactive event', async () => {
    const event = await createTestEvent(api, { title: 'Hidden Day' });
    await shift(await role(event.id));
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ isActive: false }).expect(200);
    expect((await opportunities()).some((group) => group.event?.id === event.id)).toBe(false);
  });
});

describe('signing up (issue 29 item 2)', () => {
  it('takes a sign-up without an account: one sign-up, the place counted, one e-mail with the shift and the page link', async () => {
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day' });
    const shiftId = await shift(await role(event.id));
    const ada = person();
    const response = await signUp(shiftId, { ...ada, phone: '+1 (435) 555-0100', note: 'I bring my own <gloves>' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({ success: true, message: VOLUNTEER_MESSAGES.signedUp });
    expect(await filled(shiftId)).toBe(1);
    const signups = await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', shiftId]] });
    expect(signups.map((s) => s.data)).toMatchObject([{ name: 'Ada Lovelace', email: ada.email, phone: '+1 (435) 555-0100', note: 'I bring my own <gloves>', status: 'active', eventId: event.id }]);

    const jobs = (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.kind === 'volunteerConfirmation' && job.data.to === ada.email);
    expect(jobs).toHaveLength(1);
    const { mail, signupId } = await signupLink(ada.email);
    expect(signupId).toBe(signups[0]!.id);
    expect(mail.subject).toBe('You are volunteering: Planting crew on Saturday, December 5, 2026');
    // 15:00-18:00 UTC in the organisation's zone (America/Denver).
    expect(mail.text).toContain('8:00 AM – 11:00 AM MST');
    expect(mail.text).toContain('Grafton trailhead');
    expect(mail.text).toContain('Riverside Restoration Day');
    expect(await mailsTo(api, ada.email)).toHaveLength(1);

    // The shift as a calendar file (calendar/shift-calendar.ts), attached as the ticket e-mails attach theirs.
    const list = await api.request.get(`/api/mailbox?format=json&to=${encodeURIComponent(ada.email)}`);
    const messageId = list.body.messages[0].id as string;
    const kept = (await api.request.get(`/api/mailbox/${messageId}?format=json`)).body.message;
    // Beside the pass's QR code (issue 29 item 5).
    const icsIndex = (kept.attachments as { filename: string }[]).findIndex((attachment) => attachment.filename === 'volunteer-planting-crew.ics');
    expect(kept.attachments[icsIndex]).toMatchObject({ filename: 'volunteer-planting-crew.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    const download = api.request.get(`/api/mailbox/${messageId}/attachments/${icsIndex}`).buffer(true);
    const ics = (
      await download.parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      })
    ).body as string;
    expect(ics).toContain(`\r\nUID:volunteer-${signupId}@events.example.org\r\n`);
    expect(ics).toContain('\r\nDTSTART:20261205T150000Z\r\nDTEND:20261205T180000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Volunteer: Planting crew (Riverside Restoration Day)\r\n');
    expect(ics).not.toContain(ada.email);
    expect(ics).not.toContain('#key=');
  });

  it('escapes what the visitor typed in the e-mail', async () => {
    const shiftId = await shift(await role(null));
    const email = uniqueEmail('esc');
    // A name allows an apostrophe, nothing of markup: it reaches the HTML escaped.
    await signUp(shiftId, { name: "D'Arcy Lovelace", email }).expect(201);
    const { mail } = await signupLink(email);
    expect(mail.html).not.toContain("D'Arcy");
    expect(mail.html).toContain('D&#x27;Arcy');
  });

  it('refuses bad input with the fields at fault, nothing stored', async () => {
    const shiftId = await shift(await role(null));
    const response = await signUp(shiftId, { name: '', email: 'not-an-address', phone: 'call me' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({ name: VOLUNTEER_MESSAGES.nameRequired, email: VOLUNTEER_MESSAGES.emailInvalid, phone: VOLUNTEER_MESSAGES.phoneInvalid });
    expect(await filled(shiftId)).toBe(0);
  });

  it('an unknown shift, a full shift, a started shift: a clear message each, nothing stored', async () => {
    const unknown = await signUp('no-such-shift', person());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_NOT_FOUND', message: VOLUNTEER_MESSAGES.shiftNotFound });

    const small = await shift(await role(null), { capacity: 1, minimum: 1 });
    await signUp(small, person('First Person')).expect(201);
    const late = person('Late Comer');
    const full = await signUp(small, late);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_FULL', message: VOLUNTEER_MESSAGES.shiftFull });
    expect(await filled(small)).toBe(1);
    expect(await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['email', '==', late.email]] })).toHaveLength(0);

    const started = await shift(await role(null), { start: '2026-11-21T11:00:00.000Z', end: '2026-11-21T14:00:00.000Z' });
    const refused = await signUp(started, person());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_STARTED', message: VOLUNTEER_MESSAGES.shiftOver });
  });

  it('an archived role or an inactive event makes its shifts unknown', async () => {
    const event = await createTestEvent(api);
    const shiftId = await shift(await role(event.id));
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ isActive: false }).expect(200);
    expect((await signUp(shiftId, person())).body).toMatchObject({ code: 'VOLUNTEER_SHIFT_NOT_FOUND' });
  });

  it('refuses an overlapping shift of the same mailbox (whatever the case or +tag), and the same shift twice; back-to-back is fine', async () => {
    const planting = await role(null, 'Planting');
    const water = await role(null, 'Water');
    const morning = await shift(planting, { start: at('15:00'), end: at('18:00') });
    const overlapping = await shift(water, { start: at('17:00'), end: at('20:00') });
    const afternoon = await shift(water, { start: at('18:00'), end: at('21:00') });
    const email = uniqueEmail('ada');
    await signUp(morning, { name: 'Ada Lovelace', email }).expect(201);

    const twice = await signUp(morning, { name: 'Ada Lovelace', email: email.toUpperCase() });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'VOLUNTEER_ALREADY_SIGNED_UP', message: VOLUNTEER_MESSAGES.alreadySignedUp });

    const overlap = await signUp(overlapping, { name: 'Ada Lovelace', email: email.replace('@', '+water@') });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ code: 'VOLUNTEER_SHIFT_OVERLAP', message: VOLUNTEER_MESSAGES.overlap });
    expect(await filled(overlapping)).toBe(0);

    await signUp(afternoon, { name: 'Ada Lovelace', email }).expect(201);
    expect(await filled(morning)).toBe(1);
    expect(await filled(afternoon)).toBe(1);
  });

  it(`one mailbox holds at most ${VOLUNTEER_LIMITS.shiftsPerEmail} upcoming shifts`, async () => {
    const crew = await role(null, 'Trail crew');
    const email = uniqueEmail('busy');
    const days = Array.from({ length: VOLUNTEER_LIMITS.shiftsPerEmail + 1 }, (_, i) => `2026-12-${String(10 + i).padStart(2, '0')}`);
    const shifts = [];
    for (const day of days) shifts.push(await shift(crew, { start: at('15:00', day), end: at('18:00', day) }));
    for (const id of shifts.slice(0, -1)) await signUp(id, { name: 'Busy Bee', email }).expect(201);
    const refused = await signUp(shifts.at(-1)!, { name: 'Busy Bee', email });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'VOLUNTEER_LIMIT_REACHED', message: VOLUNTEER_MESSAGES.tooMany(VOLUNTEER_LIMITS.shiftsPerEmail), errors: { email: expect.any(String) } });
    expect(await filled(shifts.at(-1)!)).toBe(0);
  });

  it('50 concurrent sign-ups from two API instances on a 5-place shift: exactly 5 taken, the rest told it is full, 5 e-mails', async () => {
    const shiftId = await shift(await role(null, 'Rush'), { capacity: 5 });
    const second = await createTestApi({ sharedStoreOf: api });
    try {
      const emails = Array.from({ length: 50 }, (_, i) => uniqueEmail(`rush${i}`));
      const replies = await Promise.all(emails.map((email, i) => signUp(shiftId, { name: `Rusher ${String.fromCharCode(65 + (i % 26))}`, email }, i % 2 ? second : api)));
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
      for (const reply of replies.filter((r) => r.status !== 201)) expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ code: 'VOLUNTEER_SHIFT_FULL' });
      expect(await filled(shiftId)).toBe(5);
      expect(await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', shiftId]] })).toHaveLength(5);
      const jobs = (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.kind === 'volunteerConfirmation' && emails.includes(job.data.to));
      expect(jobs).toHaveLength(5);
    } finally {
      await second.services.mail.whenIdle();
      await second.close();
    }
  });

  it('five API instances at once on a 2-place shift: the transaction decides, 2 taken', async () => {
    // Each instance lets one shift's sign-ups take turns; across instances only the count read in
    // the transaction stands between the rush and an overfull shift.
    const shiftId = await shift(await role(null, 'Rush'), { capacity: 2, minimum: 1 });
    const others = await Promise.all([1, 2, 3, 4].map(() => createTestApi({ sharedStoreOf: api })));
    try {
      // Straight to the services: the HTTP layer's shared rate-limit count would space the calls out.
      const results = await Promise.allSettled(
        [api, ...others].map((on, i) => on.services.volunteers.signUp(shiftId, { name: `Rusher ${String.fromCharCode(65 + i)}`, email: uniqueEmail(`multi${i}`), phone: '', note: '' })),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
      for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'VOLUNTEER_SHIFT_FULL' });
      expect(await filled(shiftId)).toBe(2);
      expect(await api.deps.store.query(VOLUNTEER_SIGNUPS, { where: [['shiftId', '==', shiftId]] })).toHaveLength(2);
    } finally {
      for (const other of others) {
        await other.services.mail.whenIdle();
        await other.close();
      }
    }
  });

  it('the public-write rate limit covers signing up', async () => {
    const limited = await createTestApi({ publicWritesPerMinute: 2 });
    try {
      const shiftId = await shift(await role(null, 'Limited', limited), {}, limited);
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await signUp(shiftId, person(), limited)).status);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the sign-up page (issue 29 item 2)', () => {
  it('shows the shift; Cancel my shift frees the place, once; the other fields stay', async () => {
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day' });
    const shiftId = await shift(await role(event.id, 'First aid'), { capacity: 1, minimum: 1 });
    const ada = person();
    await signUp(shiftId, { ...ada, phone: '555 0100', note: 'Certified' }).expect(201);
    const { signupId, key } = await signupLink(ada.email);

    const view = await api.request.post(`/api/volunteer/signups/${signupId}/view`).send({ key });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.signup).toMatchObject({
      id: signupId,
      status: 'active',
      name: 'Ada Lovelace',
      role: { title: 'First aid' },
      shift: { start: at('15:00'), end: at('18:00'), place: 'Grafton trailhead' },
      event: { id: event.id, title: 'Riverside Restoration Day' },
    });
    expect(JSON.stringify(view.body)).not.toContain(ada.email);

    const wrong = await api.request.post(`/api/volunteer/signups/${signupId}/cancel`).send({ key: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ code: 'LINK_INVALID', message: VOLUNTEER_MESSAGES.linkInvalid });
    expect(await filled(shiftId)).toBe(1);

    const cancelled = await api.request.post(`/api/volunteer/signups/${signupId}/cancel`).send({ key });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ message: VOLUNTEER_MESSAGES.cancelled, signup: { status: 'cancelled' } });
    expect(await filled(shiftId)).toBe(0);
    // Cancelling again answers the same and frees nothing more.
    expect((await api.request.post(`/api/volunteer/signups/${signupId}/cancel`).send({ key })).status).toBe(200);
    expect(await filled(shiftId)).toBe(0);
    const stored = await api.deps.store.get(VOLUNTEER_SIGNUPS, signupId);
    expect(stored?.data).toMatchObject({ status: 'cancelled', name: 'Ada Lovelace', email: ada.email, phone: '555 0100', note: 'Certified', shiftId });
    // The freed place is someone else's, and the person may sign up again.
    await signUp(shiftId, person('Bob Marsh')).expect(201);
    expect((await signUp(shiftId, ada)).body).toMatchObject({ code: 'VOLUNTEER_SHIFT_FULL' });
  });

  it("'Add to calendar': the view carries the shift's Google Calendar link; the .ics comes with the key only, cancelled once the sign-up is", async () => {
    const event = await createTestEvent(api, { title: 'Riverside Restoration Day' });
    const shiftId = await shift(await role(event.id, 'First aid'));
    const ada = person();
    await signUp(shiftId, ada).expect(201);
    const { signupId, key } = await signupLink(ada.email);
    const view = await api.request.post(`/api/volunteer/signups/${signupId}/view`).send({ key });
    const google = new URL(view.body.signup.googleCalendarUrl);
    expect(google.searchParams.get('text')).toBe('Volunteer: First aid (Riverside Restoration Day)');
    expect(google.searchParams.get('dates')).toBe('20261205T150000Z/20261205T180000Z');
    expect(google.searchParams.get('location')).toBe('Grafton trailhead');
    expect(google.searchParams.get('details')).not.toContain(key);

    const ics = (body: object) =>
      api.request
        .post(`/api/volunteer/signups/${signupId}/calendar.ics`)
        .send(body)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => done(null, text));
        });
    const wrong = await ics({ key: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    const file = await ics({ key });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(file.headers['content-disposition']).toBe('attachment; filename="volunteer-first-aid.ics"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.body as string).toContain(`\r\nUID:volunteer-${signupId}@events.example.org\r\n`);
    expect(file.body as string).toContain('\r\nSTATUS:CONFIRMED\r\n');

    await api.request.post(`/api/volunteer/signups/${signupId}/cancel`).send({ key }).expect(200);
    expect((await ics({ key })).body as string).toContain('\r\nSTATUS:CANCELLED\r\n');
    const after = await api.request.post(`/api/volunteer/signups/${signupId}/view`).send({ key });
    expect(after.body.signup.googleCalendarUrl).toBeUndefined();
  });

  it('a wrong key or an unknown sign-up: one refusal', async () => {
    const view = await api.request.post('/api/volunteer/signups/nope/view').send({ key: 'abc' });
    expect(view.status).toBe(404);
    expect(view.body).toMatchObject({ code: 'LINK_INVALID', message: VOLUNTEER_MESSAGES.linkInvalid });
  });
});

describe('shift shapes (issue 29 item 6)', () => {
  it('refuses a shift ending before it starts and a minimum above the capacity, nothing stored', async () => {
    const roleId = await role(null, 'Shapes');
    await expect(shift(roleId, { start: at('18:00'), end: at('15:00') })).rejects.toThrow('A shift must end after it starts');
    await expect(shift(roleId, { capacity: 2, minimum: 3 })).rejects.toThrow('The minimum must be a whole number no larger than the capacity');
    expect(await api.deps.store.query(VOLUNTEER_SHIFTS, { where: [['roleId', '==', roleId]] })).toHaveLength(0);
  });
});
