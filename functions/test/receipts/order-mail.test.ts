import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_TEST_CARDS } from '../../src/shared/payments-model.js';
import { RECEIPT_MESSAGES } from '../../src/shared/receipt-model.js';
import { ORDERS, RSVPS } from '../../src/rsvps/repository.js';
import { MAIL_JOBS, orderMailId } from '../../src/outbox/outbox.js';
import { signPayload } from '../../src/payments/webhook-signature.js';
import { OFFLINE_INTENTS } from '../../src/payments/offline.js';
import { createTestApi, createTestEvent, TEST_WEBHOOK_SECRET, type TestApi } from '../support/api.js';
import { createPaidEvent, payForTicket } from '../support/payments.js';

/*
 * Issue 26 item 2: one confirmation e-mail per order with every ticket's QR code, the receipt in it,
 * the card's last four kept, and the printable receipt behind its key. On SQLite and the Firestore emulator.
 */

let api: TestApi;
let second: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // A second instance on the same store: concurrent confirmations are decided by the store's transactions.
  second = await createTestApi({ sharedStoreOf: api });
});
afterAll(async () => {
  await second.close();
  await api.close();
});
beforeEach(() => api.clock.set('2026-11-21T12:00:00.000Z'));

type Mail = { subject: string; html: string; text: string; attachments: { filename: string; contentId: string | null; contentType: string }[] };

async function mailsTo(to: string): Promise<Mail[]> {
  await api.whenStoreIdle();
  await api.services.mail.deliverDue();
  const list = await api.request.get(`/api/mailbox?format=json&to=${encodeURIComponent(to)}`);
  return Promise.all(list.body.messages.map(async ({ id }: { id: string }) => (await api.request.get(`/api/mailbox/${id}?format=json`)).body.message));
}

/** Two adults and two members: $45 + $45 + $35 + $35. */
const family = [
  { ticketType: 'General', name: '' },
  { ticketType: 'General', name: 'Raymond Parks' },
  { ticketType: 'Member', name: 'Ann Parks' },
  { ticketType: 'Member', name: 'Sam Parks' },
];

async function paidOrder(to: string) {
  const event = await createPaidEvent(api, { maxRegistrationsPerEmail: 4 });
  const made = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Rosa Parks', email: to, tickets: family });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const intent = await api.request.post('/api/create-payment-intent').send({ eventId: event.id, orderId: made.body.orderId, amount: 16000 });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  return { event, orderId: made.body.orderId as string, intent: intent.body as { paymentIntentId: string; clientSecret: string; rsvpId: string } };
}

function webhook(payload: string) {
  return api.request.post('/api/stripe-webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signPayload(payload, TEST_WEBHOOK_SECRET)).send(payload);
}

const receiptLinkIn = (mail: Mail) => {
  const match = /https:\/\/events\.example\.org\/receipt\/([^#"\s]+)#key=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error('no receipt link in the e-mail');
  return { orderId: decodeURIComponent(match[1]!), key: decodeURIComponent(match[2]!) };
};

describe('one e-mail per order', () => {
  it('a paid 4-ticket order: ONE e-mail with 4 QR codes, each name and type, and the receipt; once under repeated webhooks and concurrent confirmations', async () => {
    const to = 'order.mail@example.org';
    const { orderId, intent } = await paidOrder(to);
    // The card form pays; its signed notification is then delivered again, twice at once, and the success page confirms from two instances.
    const paid = await api.request
      .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const stored = await api.deps.store.get(OFFLINE_INTENTS, intent.paymentIntentId);
    const event = JSON.stringify({ id: 'evt_order_again', type: 'payment_intent.succeeded', data: { object: { ...stored!.data, id: intent.paymentIntentId } } });
    const confirm = (on: TestApi) => on.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    const replies = await Promise.all([webhook(event), webhook(event), confirm(api), confirm(second)]);
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);

    const jobs = (await api.deps.store.query(MAIL_JOBS, { where: [['to', '==', to]] })).map((job) => ({ id: job.id, kind: job.data.kind }));
    expect(jobs).toEqual([{ id: orderMailId(orderId), kind: 'orderConfirmation' }]);
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Your 4 tickets for Condor Dinner');
    const qr = mail.attachments.filter((attachment) => attachment.contentType === 'image/png');
    expect(qr.map((attachment) => attachment.contentId)).toEqual(['ticket-qr-1', 'ticket-qr-2', 'ticket-qr-3', 'ticket-qr-4']);
    for (const id of ['ticket-qr-1', 'ticket-qr-2', 'ticket-qr-3', 'ticket-qr-4']) expect(mail.html).toContain(`src="cid:${id}"`);
    const ticketIds = (await api.deps.store.get(ORDERS, orderId))!.data.rsvpIds;
    for (const id of ticketIds) expect(mail.text).toContain(`https://events.example.org/checkin/${id}`);
    for (const [name, type] of [['Rosa Parks', 'General'], ['Raymond Parks', 'General'], ['Ann Parks', 'Member'], ['Sam Parks', 'Member']]) {
      expect(mail.text).toContain(name);
      expect(mail.text).toMatch(new RegExp(`Ticket \\d of 4 · ${type}`));
    }
    // The receipt: a line per type (quantity, unit, amount), the total, the date and the card.
    expect(mail.text).toMatch(/General 2 \$45\.00 \$90\.00/);
    expect(mail.text).toMatch(/Member 2 \$35\.00 \$70\.00/);
    expect(mail.text).toMatch(/Total \$160\.00/);
    expect(mail.text).toContain('Paid on Saturday, November 21, 2026 at 5:00 AM MST with Visa ending in 4242');
  });

  it("the card's brand and last four are kept on the order and its tickets; the success page's reply carries them and a receipt link", async () => {
    const to = 'order.card@example.org';
    const { orderId, intent, event } = await paidOrder(to);
    await api.request
      .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
      .expect(200);
    const order = (await api.deps.store.get(ORDERS, orderId))!.data;
    expect(order.card).toEqual({ brand: 'visa', last4: '4242' });
    // Fields the payment did not set are as they were.
    expect(order).toMatchObject({ eventId: event.id, name: 'Rosa Parks', email: to, amountDue: 16000 });
    for (const id of order.rsvpIds) expect((await api.deps.store.get(RSVPS, id))!.data.card).toEqual({ brand: 'visa', last4: '4242' });
    const confirmed = await api.request.post('/api/payments/confirm').send({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    expect(confirmed.body).toMatchObject({ orderId, card: { brand: 'visa', last4: '4242' }, receiptUrl: expect.stringMatching(new RegExp(`^https://events\\.example\\.org/receipt/${orderId}#key=`)) });
    const key = decodeURIComponent(String(confirmed.body.receiptUrl).split('#key=')[1]);
    expect((await api.request.post(`/api/orders/${orderId}/receipt`).send({ key })).status).toBe(200);
  });

  it('a free order: one e-mail with every QR code and no receipt', async () => {
    const to = 'free.order@example.org';
    const event = await createTestEvent(api, { maxAttendees: 10, ticketTypes: ['General', 'Child'] });
    const made = await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Rosa Parks', email: to, tickets: [{ name: '' }, { ticketType: 'Child', name: 'Ann Parks' }, { ticketType: 'Child', name: 'Sam Parks' }] });
    expect(made.status).toBe(201);
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(3);
    expect(mails[0].text).not.toContain('Receipt');
  });

  it('a paid ticket bought alone keeps its own ticket e-mail, now with its receipt', async () => {
    const to = 'single.paid@example.org';
    const event = await createPaidEvent(api);
    await payForTicket(api, event.id, { name: 'Mary Austin', email: to });
    const mails = await mailsTo(to);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your ticket for Condor Dinner']);
    expect(mails[0].text).toMatch(/Member 1 \$35\.00 \$35\.00/);
    expect(mails[0].text).toContain('with Visa ending in 4242');
    expect(mails[0].text).not.toContain('Printable receipt');
  });
});

describe('the printable receipt (POST /orders/:id/receipt)', () => {
  it('answers the receipt to the key from the e-mail, shows a refund; a wrong or missing key gets not-found and no data', async () => {
    const to = 'receipt.page@example.org';
    const { orderId, intent, event } = await paidOrder(to);
    await api.request
      .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
      .expect(200);
    const [mail] = await mailsTo(to);
    const link = receiptLinkIn(mail);
    expect(link.orderId).toBe(orderId);

    const ok = await api.request.post(`/api/orders/${orderId}/receipt`).send({ key: link.key });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.body.receipt).toMatchObject({
      orderId,
      organisation: { name: expect.any(String), contactEmail: expect.any(String) },
      event: { title: 'Condor Dinner' },
      buyer: { name: 'Rosa Parks', email: to },
      lines: [
        { ticketType: 'General', quantity: 2, unit: 4500, amount: 9000 },
        { ticketType: 'Member', quantity: 2, unit: 3500, amount: 7000 },
      ],
      total: 16000,
      paidAt: '2026-11-21T12:00:00.000Z',
      card: { brand: 'visa', last4: '4242' },
      refunds: [],
      refundedTotal: 0,
    });

    // One Member ticket refunded by an admin: the receipt says what came back.
    const member = (await api.deps.store.query(RSVPS, { where: [['eventId', '==', event.id]] })).find((doc) => doc.data.ticketType === 'Member')!;
    const refunded = await api.request.post(`/api/rsvps/${member.id}/refund`).set(api.bearer('admin'));
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const after = await api.request.post(`/api/orders/${orderId}/receipt`).send({ key: link.key });
    expect(after.body.receipt).toMatchObject({ refunds: [{ name: member.data.name, ticketType: 'Member', amount: 3500 }], refundedTotal: 3500, total: 16000 });

    for (const body of [{ key: 'not-the-key' }, {}, { key: 42 }]) {
      const wrong = await api.request.post(`/api/orders/${orderId}/receipt`).send(body);
      expect(wrong.status).toBe(404);
      expect(wrong.body).toEqual({ success: false, code: 'RECEIPT_NOT_FOUND', message: RECEIPT_MESSAGES.notFound });
    }
    // Another order's key opens nothing here.
    const unknown = await api.request.post('/api/orders/no-such-order/receipt').send({ key: link.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('RECEIPT_NOT_FOUND');
  });

  it('an order paid before cards were kept reads as no card details', async () => {
    const to = 'old.order@example.org';
    const { orderId, intent } = await paidOrder(to);
    await api.request
      .post(`/api/offline-payments/${intent.paymentIntentId}/confirm`)
      .send({ clientSecret: intent.clientSecret, cardNumber: OFFLINE_TEST_CARDS.succeeds, expiry: '12/30', cvc: '123' })
      .expect(200);
    const [mail] = await mailsTo(to);
    // As stored before: no card field at all.
    const order = (await api.deps.store.get(ORDERS, orderId))!.data;
    const { card: _card, ...before } = order;
    await api.deps.store.set(ORDERS, orderId, before);
    const reply = await api.request.post(`/api/orders/${orderId}/receipt`).send({ key: receiptLinkIn(mail).key });
    expect(reply.body.receipt.card).toBeNull();
  });
});
