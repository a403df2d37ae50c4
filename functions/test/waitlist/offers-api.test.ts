import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { FREED_SEATS, SEAT_SHARDS } from '../../src/seats/repository.js';
import { RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { WAITLIST_CLAIM_MESSAGE } from '../../src/shared/events-model.js';
import { WAITLIST_MESSAGES } from '../../src/shared/waitlist-model.js';
import { WAITLIST_ENTRIES } from '../../src/waitlist/repository.js';
import { settleEvent } from '../../src/waitlist/offers.js';
import { createTestApi, createTestEvent, uniqueEmail, type TestApi } from '../support/api.js';
import { mailsTo } from '../support/self-service.js';

/*
 * Issue 28 item 2: automatic offers. Seats freed on an event with a waitlist are held for the first
 * entries that fit (seats/repository.ts FREED_SEATS, waitlist/offers.ts), offered by e-mail, claimed,
 * declined or expired; nothing is lost or given twice. On SQLite and (functions@firestore) on the
 * Firestore emulator.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const START_CLOCK = '2026-11-21T12:00:00.000Z';
const HOUR = 3_600_000;

/** A free event with `capacity` seats, every one taken: the holders' RSVP ids. */
async function fullEvent(capacity: number, body: Record<string, unknown> = {}) {
  const event = await createTestEvent(api, { maxAttendees: capacity, ...body });
  const holders: string[] = [];
  for (let i = 0; i < capacity; i += 1) {
    const response = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: `Seat Holder${'x'.repeat(i)}`, email: uniqueEmail('holder') });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    holders.push(response.body.rsvpId as string);
  }
  return { ...event, holders };
}

/** Joins a second after the last join (the test clock stands still otherwise). */
async function joined(eventId: string, name: string, seats = 1, together = true) {
  api.clock.set(new Date(api.clock.now().getTime() + 1000).toISOString());
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const response = await api.request.post(`/api/events/${eventId}/waitlist`).send({ name, email, seats, together });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return email;
}

/** Lets the worker kicked after a commit finish, then runs it once more as the schedule would. */
async function settle() {
  await api.services.offers.whenIdle();
  return api.services.offers.processDue();
}

const adminCancel = (rsvpId: string) => api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin')).expect(200);

async function entries(eventId: string) {
  const response = await api.request.get(`/api/events/${eventId}/waitlist`).set(api.bearer('admin'));
  expect(response.status).toBe(200);
  return response.body.entries as { id: string; name: string; email: string; status: string; position: number | null; offerSeats: number | null; offerExpiresAt: string | null }[];
}

const byName = async (eventId: string) => Object.fromEntries((await entries(eventId)).map((entry) => [entry.name, entry]));

/** The offer link e-mailed to `to` ('Seats freed up' subject). */
async function offerLink(to: string) {
  for (const mail of await mailsTo(api, to)) {
    if (!mail.subject.startsWith('Seats freed up')) continue;
    const match = /https:\/\/events\.example\.org\/waitlist\/([^/#"\s]+)#key=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (match) return { entryId: decodeURIComponent(match[1]!), key: match[2]!, mail };
  }
  throw new Error(`no offer e-mail to ${to}`);
}

async function offerMails(to: string) {
  return (await api.deps.store.query(MAIL_JOBS)).filter((job) => job.data.kind === 'waitlistOffer' && job.data.to === to);
}

/** Seats counted as taken in the event's shards, and what they are: seat-holding RSVPs, offers held, freed seats kept for the line. */
async function ledger(eventId: string) {
  const shards = await api.deps.store.query(SEAT_SHARDS, { where: [['eventId', '==', eventId]] });
  const rsvps = await api.deps.store.query(RSVPS, { where: [['eventId', '==', eventId]] });
  const line = await api.deps.store.query(WAITLIST_ENTRIES, { where: [['eventId', '==', eventId]] });
  const freed = await api.deps.store.query(FREED_SEATS, { where: [['eventId', '==', eventId]] });
  return {
    taken: shards.reduce((sum, shard) => sum + shard.data.taken, 0),
    rsvps: rsvps.filter((rsvp) => ['confirmed', 'pending_payment', 'pending_confirmation'].includes(rsvp.data.status)).length,
    offered: line.filter((entry) => entry.data.status === 'offered').reduce((sum, entry) => sum + (entry.data.offerSeats ?? 0), 0),
    kept: freed.reduce((sum, record) => sum + record.data.seats, 0),
  };
}

async function expectNothingLost(eventId: string, capacity: number) {
  const seats = await ledger(eventId);
  expect(seats.taken, JSON.stringify(seats)).toBe(seats.rsvps + seats.offered + seats.kept);
  expect(seats.taken).toBeLessThanOrEqual(capacity);
}

describe('automatic offers (issue 28 item 2)', () => {
  it('a cancelled seat is held for the first entry, not sold to a plain registration, and offered once by e-mail', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(2);
    const ann = await joined(event.id, 'Ann Parks');
    const bob = await joined(event.id, 'Bob Marsh');
    await adminCancel(event.holders[0]!);
    // Before and after the worker: the freed seat is not on sale while the line waits.
    const plain = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Cat Grabber', email: uniqueEmail('cat') });
    expect(plain.status).toBe(409);
    expect(plain.body.message).toBe(RSVP_MESSAGES.eventFull);
    await settle();
    await settle();
    const line = await byName(event.id);
    expect(line['Ann Parks']).toMatchObject({ status: 'offered', offerSeats: 1, position: 1 });
    expect(line['Bob Marsh']).toMatchObject({ status: 'waiting', position: 2 });
    // The default window: 12 hours (the event is two weeks away).
    expect(line['Ann Parks']!.offerExpiresAt).toBe(new Date(api.clock.now().getTime() + 12 * HOUR).toISOString());
    expect(await offerMails(ann)).toHaveLength(1);
    expect(await offerMails(bob)).toHaveLength(0);
    const { mail } = await offerLink(ann);
    expect(mail.text).toContain('No longer needed');
    expect(mail.text).toContain('1 seat');
    expect((await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Cat Grabber', email: uniqueEmail('cat') })).status).toBe(409);
    await expectNothingLost(event.id, 2);
  });

  it('two seats freed at once go to the right entries: the 3-seat entry is skipped but keeps its place, "accept fewer" takes what is left', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(3, { maxRegistrationsPerEmail: 3 });
    const trio = await joined(event.id, 'Tia Three', 3, true);
    const solo = await joined(event.id, 'Sol Single', 1, true);
    const flex = await joined(event.id, 'Fay Flexible', 2, false);
    const last = await joined(event.id, 'Lou Last', 1, true);
    // Capacity raised by two: two seats at once.
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ maxAttendees: 5 }).expect(200);
    await settle();
    const line = await byName(event.id);
    expect(line['Tia Three']).toMatchObject({ status: 'waiting', position: 1 });
    expect(line['Sol Single']).toMatchObject({ status: 'offered', offerSeats: 1 });
    expect(line['Fay Flexible']).toMatchObject({ status: 'offered', offerSeats: 1 });
    expect(line['Lou Last']).toMatchObject({ status: 'waiting' });
    expect(await offerMails(trio)).toHaveLength(0);
    expect(await offerMails(solo)).toHaveLength(1);
    expect(await offerMails(flex)).toHaveLength(1);
    expect(await offerMails(last)).toHaveLength(0);
    // The public count: every seat taken (held for offers), none on sale.
    const view = await api.request.get(`/api/events/${event.id}`);
    expect(view.body.event?.attendeeCount ?? view.body.attendeeCount).toBe(5);
    await expectNothingLost(event.id, 5);

    // One seat frees up: Tia (3 together) still cannot be served and keeps her place; Fay's running offer
    // ('accept fewer', 1 of 2) comes before Lou in line and gets it; the next one goes to Lou.
    await adminCancel(event.holders[0]!);
    await settle();
    let after = await byName(event.id);
    expect(after['Tia Three']).toMatchObject({ status: 'waiting', position: 1 });
    expect(after['Fay Flexible']).toMatchObject({ status: 'offered', offerSeats: 2 });
    expect(after['Lou Last']).toMatchObject({ status: 'waiting' });
    await adminCancel(event.holders[1]!);
    await settle();
    after = await byName(event.id);
    expect(after['Tia Three']).toMatchObject({ status: 'waiting', position: 1 });
    expect(after['Lou Last']).toMatchObject({ status: 'offered', offerSeats: 1 });
    await expectNothingLost(event.id, 5);
  });

  it('seats nobody fits yet are kept for the line until enough free up for the first entry', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(3, { maxRegistrationsPerEmail: 2 });
    await joined(event.id, 'Duo Pair', 2, true);
    await adminCancel(event.holders[0]!);
    await settle();
    expect((await byName(event.id))['Duo Pair']).toMatchObject({ status: 'waiting' });
    expect((await ledger(event.id)).kept).toBe(1);
    // Kept for the line: not on sale.
    expect((await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Cat Grabber', email: uniqueEmail('cat') })).status).toBe(409);
    await adminCancel(event.holders[1]!);
    await settle();
    expect((await byName(event.id))['Duo Pair']).toMatchObject({ status: 'offered', offerSeats: 2 });
    expect((await ledger(event.id)).kept).toBe(0);
    await expectNothingLost(event.id, 3);
  });

  it('a running "accept fewer" offer gets more seats as they free up, up to what it asked, with one e-mail', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(3, { maxRegistrationsPerEmail: 3 });
    const flex = await joined(event.id, 'Flo Fewer', 2, false);
    const next = await joined(event.id, 'Ned Next', 1, true);
    await adminCancel(event.holders[0]!);
    await settle();
    expect((await byName(event.id))['Flo Fewer']).toMatchObject({ status: 'offered', offerSeats: 1 });
    const until = (await byName(event.id))['Flo Fewer']!.offerExpiresAt;
    await adminCancel(event.holders[1]!);
    await settle();
    let line = await byName(event.id);
    expect(line['Flo Fewer']).toMatchObject({ status: 'offered', offerSeats: 2, offerExpiresAt: until });
    expect(line['Ned Next']).toMatchObject({ status: 'waiting' });
    expect(await offerMails(flex)).toHaveLength(1);
    // Flo has all she asked: the next seat goes to Ned.
    await adminCancel(event.holders[2]!);
    await settle();
    line = await byName(event.id);
    expect(line['Flo Fewer']).toMatchObject({ offerSeats: 2 });
    expect(line['Ned Next']).toMatchObject({ status: 'offered', offerSeats: 1 });
    expect(await offerMails(next)).toHaveLength(1);
    await expectNothingLost(event.id, 3);
  });

  it('no offer past the cut-off (2 h before the start): the freed seat goes back on sale; the window is at most a quarter of the time left', async () => {
    api.clock.set(START_CLOCK);
    // Starts 90 minutes from now (12:00Z is 05:00 in Denver): inside the cut-off.
    const late = await fullEvent(1, { date: '2026-11-21T06:30' });
    const waiting = await joined(late.id, 'Wes Waiting');
    await adminCancel(late.holders[0]!);
    await settle();
    expect((await byName(late.id))['Wes Waiting']).toMatchObject({ status: 'waiting' });
    expect(await offerMails(waiting)).toHaveLength(0);
    const plain = await api.request.post(`/api/events/${late.id}/rsvp`).send({ name: 'Cat Walkin', email: uniqueEmail('cat') });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    await expectNothingLost(late.id, 1);

    // Starts in 8 hours: the window is 2 hours (a quarter), not 12.
    api.clock.set(START_CLOCK);
    const soon = await fullEvent(1, { date: '2026-11-21T13:00' });
    await joined(soon.id, 'Sue Soon');
    await adminCancel(soon.holders[0]!);
    await settle();
    const offered = (await byName(soon.id))['Sue Soon']!;
    expect(offered.status).toBe('offered');
    expect(Date.parse(offered.offerExpiresAt!) - api.clock.now().getTime()).toBe(2 * HOUR - 1000 / 4);
  });

  it('the event sets its claim window (default 12 h); a bad value is refused with the shared message', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(1, { waitlistClaimHours: 3 });
    await joined(event.id, 'Tom Three');
    await adminCancel(event.holders[0]!);
    await settle();
    const offered = (await byName(event.id))['Tom Three']!;
    expect(Date.parse(offered.offerExpiresAt!) - api.clock.now().getTime()).toBe(3 * HOUR);
    for (const bad of [0, 169, 1.5, 'soon']) {
      const refused = await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ waitlistClaimHours: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toMatchObject({ waitlistClaimHours: WAITLIST_CLAIM_MESSAGE });
    }
    const view = await api.request.get(`/api/events/${event.id}`).set(api.bearer('admin'));
    expect(view.body.event ?? view.body).toMatchObject({ waitlistClaimHours: 3 });
  });

  it('Claim registers at once: the held seats become confirmed tickets with their e-mails; 10 concurrent claims give one registration', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(2, { maxRegistrationsPerEmail: 2 });
    const pair = await joined(event.id, 'Pia Pair', 2, true);
    await adminCancel(event.holders[0]!);
    await adminCancel(event.holders[1]!);
    await settle();
    const { entryId, key } = await offerLink(pair);
    const view = await api.request.post(`/api/waitlist/${entryId}/view`).send({ key });
    expect(view.body.entry).toMatchObject({ status: 'offered', offerSeats: 2, ticketIds: [] });
    expect(view.body.entry.offerExpiresAt).toEqual(expect.any(String));

    // Ten clicks at once, on two instances of the API (one store): one registration.
    const second = await createTestApi({ sharedStoreOf: api });
    let claims: Awaited<ReturnType<typeof api.request.post>>[];
    try {
      claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? second : api).request.post(`/api/waitlist/${entryId}/claim`).send({ key })));
    } finally {
      await second.close();
    }
    for (const claim of claims) expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    const ticketIds = claims[0]!.body.entry.ticketIds as string[];
    expect(ticketIds).toHaveLength(2);
    for (const claim of claims) expect(claim.body.entry).toMatchObject({ status: 'claimed', ticketIds });
    expect(claims[0]!.body.message).toBe(WAITLIST_MESSAGES.claimed);
    const rsvps = (await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).filter((rsvp) => rsvp.data.email === pair.toLowerCase());
    expect(rsvps.map((rsvp) => rsvp.data.status)).toEqual(['confirmed', 'confirmed']);
    expect(rsvps.map((rsvp) => rsvp.data.name).sort()).toEqual(['Pia Pair', 'Pia Pair (guest 2)']);
    const tickets = (await mailsTo(api, pair)).filter((mail) => mail.subject.startsWith('Your ticket'));
    expect(tickets).toHaveLength(2);
    // The tickets' own pages open by id.
    const ticket = await api.request.get(`/api/checkin/${ticketIds[0]}?format=json`);
    expect(ticket.status).toBe(200);
    expect(ticket.body.ticket).toMatchObject({ attendee: { name: 'Pia Pair' } });
    await expectNothingLost(event.id, 2);
    const seats = await ledger(event.id);
    expect(seats).toMatchObject({ taken: 2, rsvps: 2, offered: 0, kept: 0 });

    // Claimed: decline and leave are refused; a wrong key is the one not-found.
    expect((await api.request.post(`/api/waitlist/${entryId}/decline`).send({ key })).body).toMatchObject({ code: 'WAITLIST_NOT_OFFERED', message: WAITLIST_MESSAGES.notOffered });
    const wrong = await api.request.post(`/api/waitlist/${entryId}/claim`).send({ key: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ code: 'LINK_INVALID', message: WAITLIST_MESSAGES.linkInvalid });
  });

  it('"No longer needed" moves the seats to the next entry; a waiting entry cannot claim', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(1);
    const first = await joined(event.id, "D'Arcy First");
    const second = await joined(event.id, 'Sam Second');
    await adminCancel(event.holders[0]!);
    await settle();
    const { entryId, key, mail } = await offerLink(first);
    // The attendee's words are escaped in the offer e-mail.
    expect(mail.html).toContain('Hi D&#x27;Arcy,');
    expect(mail.html).not.toContain("D'Arcy");
    const declined = await api.request.post(`/api/waitlist/${entryId}/decline`).send({ key });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ message: WAITLIST_MESSAGES.declined, entry: { status: 'declined', position: null } });
    // Twice: the same answer, nothing freed again.
    expect((await api.request.post(`/api/waitlist/${entryId}/decline`).send({ key })).body.entry.status).toBe('declined');
    await settle();
    const line = await byName(event.id);
    expect(line["D'Arcy First"]).toMatchObject({ status: 'declined', position: null });
    expect(line['Sam Second']).toMatchObject({ status: 'offered', offerSeats: 1, position: 1 });
    expect(await offerMails(second)).toHaveLength(1);
    const claimDeclined = await api.request.post(`/api/waitlist/${entryId}/claim`).send({ key });
    expect(claimDeclined.status).toBe(409);
    expect(claimDeclined.body.code).toBe('WAITLIST_NOT_OFFERED');
    await expectNothingLost(event.id, 1);
  });

  it('an offer past its window expires on the scheduled run, once under two concurrent sweeps, and moves to the next entry', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(1);
    const first = await joined(event.id, 'Eve Early');
    const second = await joined(event.id, 'Nat Next');
    await adminCancel(event.holders[0]!);
    await settle();
    const { entryId, key } = await offerLink(first);
    api.clock.set(new Date(api.clock.now().getTime() + 12 * HOUR + 1000).toISOString());
    // Past the window but not yet swept: refused all the same.
    const late = await api.request.post(`/api/waitlist/${entryId}/claim`).send({ key });
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'OFFER_EXPIRED', message: WAITLIST_MESSAGES.offerExpired });
    // Two sweeps at once (as two scheduled runs on two instances): one expiry, one offer.
    const [one, two] = await Promise.all([settleEvent(api.deps.store, event.id, api.clock.now()), settleEvent(api.deps.store, event.id, api.clock.now())]);
    expect(one.expired + two.expired).toBe(1);
    expect(one.offers + two.offers).toBe(1);
    const line = await byName(event.id);
    expect(line['Eve Early']).toMatchObject({ status: 'expired', position: null });
    expect(line['Nat Next']).toMatchObject({ status: 'offered', offerSeats: 1 });
    expect(await offerMails(second)).toHaveLength(1);
    await expectNothingLost(event.id, 1);

    // The last entry's offer expires with nobody behind it: the seat goes back on sale.
    api.clock.set(new Date(api.clock.now().getTime() + 12 * HOUR + 1000).toISOString());
    await settle();
    expect((await byName(event.id))['Nat Next']).toMatchObject({ status: 'expired' });
    expect(await ledger(event.id)).toMatchObject({ taken: 0, offered: 0, kept: 0 });
    api.clock.set(START_CLOCK);
  });

  it('an admin makes an offer by hand, out of line order; removing an offered entry passes its seats on', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(2);
    await joined(event.id, 'Ada First');
    const chosen = await joined(event.id, 'Ben Chosen');
    // No seat free and none kept: refused.
    const none = await byName(event.id);
    const refused = await api.request.post(`/api/waitlist/${none['Ben Chosen']!.id}/offer`).set(api.bearer('admin'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'NO_SEATS_TO_OFFER', message: WAITLIST_MESSAGES.noSeatsToOffer });
    // Staff and visitors may not.
    expect((await api.request.post(`/api/waitlist/${none['Ben Chosen']!.id}/offer`).set(api.bearer('staff'))).status).toBe(403);
    expect((await api.request.post(`/api/waitlist/${none['Ben Chosen']!.id}/offer`)).status).toBe(401);

    // Capacity raised while the worker is not run yet: the admin gives the kept seat to Ben.
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ maxAttendees: 3 }).expect(200);
    await api.services.offers.whenIdle();
    let line = await byName(event.id);
    if (line['Ada First']!.status === 'offered') {
      // The worker already ran after the commit: Ada holds it; remove her offer to free it again.
      await api.request.delete(`/api/waitlist/${line['Ada First']!.id}`).set(api.bearer('admin')).expect(200);
      await settle();
      line = await byName(event.id);
      expect(line['Ben Chosen']).toMatchObject({ status: 'offered', offerSeats: 1 });
    } else {
      const made = await api.request.post(`/api/waitlist/${line['Ben Chosen']!.id}/offer`).set(api.bearer('admin'));
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.message).toBe(WAITLIST_MESSAGES.offerMade);
      line = await byName(event.id);
      expect(line['Ben Chosen']).toMatchObject({ status: 'offered', offerSeats: 1 });
      expect(line['Ada First']).toMatchObject({ status: 'waiting', position: 1 });
    }
    expect(await offerMails(chosen)).toHaveLength(1);
    await expectNothingLost(event.id, 3);

    // Removing Ben's offered entry: his seat goes to the next in line (Ada, if still waiting), or back on sale.
    await api.request.delete(`/api/waitlist/${line['Ben Chosen']!.id}`).set(api.bearer('admin')).expect(200);
    await settle();
    const after = await byName(event.id);
    expect(after['Ben Chosen']).toMatchObject({ status: 'removed' });
    await expectNothingLost(event.id, 3);
    // An offer on an entry no longer waiting is refused.
    const gone = await api.request.post(`/api/waitlist/${after['Ben Chosen']!.id}/offer`).set(api.bearer('admin'));
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe('WAITLIST_NOT_WAITING');
  });

  it("the audit log tells the line's story: joins and claims by the attendee, offers and expiries by the system, an admin's offer and removal by the admin", async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(1);
    const ann = await joined(event.id, 'Ann Audit');
    await joined(event.id, 'Bo Audit');
    await joined(event.id, 'Cy Audit');
    await joined(event.id, 'Di Audit');
    await adminCancel(event.holders[0]!);
    await settle();
    // Ann declines; Bo's offer expires; Cy claims; the admin removes Di.
    const annOffer = await offerLink(ann);
    await api.request.post(`/api/waitlist/${annOffer.entryId}/decline`).send({ key: annOffer.key }).expect(200);
    await settle();
    api.clock.set(new Date(api.clock.now().getTime() + 12 * HOUR + 1000).toISOString());
    await settle();
    const line = await byName(event.id);
    expect(line['Cy Audit']).toMatchObject({ status: 'offered' });
    const cyOffer = await offerLink(line['Cy Audit']!.email);
    const claim = await api.request.post(`/api/waitlist/${cyOffer.entryId}/claim`).send({ key: cyOffer.key });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    await api.request.delete(`/api/waitlist/${line['Di Audit']!.id}`).set(api.bearer('admin')).expect(200);

    const response = await api.request.get('/api/audit').query({ eventId: event.id, limit: '200' }).set(api.bearer('admin'));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const story = (response.body.entries as { action: string; actor: { kind: string; email?: string }; target: { type: string; label: string } }[])
      .filter((entry) => entry.target.label.endsWith('Audit'))
      .map((entry) => `${entry.action} ${entry.target.type} ${entry.target.label} by ${entry.actor.email ?? entry.actor.kind}`)
      .sort();
    expect(story).toEqual(
      [
        'waitlist.joined waitlist Ann Audit by attendee',
        'waitlist.joined waitlist Bo Audit by attendee',
        'waitlist.joined waitlist Cy Audit by attendee',
        'waitlist.joined waitlist Di Audit by attendee',
        'waitlist.offered waitlist Ann Audit by system',
        'waitlist.declined waitlist Ann Audit by attendee',
        'waitlist.offered waitlist Bo Audit by system',
        'waitlist.expired waitlist Bo Audit by system',
        'waitlist.offered waitlist Cy Audit by system',
        'waitlist.claimed waitlist Cy Audit by attendee',
        'rsvp.registered rsvp Cy Audit by attendee',
        `waitlist.removed waitlist Di Audit by ${api.users.admin.email}`,
      ].sort(),
    );
    // The claimed ticket's History starts with its waitlist story, oldest first.
    const ticketId = (claim.body.entry.ticketIds as string[])[0]!;
    const history = await api.request.get(`/api/rsvps/${ticketId}/history`).set(api.bearer('admin'));
    expect(history.status).toBe(200);
    expect(history.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['waitlist.joined', 'waitlist.offered', 'waitlist.claimed', 'rsvp.registered']);
    // Staff read only a ticket's check-ins there.
    const staffHistory = await api.request.get(`/api/rsvps/${ticketId}/history`).set(api.bearer('staff'));
    expect(staffHistory.body.entries).toEqual([]);
    api.clock.set(START_CLOCK);
  });

  it('past the cut-off an admin cannot offer either', async () => {
    api.clock.set(START_CLOCK);
    const event = await fullEvent(1, { date: '2026-11-21T06:30' });
    await joined(event.id, 'Lia Late');
    const [entry] = await entries(event.id);
    const refused = await api.request.post(`/api/waitlist/${entry!.id}/offer`).set(api.bearer('admin'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'OFFER_TOO_LATE', message: WAITLIST_MESSAGES.offerTooLate });
  });

  it("a declined card frees its held seat to the line at once, not at the next scheduled run", async () => {
    api.clock.set(START_CLOCK);
    const event = await createTestEvent(api, { maxAttendees: 1, requiresPayment: true, ticketTypes: ['General'], ticketPrices: { General: 10 } });
    const intent = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, name: 'Card Holder', email: uniqueEmail('card'), ticketType: 'General', amount: 1000 });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const waiting = await joined(event.id, 'Wes Waiting');
    const declined = await api.request
      .post(`/api/offline-payments/${intent.body.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.body.clientSecret, cardNumber: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' });
    expect(declined.status).toBe(402);
    // Only the worker kicked after the commit: no scheduled run.
    await api.services.offers.whenIdle();
    await expect.poll(async () => (await byName(event.id))['Wes Waiting']?.status, { timeout: 15_000 }).toBe('offered');
    expect(await offerMails(waiting)).toHaveLength(1);
    await expectNothingLost(event.id, 1);
  });

  it('a paid event: Claim holds the seat unpaid until the window ends and opens the payment; unpaid, it goes to the next entry', async () => {
    api.clock.set(START_CLOCK);
    const event = await createTestEvent(api, { maxAttendees: 1, requiresPayment: true, ticketTypes: ['General'], ticketPrices: { General: 10 } });
    const holder = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Paid Holder', email: uniqueEmail('paid') });
    expect(holder.status, JSON.stringify(holder.body)).toBe(201);
    await api.services.payments.releaseExpiredHolds();
    const waiting = await joined(event.id, 'Pat Paying');
    const next = await joined(event.id, 'Nia Next');
    await adminCancel(holder.body.rsvpId);
    await settle();
    const { entryId, key } = await offerLink(waiting);
    const offeredUntil = (await byName(event.id))['Pat Paying']!.offerExpiresAt!;
    const claim = await api.request.post(`/api/waitlist/${entryId}/claim`).send({ key });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body).toMatchObject({ message: WAITLIST_MESSAGES.claimedToPay, heldUntil: offeredUntil, entry: { status: 'claimed' } });
    const [payment] = claim.body.payments as { ticketId: string; path: string }[];
    const match = /^\/pay\/([^#]+)#key=([A-Za-z0-9_-]+)$/.exec(payment!.path);
    expect(match).not.toBeNull();
    const hold = await api.request.post(`/api/rsvps/${match![1]}/hold`).send({ key: match![2] });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    expect(hold.body.hold).toMatchObject({ name: 'Pat Paying', amount: 1000, holdExpiresAt: offeredUntil });
    // The payment link is e-mailed too.
    await api.whenStoreIdle();
    expect((await api.deps.store.query(MAIL_JOBS)).some((job) => job.data.kind === 'paymentLink' && job.data.rsvpId === payment!.ticketId)).toBe(true);
    await expectNothingLost(event.id, 1);

    // Not paid by the end of the window: the hold is released, and the seat goes to the next entry.
    api.clock.set(new Date(Date.parse(offeredUntil) + 1000).toISOString());
    expect(await api.services.payments.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    await settle();
    expect((await byName(event.id))['Nia Next']).toMatchObject({ status: 'offered', offerSeats: 1 });
    expect(await offerMails(next)).toHaveLength(1);
    await expectNothingLost(event.id, 1);
    api.clock.set(START_CLOCK);
  });
});
