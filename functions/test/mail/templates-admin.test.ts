import type { preHandlerAsyncHookHandler } from 'fastify';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthGuards } from '../../src/auth/middleware.js';
import { httpHandler } from '../../src/http/server.js';
import { mailRoutes } from '../../src/mail/routes.js';
import { createMailService } from '../../src/mail/service.js';
import { DEFAULT_TEMPLATES, EMAIL_TEMPLATES } from '../../src/mail/template-store.js';
import { SAMPLE_CONTEXT } from '../../src/mail/templates/render.js';
import { createThemeService } from '../../src/theme/service.js';
import { createTestApi, type TestApi } from '../support/api.js';
import { AMPLIFYING_TEMPLATE, FROM, SITE_URL, TIME_ZONE, fixedClock, recordingMailer, tempStore } from './helpers.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
// Each test starts from the default templates.
beforeEach(async () => {
  for (const name of ['ticket', 'rsvpConfirmation', 'adminInvitation']) await api.deps.store.delete(EMAIL_TEMPLATES, name);
});

const admin = () => api.bearer('admin');
const draft = { subjectTemplate: 'Ticket for {{rsvp.name}}', htmlTemplate: '<h1>{{event.title}}</h1>\n<p>{{rsvp.name}} &middot; {{ticket.id}}</p>\n<img src="cid:ticket-qr">' };
const stored = async (name: string) => (await api.deps.store.get(EMAIL_TEMPLATES, name))?.data ?? null;

async function mailboxFor(email: string) {
  const list = (await api.request.get(`/api/mailbox?format=json&to=${encodeURIComponent(email)}`)).body.messages as { id: string }[];
  return Promise.all(list.map(async (entry) => (await api.request.get(`/api/mailbox/${entry.id}?format=json`)).body.message));
}

describe('who may use the template routes', () => {
  const routes = [
    ['get', '/email-templates'],
    ['put', '/email-templates/ticket'],
    ['delete', '/email-templates/ticket'],
    ['post', '/email-templates/ticket/preview'],
    ['post', '/email-templates/ticket/test'],
  ] as const;

  it.each(routes)('%s %s: 401 without a token, 403 for staff and for an account without a role; nothing stored or sent', async (method, path) => {
    expect((await api.request[method](`/api${path}`).send(draft)).status).toBe(401);
    expect((await api.request[method](`/api${path}`).set(api.bearer('staff')).send(draft)).status).toBe(403);
    expect((await api.request[method](`/api${path}`).set(api.bearer('outsider')).send(draft)).status).toBe(403);
    expect(await stored('ticket')).toBeNull();
    expect(await mailboxFor(api.users.staff.email)).toEqual([]);
  });

  it.each([
    ['put', '/email-templates/auditDigest'],
    ['delete', '/email-templates/auditDigest'],
    ['post', '/email-templates/auditDigest/preview'],
    ['post', '/email-templates/auditDigest/test'],
  ] as const)('%s %s: an unknown template is 404', async (method, path) => {
    const response = await api.request[method](`/api${path}`).set(admin()).send(draft);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'UNKNOWN_TEMPLATE', message: 'Unknown e-mail template' });
    expect(await stored('auditDigest')).toBeNull();
  });
});

describe('POST /email-templates/{name}/preview', () => {
  it('renders the unsaved draft with sample data, the QR code inlined; nothing is stored', async () => {
    const response = await api.request.post('/api/email-templates/ticket/preview').set(admin()).send(draft);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.subject).toBe('Ticket for Alex Rivera');
    expect(response.body.html).toContain(`<h1>${SAMPLE_CONTEXT.event.title}</h1>\n<p>Alex Rivera &middot; ${SAMPLE_CONTEXT.ticket.id}</p>`);
    expect(response.body.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/]+=*">/);
    expect(await stored('ticket')).toBeNull();
  });

  it('renders the invitation with sample invitation data', async () => {
    const response = await api.request.post('/api/email-templates/adminInvitation/preview').set(admin()).send(DEFAULT_TEMPLATES.adminInvitation);
    expect(response.status).toBe(200);
    expect(response.body.subject).toBe("You're invited to join the Zion Conservation Events team");
    expect(response.body.html).toContain('ranger.jo@example.org');
    expect(response.body.html).toContain('Accept the invitation');
    expect(response.body.html).not.toContain('{{');
  });

  it("renders the volunteer confirmation with its pass: the sample's QR code inlined and its code (issue 29 item 5)", async () => {
    const response = await api.request.post('/api/email-templates/volunteerConfirmation/preview').set(admin()).send(DEFAULT_TEMPLATES.volunteerConfirmation);
    expect(response.status).toBe(200);
    expect(response.body.html).not.toContain('cid:volunteer-qr');
    expect(response.body.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/]+=*" alt="Volunteer pass QR code"/);
    expect(response.body.html).toContain('Q2x7mZkT4b9VhR1sNw3YpA');
    expect(response.body.html).not.toContain('{{');
  });

  it('refuses a template that does not compile with its line, keyed by the field', async () => {
    const response = await api.request
      .post('/api/email-templates/rsvpConfirmation/preview')
      .set(admin())
      .send({ subjectTemplate: 'Hi', htmlTemplate: '<p>\n{{#if rsvp.name}}\nHello' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'TEMPLATE_DOES_NOT_COMPILE',
      message: 'Template does not compile: line 3: the template ends inside a tag or an unclosed {{#block}}',
    });
    expect(response.body.errors).toEqual({ htmlTemplate: response.body.message });
  });

  it('refuses triple braces on attendee fields', async () => {
    const response = await api.request.post('/api/email-templates/ticket/preview').set(admin()).send({ ...draft, htmlTemplate: '<p>{{{rsvp.name}}}</p>' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'TEMPLATE_UNESCAPED_FIELD', message: expect.stringContaining('Use double braces for attendee details (line 1)') });
  });

  it('refuses a template over the render budget and a partial (issue 23 item 6): 400 with the reason, keyed by the field', async () => {
    const started = performance.now();
    const large = await api.request.post('/api/email-templates/ticket/preview').set(admin()).send(AMPLIFYING_TEMPLATE);
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({ success: false, code: 'TEMPLATE_TOO_LARGE', message: expect.stringMatching(/^The template renders too much \(HTML\): an e-mail may have at most 256 KB/) });
    expect(large.body.errors).toEqual({ htmlTemplate: large.body.message });
    expect(performance.now() - started).toBeLessThan(5000);
    const partial = await api.request.post('/api/email-templates/ticket/preview').set(admin()).send({ ...draft, htmlTemplate: '<p>\n{{#> layout}}{{{rsvp.name}}}{{/layout}}' });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({
      code: 'TEMPLATE_NOT_ALLOWED',
      message: 'A partial block ({{#> layout}}) cannot be used in e-mail templates (line 2). Use {{value}}, {{#if}}, {{#unless}}, {{#each}}, {{#with}} and {{lookup}}.',
      errors: { htmlTemplate: partial.body.message },
    });
  });

  it('refuses a partial or empty body with the field message', async () => {
    const partial = await api.request.post('/api/email-templates/ticket/preview').set(admin()).send({ subjectTemplate: 'Hi' });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ code: 'INVALID_INPUT', message: 'HTML is required' });
    expect((await api.request.post('/api/email-templates/ticket/preview').set(admin()).send([])).status).toBe(400);
  });
});

describe('PUT /email-templates/{name}', () => {
  it('saves the invitation template like the others', async () => {
    const response = await api.request.put('/api/email-templates/adminInvitation').set(admin()).send({ subjectTemplate: 'Join {{site.name}}', htmlTemplate: '<a href="{{invite.url}}">Join</a>' });
    expect(response.status).toBe(200);
    expect(response.body.templates).toEqual({ ...DEFAULT_TEMPLATES, adminInvitation: { subjectTemplate: 'Join {{site.name}}', htmlTemplate: '<a href="{{invite.url}}">Join</a>' } });
  });

  it('refuses an invitation without its link (save and preview): nobody could accept it', async () => {
    for (const route of ['/api/email-templates/adminInvitation', '/api/email-templates/adminInvitation/preview']) {
      const send = route.endsWith('preview') ? api.request.post(route) : api.request.put(route);
      const response = await send.set(admin()).send({ subjectTemplate: 'Join {{site.name}}', htmlTemplate: '<p>Ask {{invite.invitedBy}} for the link</p>' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'TEMPLATE_MISSING_LINK',
        message: 'The invitation must contain {{invite.url}}: without the link nobody can accept it.',
        errors: { htmlTemplate: 'The invitation must contain {{invite.url}}: without the link nobody can accept it.' },
      });
    }
    expect(await stored('adminInvitation')).toBeNull();
    // Any use of the link will do, e.g. in plain text.
    expect((await api.request.put('/api/email-templates/adminInvitation').set(admin()).send({ subjectTemplate: 'Join', htmlTemplate: '<p>Open {{ invite.url }}</p>' })).status).toBe(200);
  });

  it('refuses triple braces and a compile error; the stored template stays as it was', async () => {
    await api.request.put('/api/email-templates/ticket').set(admin()).send(draft).expect(200);
    const before = await stored('ticket');
    for (const htmlTemplate of ['<p>{{{rsvp.name}}}</p>', '<p>{{& rsvp.email}}</p>', '{{#with rsvp}}{{{name}}}{{/with}}', 'a\n{{#each x}}', AMPLIFYING_TEMPLATE.htmlTemplate, '{{#rsvp}}{{{name}}}{{/rsvp}}', '{{#*inline "x"}}{{/inline}}']) {
      const response = await api.request.put('/api/email-templates/ticket').set(admin()).send({ subjectTemplate: 'Changed', htmlTemplate });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ htmlTemplate: response.body.message });
    }
    expect(await stored('ticket')).toEqual(before);
  });

  it('refuses a partial body; the stored template (and its time) unchanged', async () => {
    await api.request.put('/api/email-templates/ticket').set(admin()).send(draft).expect(200);
    const before = await stored('ticket');
    for (const body of [{ subjectTemplate: 'Only the subject' }, { htmlTemplate: '<p>Only HTML</p>' }, { subjectTemplate: 'x'.repeat(301), htmlTemplate: '<p></p>' }]) {
      const response = await api.request.put('/api/email-templates/ticket').set(admin()).send(body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    }
    expect(await stored('ticket')).toEqual(before);
    expect((await api.request.get('/api/email-templates').set(admin())).body.templates.rsvpConfirmation).toEqual(DEFAULT_TEMPLATES.rsvpConfirmation);
  });
});

describe('DELETE /email-templates/{name}', () => {
  it('removes the stored override: the default is back; the other templates untouched', async () => {
    await api.request.put('/api/email-templates/ticket').set(admin()).send(draft).expect(200);
    const confirmation = { subjectTemplate: 'See you', htmlTemplate: '<p>{{rsvp.name}}</p>' };
    await api.request.put('/api/email-templates/rsvpConfirmation').set(admin()).send(confirmation).expect(200);
    const response = await api.request.delete('/api/email-templates/ticket').set(admin());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Template reset to default', templates: { ...DEFAULT_TEMPLATES, rsvpConfirmation: confirmation } });
    expect(await stored('ticket')).toBeNull();
    // Resetting a template that is already the default answers the same.
    expect((await api.request.delete('/api/email-templates/ticket').set(admin())).status).toBe(200);
  });
});

describe('POST /email-templates/{name}/test', () => {
  it('sends the draft with sample data to the signed-in admin only, with the QR code attached; nothing stored', async () => {
    const response = await api.request.post('/api/email-templates/ticket/test').set(admin()).send(draft);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: `Test e-mail sent to ${api.users.admin.email}` });
    const [message, ...more] = await mailboxFor(api.users.admin.email);
    expect(more).toEqual([]);
    expect(message.subject).toBe('[Test] Ticket for Alex Rivera');
    expect(message.html).toContain('<img src="cid:ticket-qr">');
    expect(message.attachments).toEqual([expect.objectContaining({ contentId: 'ticket-qr', contentType: 'image/png' })]);
    expect(await mailboxFor(SAMPLE_CONTEXT.rsvp.email)).toEqual([]);
    expect(await stored('ticket')).toBeNull();
  });

  it('without a draft sends the saved template', async () => {
    await api.request.put('/api/email-templates/rsvpConfirmation').set(admin()).send({ subjectTemplate: 'Saved: {{event.title}}', htmlTemplate: '<p>saved</p>' }).expect(200);
    const response = await api.request.post('/api/email-templates/rsvpConfirmation/test').set(admin()).send({});
    expect(response.status).toBe(200);
    const subjects = (await mailboxFor(api.users.admin.email)).map((message) => message.subject);
    expect(subjects).toContain(`[Test] Saved: ${SAMPLE_CONTEXT.event.title}`);
  });

  it('refuses a partial draft, a draft that does not compile and triple braces; nothing sent', async () => {
    const before = (await mailboxFor(api.users.admin.email)).length;
    expect((await api.request.post('/api/email-templates/ticket/test').set(admin()).send({ subjectTemplate: 'Hi' })).body).toMatchObject({ message: 'HTML is required' });
    expect((await api.request.post('/api/email-templates/ticket/test').set(admin()).send({ ...draft, htmlTemplate: '{{/if}}' })).status).toBe(400);
    expect((await api.request.post('/api/email-templates/ticket/test').set(admin()).send({ ...draft, htmlTemplate: '{{{rsvp.name}}}' })).body.code).toBe('TEMPLATE_UNESCAPED_FIELD');
    expect((await api.request.post('/api/email-templates/ticket/test').set(admin()).send(AMPLIFYING_TEMPLATE)).body.code).toBe('TEMPLATE_TOO_LARGE');
    expect(await mailboxFor(api.users.admin.email)).toHaveLength(before);
  });
});

describe('a test e-mail the mailer refuses', () => {
  it('answers 502 with a clear message, logs the cause and sends nothing', async () => {
    const env = tempStore();
    try {
      const logger = { error: vi.fn() };
      const mailer = recordingMailer({ fail: () => new Error('SendGrid: 401 Unauthorized') });
      const mail = createMailService({ store: env.store, mailer, clock: fixedClock(), timeZone: TIME_ZONE, siteUrl: SITE_URL, from: FROM, theme: createThemeService(env.store), logger });
      // An admin as the real guard leaves them on the request.
      const guards: AuthGuards = {
        requireRole: (): preHandlerAsyncHookHandler => async (request) => {
          request.viewer = { uid: 'u1', email: 'jo@example.org', role: 'admin' };
        },
        optionalStaff: async () => undefined,
      };
      const app = await httpHandler((routes) => mailRoutes(routes, mail, guards, { publicWriteLimit: async () => undefined, themeContactEmail: async () => '' }));
      const response = await supertest(app).post('/api/email-templates/adminInvitation/test').send({});
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ success: false, code: 'MAIL_SEND_FAILED', message: 'The test e-mail could not be sent. Please try again.' });
      expect(logger.error).toHaveBeenCalledWith('The test e-mail to jo@example.org could not be sent', expect.any(Error));
      expect(mailer.sent).toEqual([]);
    } finally {
      await env.close();
    }
  });
});
