import type { preHandlerAsyncHookHandler } from 'fastify';
import supertest from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthGuards } from '../../src/auth/middleware.js';
import { HttpError } from '../../src/http/errors.js';
import { httpHandler } from '../../src/http/server.js';
import { MAIL_JOBS } from '../../src/outbox/outbox.js';
import { localOutbox } from '../../src/mail/local-outbox.js';
import { MAILBOX_MESSAGE_CSP } from '../../src/mail/mailbox-page.js';
import { mailRoutes } from '../../src/mail/routes.js';
import { createMailService } from '../../src/mail/service.js';
import { DEFAULT_TEMPLATES } from '../../src/mail/template-store.js';
import { createThemeService } from '../../src/theme/service.js';
import { FROM, SITE_URL, TIME_ZONE, fixedClock, seedRsvp, tempStore } from './helpers.js';

/** Guards stand-in: the x-test-role header decides, as a verified token would. */
const fakeGuards: AuthGuards = {
  requireRole: (): preHandlerAsyncHookHandler => async (request) => {
    if (request.headers['x-test-role'] !== 'admin') throw new HttpError(401, 'Authentication required. Please sign in again.');
    // As the real guard does: the routes name the signed-in admin (the audit log's actor).
    request.viewer = { uid: 'admin-uid', email: 'admin@example.org', role: 'admin' };
  },
  optionalStaff: async () => undefined,
};

const ADMIN = { 'x-test-role': 'admin' };

let env: ReturnType<typeof tempStore>;
beforeEach(() => {
  env = tempStore();
});
afterEach(() => env.close());

async function build(options: { withOutbox?: boolean; contactEmail?: string } = {}) {
  const clock = fixedClock();
  const outbox = localOutbox(env.store, clock);
  const mail = createMailService({ store: env.store, mailer: outbox, clock, timeZone: TIME_ZONE, siteUrl: SITE_URL, from: FROM, theme: createThemeService(env.store) });
  let limited = 0;
  const publicWriteLimit: preHandlerAsyncHookHandler = async () => {
    limited++;
  };
  const app = await httpHandler((api) =>
    mailRoutes(api, mail, fakeGuards, {
      publicWriteLimit,
      outbox: options.withOutbox === false ? undefined : outbox,
      themeContactEmail: async () => options.contactEmail ?? 'hello@zion.example.org',
    }),
  );
  return { request: supertest(app), mail, outbox, limited: () => limited };
}

describe('GET /email-templates', () => {
  it('needs an admin', async () => {
    const { request } = await build();
    expect((await request.get('/api/email-templates')).status).toBe(401);
  });

  it('answers both templates and the defaults', async () => {
    const { request } = await build();
    const response = await request.get('/api/email-templates').set(ADMIN);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, templates: DEFAULT_TEMPLATES, defaults: DEFAULT_TEMPLATES });
  });
});

describe('PUT /email-templates/:name', () => {
  const good = { subjectTemplate: 'Ticket: {{event.title}}', htmlTemplate: '<p>Hi {{rsvp.name}}</p>', extra: 'dropped' };

  it('needs an admin', async () => {
    const { request } = await build();
    expect((await request.put('/api/email-templates/ticket').send(good)).status).toBe(401);
  });

  it('saves and answers all templates', async () => {
    const { request } = await build();
    const response = await request.put('/api/email-templates/ticket').set(ADMIN).send(good);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Template saved',
      templates: { ...DEFAULT_TEMPLATES, ticket: { subjectTemplate: 'Ticket: {{event.title}}', htmlTemplate: '<p>Hi {{rsvp.name}}</p>' } },
    });
    expect((await request.get('/api/email-templates').set(ADMIN)).body.templates.ticket.subjectTemplate).toBe('Ticket: {{event.title}}');
  });

  it.each([
    ['an unknown template', 'auditDigest', good, 404, 'Unknown e-mail template'],
    ['a missing subject', 'ticket', { htmlTemplate: '<p></p>' }, 400, 'Subject is required'],
    ['an empty HTML body', 'ticket', { subjectTemplate: 'S', htmlTemplate: '   ' }, 400, 'HTML is required'],
  ])('refuses %s', async (_label, name, body, status, message) => {
    const { request } = await build();
    const response = await request.put(`/api/email-templates/${name}`).set(ADMIN).send(body);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ success: false, message });
  });

  it('refuses a template that does not compile, naming the field', async () => {
    const { request } = await build();
    const response = await request.put('/api/email-templates/rsvpConfirmation').set(ADMIN).send({ subjectTemplate: 'S', htmlTemplate: '{{#if rsvp.name}}' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Template does not compile: /);
    expect(response.body.errors).toHaveProperty('htmlTemplate');
  });
});

describe('POST /rsvps/:id/resend-ticket', () => {
  it('queues the ticket and delivers it at once', async () => {
    const { request, mail, outbox } = await build();
    const { rsvpId } = await seedRsvp(env.store);
    expect((await request.post(`/api/rsvps/${rsvpId}/resend-ticket`)).status).toBe(401);
    const response = await request.post(`/api/rsvps/${rsvpId}/resend-ticket`).set(ADMIN);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Ticket e-mail queued' });
    await mail.whenIdle();
    const messages = await outbox.list({ to: 'alex@example.org' });
    expect(messages).toHaveLength(1);
    expect(messages[0].subject).toBe('Your ticket for Night Sky Walk');
  });

  it('answers 404 for an unknown RSVP', async () => {
    const { request } = await build();
    const response = await request.post('/api/rsvps/nope/resend-ticket').set(ADMIN);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, code: 'RSVP_NOT_FOUND', message: 'RSVP not found' });
  });
});

describe('POST /contact', () => {
  it('queues both messages through the public write limit and answers the thank-you', async () => {
    const { request, mail, outbox, limited } = await build();
    const response = await request.post('/api/contact').send({ name: 'Sam', email: 'sam@example.org', message: 'Hello!' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Thank you! Your message has been sent.' });
    expect(limited()).toBe(1);
    await mail.whenIdle();
    expect((await outbox.list()).map((entry) => entry.to).sort()).toEqual(['hello@zion.example.org', 'sam@example.org']);
  });

  it('words each missing field', async () => {
    const { request } = await build();
    const response = await request.post('/api/contact').send({ email: 'bad' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      code: 'INVALID_INPUT',
      message: 'Name is required',
      errors: { name: 'Name is required', email: 'A valid email is required', message: 'Message is required' },
    });
    expect(await env.store.query(MAIL_JOBS)).toHaveLength(0);
  });

  it('refuses when the theme has no contact e-mail', async () => {
    const { request } = await build({ contactEmail: '' });
    const response = await request.post('/api/contact').send({ name: 'Sam', email: 'sam@example.org', message: 'Hello!' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, code: 'CONTACT_UNAVAILABLE', message: 'Messages cannot be sent right now. Please call us instead.' });
  });
});

describe('local mailbox', () => {
  async function withTicket() {
    const built = await build();
    const { rsvpId } = await seedRsvp(env.store, { rsvp: { name: '<script>alert(1)</script>' } });
    await built.request.post(`/api/rsvps/${rsvpId}/resend-ticket`).set(ADMIN);
    await built.mail.whenIdle();
    const [entry] = await built.outbox.list();
    return { ...built, entry, rsvpId };
  }

  it('lists messages as a page marked as the local development mailbox', async () => {
    const { request, entry } = await withTicket();
    const response = await request.get('/api/mailbox');
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/html');
    expect(response.text).toContain('Local development mailbox');
    expect(response.text).toContain(`href="/api/mailbox/${entry.id}"`);
    expect(response.text).toContain('Your ticket for Night Sky Walk');
    expect(response.text).toContain('alex@example.org');
    expect(response.text).toContain('Nov 21, 2026 5:00:00 AM MST');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers JSON with ?format=json, filtered by ?to=', async () => {
    const { request, entry } = await withTicket();
    const all = await request.get('/api/mailbox?format=json');
    expect(all.body).toEqual({ success: true, messages: [{ id: entry.id, to: 'alex@example.org', subject: 'Your ticket for Night Sky Walk', sentAt: '2026-11-21T12:00:00.000Z' }] });
    expect((await request.get('/api/mailbox?format=json&to=someone@example.org')).body.messages).toEqual([]);
  });

  it('shows a message with its QR code inline and a policy that forbids scripts', async () => {
    const { request, entry, rsvpId } = await withTicket();
    const response = await request.get(`/api/mailbox/${entry.id}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toBe(MAILBOX_MESSAGE_CSP);
    expect(MAILBOX_MESSAGE_CSP).toBe("default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'");
    expect(response.text).toMatch(/<img src="data:image\/png;base64,iVBORw0KGgo[^"]+" alt="Ticket QR code"/);
    expect(response.text).not.toContain('cid:ticket-qr');
    expect(response.text).not.toContain('<script>');
    expect(response.text).toContain('&lt;script&gt;');
    expect(response.text).toContain('Local development mailbox');
    expect(response.text).toContain(rsvpId);

    const json = await request.get(`/api/mailbox/${entry.id}?format=json`);
    expect(json.body.message).toMatchObject({ id: entry.id, to: 'alex@example.org', from: FROM, subject: 'Your ticket for Night Sky Walk' });
    expect(json.body.message.text).toContain(`${SITE_URL}/checkin/${rsvpId}`);
    expect(json.body.message.attachments).toEqual([
      { filename: 'ticket-qr.png', contentType: 'image/png', contentId: 'ticket-qr', size: expect.any(Number) },
      { filename: 'night-sky-walk.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', contentId: null, size: expect.any(Number) },
    ]);
  });

  it('lists the .ics in the banner and downloads it; the inline QR code is not listed (issue 25 item 2)', async () => {
    const { request, entry, rsvpId } = await withTicket();
    const page = await request.get(`/api/mailbox/${entry.id}`);
    const href = `/api/mailbox/${entry.id}/attachments/1`;
    expect(page.text).toContain(`Attachments: <a href="${href}" download="night-sky-walk.ics"`);
    expect(page.text).not.toContain(`/api/mailbox/${entry.id}/attachments/0`);
    const file = await request.get(href).buffer(true).parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(file.headers['content-disposition']).toBe('attachment; filename="night-sky-walk.ics"');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.body).toContain(`\r\nUID:${rsvpId}@`);
    for (const missing of [`/api/mailbox/${entry.id}/attachments/2`, `/api/mailbox/${entry.id}/attachments/x`, '/api/mailbox/nope/attachments/0']) {
      const response = await request.get(missing);
      expect(response.status, missing).toBe(404);
      expect(response.body, missing).toEqual({ success: false, code: 'NOT_FOUND', message: 'Attachment not found' });
    }
  });

  it('answers 404 for an unknown message', async () => {
    const { request } = await build();
    const response = await request.get('/api/mailbox/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Message not found' });
  });

  it('does not exist without a local outbox', async () => {
    const { request } = await build({ withOutbox: false });
    expect((await request.get('/api/mailbox')).status).toBe(404);
  });
});
