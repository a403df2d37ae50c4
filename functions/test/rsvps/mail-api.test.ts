import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function registered() {
  const event = (
    await api.request.post('/api/events').set(api.bearer('admin')).send({ title: 'Owl Prowl', date: '2026-12-12T20:00', location: 'Canyon Junction' })
  ).body.event;
  const { rsvpId } = (await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Olive Owl', email: 'olive@example.org' })).body;
  return { event, rsvpId };
}

describe('e-mail through the whole API', () => {
  it('a free RSVP is delivered to the outbox with its QR code and the ticket link', async () => {
    const { rsvpId } = await registered();
    await api.services.mail.whenIdle();
    await api.services.mail.deliverDue();
    const messages = await api.request.get('/api/mailbox?format=json&to=olive@example.org');
    expect(messages.body.messages).toHaveLength(1);
    const message = (await api.request.get(`/api/mailbox/${messages.body.messages[0].id}?format=json`)).body.message;
    expect(message.subject).toBe('Your ticket for Owl Prowl');
    expect(message.html).toContain(`https://events.example.org/checkin/${rsvpId}`);
    expect(message.html).toContain('Saturday, December 12, 2026');
    expect(message.attachments[0]).toMatchObject({ contentType: 'image/png', contentId: 'ticket-qr' });
  });

  it('templates: admins read and save; a template that does not compile is refused with 400', async () => {
    expect((await api.request.get('/api/email-templates')).status).toBe(401);
    expect((await api.request.get('/api/email-templates').set(api.bearer('staff'))).status).toBe(403);
    const current = await api.request.get('/api/email-templates').set(api.bearer('admin'));
    expect(Object.keys(current.body.templates)).toEqual(['ticket', 'rsvpConfirmation', 'reminder', 'adminInvitation', 'ticketCancelledByAdmin', 'refundIssued', 'eventCancelled', 'eventUpdated', 'orderConfirmation', 'waitlistJoined', 'waitlistOffer', 'volunteerConfirmation', 'volunteerCancelled', 'volunteerReminder']);
    const broken = await api.request
      .put('/api/email-templates/ticket')
      .set(api.bearer('admin'))
      .send({ subjectTemplate: 'Ticket {{#if}}', htmlTemplate: '<p>{{rsvp.name}</p>' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^Template does not compile/);
    const saved = await api.request
      .put('/api/email-templates/ticket')
      .set(api.bearer('admin'))
      .send({ subjectTemplate: 'Ticket: {{event.title}}', htmlTemplate: '<p>Hello {{rsvp.name}}</p><img src="cid:ticket-qr">' });
    expect(saved.status).toBe(200);
    expect(saved.body.templates.ticket.subjectTemplate).toBe('Ticket: {{event.title}}');
    expect((await api.request.put('/api/email-templates/newsletter').set(api.bearer('admin')).send(saved.body.templates.ticket)).status).toBe(404);
  });

  it('resend-ticket queues another ticket e-mail for a confirmed RSVP; unknown ids are 404', async () => {
    const { rsvpId } = await registered();
    expect((await api.request.post(`/api/rsvps/${rsvpId}/resend-ticket`).set(api.bearer('staff'))).status).toBe(403);
    const resent = await api.request.post(`/api/rsvps/${rsvpId}/resend-ticket`).set(api.bearer('admin'));
    expect(resent.status).toBe(200);
    expect(resent.body.success).toBe(true);
    expect(await api.deps.store.query(MAIL_JOBS, { where: [['rsvpId', '==', rsvpId]] })).toHaveLength(2);
    expect((await api.request.post('/api/rsvps/unknown/resend-ticket').set(api.bearer('admin'))).status).toBe(404);
  });
});
