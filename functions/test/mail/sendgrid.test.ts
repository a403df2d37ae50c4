import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ticketCalendarFile } from '../../src/calendar/ticket-calendar.js';
import { ticketQrAttachment } from '../../src/mail/qr.js';
import { sendgridMailer } from '../../src/mail/sendgrid.js';
import { useRecordedHttp } from '../support/recorded-http.js';

const API = 'https://api.sendgrid.com';

useRecordedHttp();

describe('sendgridMailer', () => {
  it('posts the message to /v3/mail/send with the QR code as an inline attachment', async () => {
    const qr = await ticketQrAttachment('https://zion.example.org/checkin/abc');
    let posted: unknown;
    const scope = nock(API, { reqheaders: { authorization: 'Bearer SG.test-key', 'content-type': /application\/json/ } })
      .post('/v3/mail/send', (body) => {
        posted = body;
        return true;
      })
      .reply(202, '', { 'x-message-id': 'msg-1' });

    await sendgridMailer({ apiKey: 'SG.test-key', from: 'Fallback <fallback@example.org>' }).send({
      to: 'alex@example.org',
      from: 'Zion Events <events@zion.example.org>',
      replyTo: 'hello@zion.example.org',
      subject: 'Your ticket for Night Sky Walk',
      html: '<p>Hi</p><img src="cid:ticket-qr">',
      text: 'Hi',
      attachments: [qr],
    });

    expect(scope.isDone()).toBe(true);
    expect(posted).toEqual({
      from: { email: 'events@zion.example.org', name: 'Zion Events' },
      subject: 'Your ticket for Night Sky Walk',
      personalizations: [{ to: [{ email: 'alex@example.org' }] }],
      content: [
        { type: 'text/plain', value: 'Hi' },
        { type: 'text/html', value: '<p>Hi</p><img src="cid:ticket-qr">' },
      ],
      attachments: [
        { content: qr.content.toString('base64'), filename: 'ticket-qr.png', type: 'image/png', disposition: 'inline', content_id: 'ticket-qr' },
      ],
      reply_to: { email: 'hello@zion.example.org' },
    });
  });

  it("attaches a ticket's .ics as a plain attachment: base64, its filename, type text/calendar with its method (issue 25 item 2)", async () => {
    const file = ticketCalendarFile({
      ticketId: 'abc',
      ticketUrl: 'https://zion.example.org/checkin/abc',
      event: { title: 'Night Sky Walk', date: '2026-12-06T02:30:00.000Z', location: 'Kolob' },
      sequence: 1,
      cancelled: false,
      now: new Date('2026-11-21T12:00:00.000Z'),
    });
    const content = Buffer.from(file.text, 'utf8');
    let posted: Record<string, unknown> = {};
    const scope = nock(API)
      .post('/v3/mail/send', (body) => {
        posted = body;
        return true;
      })
      .reply(202, '');
    await sendgridMailer({ apiKey: 'SG.test-key' }).send({
      to: 'alex@example.org',
      from: 'events@zion.example.org',
      subject: 'Event updated: Night Sky Walk',
      html: '<p>Hi</p>',
      attachments: [{ filename: file.filename, contentType: file.contentType, content }],
    });
    expect(scope.isDone()).toBe(true);
    expect(posted.attachments).toEqual([
      { content: content.toString('base64'), filename: 'night-sky-walk.ics', type: 'text/calendar; charset=utf-8; method=PUBLISH', disposition: 'attachment' },
    ]);
    expect(Buffer.from((posted.attachments as { content: string }[])[0].content, 'base64').toString('utf8')).toContain('\r\nUID:abc@zion.example.org\r\nSEQUENCE:1\r\n');
  });

  it('carries the outbox job id, so a redelivery after a crash can be recognised', async () => {
    let posted: Record<string, unknown> = {};
    nock(API)
      .post('/v3/mail/send', (body) => {
        posted = body;
        return true;
      })
      .reply(202, '');
    await sendgridMailer({ apiKey: 'SG.test-key' }).send({
      to: 'alex@example.org',
      from: 'events@zion.example.org',
      subject: 'Ticket',
      html: '<p>Hi</p>',
      jobId: 'job-123',
    });
    expect(posted.custom_args).toEqual({ mail_job_id: 'job-123' });
    expect(posted.headers).toEqual({ 'X-Mail-Job-Id': 'job-123' });
  });

  it('uses its own sender when the message has none, and sends HTML alone when there is no text', async () => {
    let posted: Record<string, unknown> = {};
    nock(API)
      .post('/v3/mail/send', (body) => {
        posted = body;
        return true;
      })
      .reply(202);
    await sendgridMailer({ apiKey: 'SG.k', from: 'events@zion.example.org' }).send({ to: 'a@example.org', from: '', subject: 'S', html: '<b>x</b>' });
    expect(posted.from).toEqual({ email: 'events@zion.example.org' });
    expect(posted.content).toEqual([{ type: 'text/html', value: '<b>x</b>' }]);
    expect(posted).not.toHaveProperty('attachments');
    expect(posted).not.toHaveProperty('reply_to');
  });

  it("surfaces an error reply with SendGrid's own message", async () => {
    nock(API)
      .post('/v3/mail/send')
      .reply(403, { errors: [{ message: 'The from address does not match a verified Sender Identity.', field: 'from', help: null }] });
    await expect(
      sendgridMailer({ apiKey: 'SG.k' }).send({ to: 'a@example.org', from: 'x@example.org', subject: 'S', html: 'x' }),
    ).rejects.toThrow('SendGrid 403: The from address does not match a verified Sender Identity. (from)');
  });

  it('refuses to start without an API key', () => {
    expect(() => sendgridMailer({ apiKey: '' })).toThrow(/SENDGRID_API_KEY/);
  });
});
