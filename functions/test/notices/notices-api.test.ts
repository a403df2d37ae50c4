import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/repository.js';
import { MAILBOX } from '../../src/mail/local-outbox.js';
import { MAIL_JOBS, noticeMailId } from '../../src/outbox/outbox.js';
import { RSVPS } from '../../src/rsvps/repository.js';
import { EVENT_CANCEL_MESSAGES, NOTICE_MONEY_FOR_TESTS } from './wording.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { createPaidEvent, openPayment, payForTicket } from '../support/payments.js';
import { mailsTo } from '../support/self-service.js';
import { seatsTakenOf } from '../support/seats.js';

/*
 * Issue 26 item 3: an attendee is told, once, when an admin cancels their ticket, when their money
 * comes back (an admin's refund or one the provider confirms), and when their event is cancelled.
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

let n = 0;
const person = (label: string) => ({ name: `${label} Muir`, email: `${label.toLowerCase()}-${++n}@example.org` });

async function settle(...targets: TestApi[]) {
  for (let round = 0; round < 2; round++) {
    for (const target of targets) {
      await target.services.refunds.whenIdle();
      await target.services.mail.whenIdle();
    }
  }
}

/** The notice mail jobs of a ticket (any cause). */
async function noticeJobs(rsvpId: string) {
  const jobs = await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', rsvpId]] });
  return jobs.filter((job) => ['ticketCancelledByAdmin', 'refundIssued', 'eventCancelled'].includes(job.data.kind));
}

const icsOf = (mail: { attachments: { filename: string; content: string }[] }) =>
  Buffer.from(mail.attachments.find((a) => a.filename.endsWith('.ics'))!.content, 'base64').toString('utf8');

describe('DELETE /rsvps/{id}: the attendee is told their ticket was cancelled, and what happens to their money', () => {
  it('a free ticket: one notice, "nothing to refund", with the calendar entry cancelled; a second DELETE sends nothing', async () => {
    const event = await createTestEvent(api, { title: 'Owl Prowl' });
    const who = person('Free');
    const rsvpId = (await api.request.post(`/api/events/${event.id}/rsvp`).send(who).expect(201)).body.rsvpId;
    await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin')).expect(200);
    await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin')).expect(404);
    await settle(api);

    const notices = (await mailsTo(api, who.email)).filter((m) => m.subject === 'Your ticket for Owl Prowl has been cancelled');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(NOTICE_MONEY_FOR_TESTS.none);
    expect(notices[0]!.text).toContain('Hi Free,');
    expect((await noticeJobs(rsvpId)).map((job) => job.id)).toEqual([noticeMailId('cancelled', rsvpId)]);
    const stored = (await api.deps.store.get(MAILBOX, noticeMailId('cancelled', rsvpId)))!.data;
    expect(icsOf(stored)).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it('a paid ticket cancelled without a refund: the notice says the $35.00 is not refunded automatically', async () => {
    const event = await createPaidEvent(api, { title: 'Condor Dinner' });
    const who = person('Paid');
    const paid = await payForTicket(api, event.id, who);
    await api.request.delete(`/api/rsvps/${paid.rsvpId}`).set(api.bearer('admin')).expect(200);
    await settle(api);
    const notice = (await mailsTo(api, who.email)).find((m) => m.subject === 'Your ticket for Condor Dinner has been cancelled')!;
    expect(notice.text).toContain('Your payment of $35.00 is not refunded automatically.');
  });

  it('a hold still waiting for payment had no ticket: nobody is told', async () => {
    const event = await createPaidEvent(api);
    const who = person('Hold');
    const hold = await openPayment(api, event.id, who);
    await api.request.delete(`/api/rsvps/${hold.rsvpId}`).set(api.bearer('admin')).expect(200);
    await settle(api);
    expect(await noticeJobs(hold.rsvpId)).toEqual([]);
  });
});

describe('refunds: the attendee is told the amount, once', () => {
  it('an admin cancel-and-refund sends ONE notice (cancelled + refunded $35.00), not a second when the provider confirms it', async () => {
    const event = await createPaidEvent(api, { title: 'Star Party' });
    const who = person('Refund');
    const paid = await payForTicket(api, event.id, who);
    // Two admins at once on two instances: one refund, one notice.
    const replies = await Promise.all([
      api.request.post(`/api/rsvps/${paid.rsvpId}/refund`).set(api.bearer('admin')).send(),
      second.request.post(`/api/rsvps/${paid.rsvpId}/refund`).set(second.bearer('admin')).send(),
    ]);
    expect(replies.map((r) => r.status)).toContain(200);
    await api.request.post(`/api/rsvps/${paid.rsvpId}/refund`).set(api.bearer('admin')).send().expect(409);
    await settle(api, second);

    const mails = await mailsTo(api, who.email);
    const notices = mails.filter((m) => /cancelled|Refund/.test(m.subject));
    expect(notices.map((m) => m.subject)).toEqual(['Your ticket for Star Party has been cancelled']);
    expect(notices[0]!.text).toContain('A refund of $35.00 has been issued to the card you paid with');
    expect((await noticeJobs(paid.rsvpId)).map((job) => job.id)).toEqual([noticeMailId('refund', paid.rsvpId)]);
  });

  it('a ticket cancelled first and refunded later: told of the cancel, then of the refund alone', async () => {
    const event = await createPaidEvent(api, { title: 'Bat Walk' });
    const who = person('Later');
    const paid = await payForTicket(api, event.id, who);
    await api.request.delete(`/api/rsvps/${paid.rsvpId}`).set(api.bearer('admin')).expect(200);
    await api.request.post(`/api/rsvps/${paid.rsvpId}/refund`).set(api.bearer('admin')).send().expect(200);
    await settle(api);
    const subjects = (await mailsTo(api, who.email)).map((m) => m.subject);
    expect(subjects.filter((s) => /cancelled|Refund/.test(s)).sort()).toEqual([
      'Refund of $35.00 for Bat Walk',
      'Your ticket for Bat Walk has been cancelled',
    ]);
  });

  it("a refund the provider confirms: the amount is the provider's (a part refund: $20.00), and a retried or second notification tells nobody again", async () => {
    const event = await createPaidEvent(api, { title: 'Dawn Chorus' });
    const who = person('Webhook');
    const paid = await payForTicket(api, event.id, who);
    await api.deps.store.runTransaction(async (tx) => tx.update(RSVPS, paid.rsvpId, { refundRequestedAt: api.clock.now().toISOString() }));
    const refundEvent = (id: string) => ({ id, type: 'charge.refunded' as const, refund: { intentId: paid.paymentIntentId, amount: 3500, amountRefunded: 2000 } });
    await Promise.all([api.services.payments.handleEvent(refundEvent('evt_1')), second.services.payments.handleEvent(refundEvent('evt_1'))]);
    await api.services.payments.handleEvent(refundEvent('evt_2'));
    await settle(api, second);
    const notices = (await mailsTo(api, who.email)).filter((m) => m.subject.startsWith('Refund of'));
    expect(notices.map((m) => m.subject)).toEqual(['Refund of $20.00 for Dawn Chorus']);
    expect(notices[0]!.text).toContain('A refund of $20.00 has been issued');
  });
});

describe('POST /events/{id}/cancel', () => {
  async function paidEventWithAttendees(title: string) {
    const event = await createPaidEvent(api, { title });
    const a = person('Ann');
    const b = person('Ben');
    const ticketA = await payForTicket(api, event.id, a);
    const ticketB = await payForTicket(api, event.id, b);
    const holder = person('Hal');
    const hold = await openPayment(api, event.id, holder);
    const gone = person('Gus');
    const cancelledBefore = await payForTicket(api, event.id, gone);
    await api.request.delete(`/api/rsvps/${cancelledBefore.rsvpId}`).set(api.bearer('admin')).expect(200);
    await settle(api);
    return { event, a, b, ticketA, ticketB, holder, hold, gone, cancelledBefore };
  }

  it('cancels every ticket and hold, queues the refunds, tells each attendee once with the cancelled .ics; the page says so', async () => {
    const { event, a, ticketA, ticketB, hold, holder, gone, cancelledBefore } = await paidEventWithAttendees('Canyon Gala');
    const before = (await api.deps.store.get(EVENTS, event.id))!.data;

    const response = await api.request.post(`/api/events/${event.id}/cancel`).set(api.bearer('admin')).send();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      success: true,
      alreadyCancelled: false,
      tickets: 3,
      refunds: 2,
      notices: 2,
      message: 'Event cancelled: 3 tickets and holds cancelled, 2 refunds queued, 2 attendees told.',
    });
    await settle(api);

    // The event: cancelled, and nothing else changed.
    const after = (await api.deps.store.get(EVENTS, event.id))!.data;
    const { cancelledAt, updatedAt: _updated, ...rest } = after;
    const { updatedAt: _u, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(cancelledAt).toBe(api.clock.now().toISOString());
    expect(await seatsTakenOf(api.deps.store, event.id)).toBe(0);
    for (const id of [ticketA.rsvpId, ticketB.rsvpId, hold.rsvpId]) expect((await api.deps.store.get(RSVPS, id))!.data.status).toBe('cancelled');
    // The refunds went through the refund jobs; the provider's confirmation marked them refunded.
    expect((await api.deps.store.get(RSVPS, ticketA.rsvpId))!.data).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 3500 });

    const mails = await mailsTo(api, a.email);
    const notice = mails.filter((m) => m.subject === 'Cancelled: Canyon Gala');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain('A refund of $35.00 is on its way to the card you paid with');
    const stored = (await api.deps.store.get(MAILBOX, noticeMailId('eventCancelled', ticketA.rsvpId)))!.data;
    expect(icsOf(stored)).toContain('\r\nSTATUS:CANCELLED\r\n');
    // The refund confirmed by the provider is its own notice, said once.
    expect(mails.filter((m) => m.subject === 'Refund of $35.00 for Canyon Gala')).toHaveLength(1);
    // Nobody without a ticket is told: the hold, the ticket cancelled before.
    expect(await noticeJobs(hold.rsvpId)).toEqual([]);
    expect((await mailsTo(api, holder.email)).filter((m) => m.subject.startsWith('Cancelled'))).toEqual([]);
    expect((await noticeJobs(cancelledBefore.rsvpId)).map((j) => j.id)).toEqual([noticeMailId('cancelled', cancelledBefore.rsvpId)]);
    expect((await mailsTo(api, gone.email)).filter((m) => m.subject.startsWith('Cancelled'))).toEqual([]);

    // The public page says it is cancelled; the public list leaves it out; nobody can register.
    const page = await api.request.get(`/api/events/${event.id}`).expect(200);
    expect(page.body.event.cancelledAt).toBe(cancelledAt);
    const list = await api.request.get('/api/events').expect(200);
    expect(list.body.events.map((e: { id: string }) => e.id)).not.toContain(event.id);
    const landing = await api.request.get('/api/events?limit=50').expect(200);
    expect(landing.body.events.map((e: { id: string }) => e.id)).not.toContain(event.id);
    const late = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, amount: 3500, ticketType: 'Member', ...person('Late') });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ success: false, code: 'REGISTRATION_CLOSED', message: EVENT_CANCEL_MESSAGES.cancelled });
  });

  it('cancelling again, or twice at once on two instances, changes nothing more and sends nothing more', async () => {
    const { event, ticketA, ticketB } = await paidEventWithAttendees('Night Sky');
    const [one, two] = await Promise.all([
      api.request.post(`/api/events/${event.id}/cancel`).set(api.bearer('admin')).send(),
      second.request.post(`/api/events/${event.id}/cancel`).set(second.bearer('admin')).send(),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.tickets + two.body.tickets).toBe(3);
    expect(one.body.notices + two.body.notices).toBe(2);
    await settle(api, second);
    const stored = (await api.deps.store.get(EVENTS, event.id))!.data;

    const again = await api.request.post(`/api/events/${event.id}/cancel`).set(api.bearer('admin')).send().expect(200);
    expect(again.body).toEqual({ success: true, alreadyCancelled: true, tickets: 0, refunds: 0, notices: 0, message: EVENT_CANCEL_MESSAGES.alreadyCancelled });
    await settle(api);
    expect((await api.deps.store.get(EVENTS, event.id))!.data).toEqual(stored);
    for (const id of [ticketA.rsvpId, ticketB.rsvpId]) {
      expect((await noticeJobs(id)).map((job) => job.data.kind).sort()).toEqual(['eventCancelled', 'refundIssued']);
    }
    const cancelledMails = (await api.deps.store.query(MAILBOX)).filter((m) => m.data.subject === 'Cancelled: Night Sky');
    expect(cancelledMails).toHaveLength(2);
  });

  it('a free event: the notice says there is nothing to refund', async () => {
    const event = await createTestEvent(api, { title: 'Trail Day' });
    const who = person('Trail');
    await api.request.post(`/api/events/${event.id}/rsvp`).send(who).expect(201);
    const reply = await api.request.post(`/api/events/${event.id}/cancel`).set(api.bearer('admin')).send().expect(200);
    expect(reply.body).toMatchObject({ tickets: 1, refunds: 0, notices: 1 });
    await settle(api);
    const notice = (await mailsTo(api, who.email)).find((m) => m.subject === 'Cancelled: Trail Day')!;
    expect(notice.text).toContain(NOTICE_MONEY_FOR_TESTS.none);
  });

  it('admins only: staff get 403, nobody signed in 401, an unknown event 404; none of them changes anything', async () => {
    const event = await createTestEvent(api, { title: 'Guarded' });
    const staff = await api.request.post(`/api/events/${event.id}/cancel`).set(api.bearer('staff')).send();
    expect(staff.status).toBe(403);
    expect(staff.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await api.request.post(`/api/events/${event.id}/cancel`).send()).status).toBe(401);
    const unknown = await api.request.post('/api/events/no-such-event/cancel').set(api.bearer('admin')).send();
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'EVENT_NOT_FOUND' });
    expect((await api.deps.store.get(EVENTS, event.id))!.data.cancelledAt).toBeUndefined();
  });
});
