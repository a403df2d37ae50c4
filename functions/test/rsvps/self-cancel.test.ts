import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RSVPS } from '../../src/rsvps/repository.js';
import { MAILBOX } from '../../src/mail/local-outbox.js';
import { decideSelfCancel } from '../../src/rsvps/rules.js';
import { RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { SELF_SERVICE_MESSAGES } from '../../src/shared/self-service-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { seatsTakenOf } from '../support/seats.js';
import { mailsTo as mailsToOf, manageLinkIn as manageLinkInOf } from '../support/self-service.js';

/*
 * Issue 25 items 4 and 7: the 'Can't come?' link of every ticket e-mail opens the ticket with a key
 * only that e-mail holds; cancelling frees the seat once, however many clicks or tabs.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.clock.set('2026-11-21T12:00:00.000Z'));

const register = (eventId: string, body: Record<string, unknown>) => api.request.post(`/api/events/${eventId}/rsvp`).send(body);
const manage = (rsvpId: string, key: unknown) => api.request.post(`/api/rsvps/${rsvpId}/manage`).send({ key });
const cancel = (rsvpId: string, key: unknown) => api.request.post(`/api/rsvps/${rsvpId}/cancel`).send({ key });

const mailsTo = (to: string) => mailsToOf(api, to);
const manageLinkIn = (to: string, subject?: string) => manageLinkInOf(api, to, subject);

async function registered(email: string, event?: { id: string }) {
  const target = event ?? (await createTestEvent(api, { maxAttendees: 2 }));
  const reply = await register(target.id, { name: 'Ada Lovelace', email });
  expect(reply.status).toBe(201);
  const link = await manageLinkIn(email);
  expect(link.rsvpId).toBe(reply.body.rsvpId);
  return { event: target, ...link };
}

describe('decideSelfCancel', () => {
  const event = { date: '2026-12-05T19:30:00.000Z', refundUntilHoursBefore: 48 };
  const before = new Date('2026-12-05T19:29:59.000Z');
  const free = { status: 'confirmed' as const, checkedIn: false, paymentStatus: 'free' as const, amountPaid: 0, paymentIntentId: null };
  it('cancels a confirmed free ticket before the start, with no refund to make', () => {
    expect(decideSelfCancel(free, event, before)).toEqual({ outcome: 'cancel', refund: null });
  });
  it('refuses a cancelled, checked-in, started, unconfirmed or paid ticket, each in its words', () => {
    expect(decideSelfCancel({ ...free, status: 'cancelled' }, event, before)).toMatchObject({ code: 'ALREADY_CANCELLED', message: SELF_SERVICE_MESSAGES.alreadyCancelled });
    expect(decideSelfCancel({ ...free, checkedIn: true }, event, before)).toMatchObject({ message: SELF_SERVICE_MESSAGES.cancelCheckedIn });
    expect(decideSelfCancel(free, event, new Date(event.date))).toMatchObject({ message: SELF_SERVICE_MESSAGES.cancelAfterStart });
    expect(decideSelfCancel({ ...free, status: 'pending_payment' }, event, before)).toMatchObject({ message: SELF_SERVICE_MESSAGES.cancelNotConfirmed });
    expect(decideSelfCancel({ ...free, paymentStatus: 'failed', amountPaid: 1500 }, event, before)).toMatchObject({ message: SELF_SERVICE_MESSAGES.paidCancelByOrganiser });
  });
});

describe("'Can't come?' (issue 25 item 4)", () => {
  it('the ticket e-mail carries the link; the page shows the ticket; cancelling frees the seat, records the attendee and e-mails a confirmation', async () => {
    const { event, rsvpId, key, mail } = await registered('ada.cancel@example.org');
    expect(mail.subject).toMatch(/^Your ticket/);
    expect(mail.html).toContain(`/ticket/${rsvpId}/manage#key&#x3D;${key}`);
    const stored = await api.deps.store.get(RSVPS, rsvpId);
    // Only the hash is stored.
    expect(JSON.stringify(stored?.data)).not.toContain(key);

    const view = await manage(rsvpId, key);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ ticket: { id: rsvpId, name: 'Ada Lovelace', status: 'confirmed' }, event: { id: event.id }, cannotCancel: null });
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);

    api.clock.set('2026-11-22T15:41:00.000Z');
    const done = await cancel(rsvpId, key);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(SELF_SERVICE_MESSAGES.selfCancelled);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    const after = (await api.deps.store.get(RSVPS, rsvpId))!.data;
    expect(after).toMatchObject({ status: 'cancelled', cancelledAt: '2026-11-22T15:41:00.000Z', cancelledBy: 'attendee', name: 'Ada Lovelace', email: 'ada.cancel@example.org', checkedIn: false });
    const confirmation = (await mailsTo('ada.cancel@example.org')).filter((m) => m.subject.startsWith('Your ticket is cancelled'));
    expect(confirmation).toHaveLength(1);
    // A free ticket's confirmation says nothing of money.
    expect(confirmation[0]!.html).not.toMatch(/refund/i);
    // It carries the ticket's calendar entry, cancelled: the same UID, STATUS:CANCELLED (issue 25 item 2).
    const [kept] = (await api.deps.store.query(MAILBOX, { where: [['to', '==', 'ada.cancel@example.org']] })).filter((m) => m.data.subject.startsWith('Your ticket is cancelled'));
    const ics = Buffer.from(kept!.data.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain(`\r\nUID:${rsvpId}@events.example.org\r\n`);
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');

    // Opening the link again says it is cancelled; cancelling again is refused, nothing moves.
    expect((await manage(rsvpId, key)).body.cannotCancel).toBe(SELF_SERVICE_MESSAGES.alreadyCancelled);
    const again = await cancel(rsvpId, key);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SELF_SERVICE_MESSAGES.alreadyCancelled);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
  });

  it('a wrong, missing or other ticket\'s key, or the bare ticket id, is refused with one message and cancels nothing', async () => {
    const one = await registered('ada.wrong@example.org');
    const other = await registered('bo.wrong@example.org');
    for (const key of ['not-the-key', other.key]) {
      const refused = await cancel(one.rsvpId, key);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(RSVP_MESSAGES.linkInvalid);
      expect((await manage(one.rsvpId, key)).body.message).toBe(RSVP_MESSAGES.linkInvalid);
    }
    expect((await cancel(one.rsvpId, '')).status).toBe(400);
    // A body without a key (a hand-made call) gets the link's own words, not a validator's.
    const keyless = await api.request.post(`/api/rsvps/${one.rsvpId}/cancel`).send({});
    expect(keyless.status).toBe(400);
    expect(keyless.body.errors).toEqual({ key: RSVP_MESSAGES.linkInvalid });
    expect((await api.deps.store.get(RSVPS, one.rsvpId))!.data.status).toBe('confirmed');
    expect(await seatsTakenOf(api.deps.store, one.event.id)).toBe(1);
  });

  it('refuses after the start and after check-in', async () => {
    const { rsvpId, key } = await registered('ada.late@example.org');
    api.clock.set('2026-12-06T12:00:00.000Z');
    const late = await cancel(rsvpId, key);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(SELF_SERVICE_MESSAGES.cancelAfterStart);
    api.clock.set('2026-11-21T12:00:00.000Z');
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, rsvpId, { checkedIn: true, checkedInAt: '2026-11-21T12:00:00.000Z' }));
    const admitted = await cancel(rsvpId, key);
    expect(admitted.body.message).toBe(SELF_SERVICE_MESSAGES.cancelCheckedIn);
    expect((await api.deps.store.get(RSVPS, rsvpId))!.data.status).toBe('confirmed');
  });

  it('two concurrent cancels (double click, two tabs) free one seat and send one confirmation', async () => {
    const event = await createTestEvent(api, { maxAttendees: 3 });
    await register(event.id, { name: 'Bo Keeper', email: 'bo.keep@example.org' });
    const { rsvpId, key } = await registered('ada.twice@example.org', event);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(2);
    const replies = await Promise.all([cancel(rsvpId, key), cancel(rsvpId, key), cancel(rsvpId, key)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(1);
    const confirmations = (await mailsTo('ada.twice@example.org')).filter((m) => m.subject.startsWith('Your ticket is cancelled'));
    expect(confirmations).toHaveLength(1);
  });

  it("'E-mail me a link' answers the same for any id and sends a fresh link only to the ticket's own address, at most hourly", async () => {
    const { rsvpId, key } = await registered('ada.ask@example.org');
    const unknown = await api.request.post('/api/rsvps/no-such-ticket/manage-link').send({});
    const asked = await api.request.post(`/api/rsvps/${rsvpId}/manage-link`).send({});
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(unknown.body);
    expect(asked.body.message).toBe(SELF_SERVICE_MESSAGES.manageLinkSent);
    await api.request.post(`/api/rsvps/${rsvpId}/manage-link`).send({});
    const links = (await mailsTo('ada.ask@example.org')).filter((m) => m.subject.startsWith('Your link to cancel'));
    expect(links).toHaveLength(1);
    const fresh = await manageLinkIn('ada.ask@example.org', 'Your link to cancel');
    expect(fresh.key).not.toBe(key);
    // The first link still works (the newest few keys are kept).
    expect((await manage(rsvpId, key)).status).toBe(200);
    expect((await cancel(rsvpId, fresh.key)).status).toBe(200);
  });
});
