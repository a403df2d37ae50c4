import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { ticketQrAttachment } from '../../src/mail/qr.js';
import { ticketQrPng } from '../../src/qr/codes.js';
import { DEFAULT_TEMPLATES } from '../../src/mail/template-store.js';
import { renderContactMessage, renderContactReceipt } from '../../src/mail/templates/contact.js';
import { NO_RECEIPT,
  SAMPLE_CONTEXT,
  buildTemplateContext,
  compileTemplate,
  formatEventDate,
  htmlToText,
  renderEmail,
  validateTemplate,
} from '../../src/mail/templates/render.js';
import { RuleError } from '../../src/rule-error.js';
import { TEMPLATE_PLACEHOLDERS } from '../../src/shared/email-templates-model.js';
import { contactMessageSchema, emailTemplateSchema } from '../../src/shared/mail.js';
import { SITE_URL, TIME_ZONE, decodePng, eventRecord, rsvpRecord } from './helpers.js';

const event = { ...eventRecord(), id: 'evt1' };
const rsvp = { ...rsvpRecord('evt1'), id: 'Tk7Qm2Xb9LpV4sWcQ1a2Zw' };

describe('template context', () => {
  it('fills every placeholder from the event and RSVP, in the organisation time zone', () => {
    const context = buildTemplateContext({ event, rsvp, siteUrl: `${SITE_URL}/`, timeZone: TIME_ZONE });
    expect(context).toEqual({
      event: {
        title: 'Night Sky Walk',
        formattedDate: 'Saturday, December 5, 2026',
        formattedTime: '7:30 PM MST',
        location: 'Canyon Junction Bridge',
        mapUrl: 'https://www.google.com/maps/search/?api=1&query=Canyon%20Junction%20Bridge',
      },
      rsvp: { name: 'Alex Rivera', email: 'alex@example.org' },
      ticket: { id: 'Tk7Qm2Xb9LpV4sWcQ1a2Zw' },
      urls: { event: `${SITE_URL}/night-sky-walk`, checkIn: `${SITE_URL}/checkin/Tk7Qm2Xb9LpV4sWcQ1a2Zw`, manage: '' },
      // Issue 26 item 2: nothing paid, no receipt.
      receipt: NO_RECEIPT,
    });
  });

  it('links to the event id when the event has no custom URL', () => {
    const context = buildTemplateContext({ event: { ...event, customUrl: '' }, rsvp, siteUrl: SITE_URL, timeZone: TIME_ZONE });
    expect(context.urls.event).toBe(`${SITE_URL}/evt1`);
  });

  it('formats an instant that is already the next day in UTC as the previous day in Denver', () => {
    expect(formatEventDate('2026-12-06T02:30:00.000Z', 'America/Denver')).toEqual({
      formattedDate: 'Saturday, December 5, 2026',
      formattedTime: '7:30 PM MST',
    });
    // Summer time has its own abbreviation.
    expect(formatEventDate('2026-07-05T01:00:00Z', 'America/Denver')).toEqual({ formattedDate: 'Saturday, July 4, 2026', formattedTime: '7:00 PM MDT' });
    expect(formatEventDate('not a date', 'America/Denver').formattedDate).toBe('Date to be announced');
  });
});

describe('renderEmail', () => {
  it('renders every placeholder', () => {
    const template = {
      subjectTemplate: '{{event.title}} / {{rsvp.name}}',
      htmlTemplate: TEMPLATE_PLACEHOLDERS.ticket.map((name) => `<p>${name}=[{{${name}}}]</p>`).join(''),
    };
    const { subject, html, text } = renderEmail(template, SAMPLE_CONTEXT);
    expect(subject).toBe('Night Sky Walk at Canyon Junction / Alex Rivera');
    expect(html).toContain('<p>event.title=[Night Sky Walk at Canyon Junction]</p>');
    expect(html).toContain('<p>event.formattedDate=[Saturday, December 5, 2026]</p>');
    expect(html).toContain('<p>event.formattedTime=[7:30 PM MST]</p>');
    expect(html).toContain('<p>event.location=[Zion Canyon Visitor Center, Springdale, UT]</p>');
    expect(html).toContain('<p>rsvp.name=[Alex Rivera]</p>');
    expect(html).toContain('<p>rsvp.email=[alex@example.org]</p>');
    expect(html).toContain('<p>ticket.id=[Q2x7mZkT4b9VhR1sNw3YpA]</p>');
    // Handlebars escapes '=' in values; a browser reads &#x3D; back as '='.
    expect(html).toContain('<p>urls.event=[https://example.org/night-sky-walk]</p>');
    expect(html).toContain('<p>urls.checkIn=[https://example.org/checkin/Q2x7mZkT4b9VhR1sNw3YpA]</p>');
    expect(text).toContain('rsvp.name=[Alex Rivera]');
  });

  it('HTML-escapes values in the HTML and keeps the subject plain text', () => {
    const context = { ...SAMPLE_CONTEXT, rsvp: { name: '<script>alert(1)</script>', email: 'a"b@example.org' }, event: { ...SAMPLE_CONTEXT.event, title: 'Rock & Roll' } };
    const { subject, html, text } = renderEmail(DEFAULT_TEMPLATES.ticket, context);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('a&quot;b@example.org');
    expect(html).toContain('Rock &amp; Roll');
    expect(subject).toBe('Your ticket for Rock & Roll');
    expect(text).toContain('Hi <script>alert(1)</script>,');
  });

  it('the default ticket shows the inline QR image, ticket id, details and both links', () => {
    const context = buildTemplateContext({ event, rsvp, siteUrl: SITE_URL, timeZone: TIME_ZONE });
    const { subject, html, text } = renderEmail(DEFAULT_TEMPLATES.ticket, context);
    expect(subject).toBe('Your ticket for Night Sky Walk');
    expect(html).toContain('<img src="cid:ticket-qr" alt="Ticket QR code" width="220" height="220"');
    expect(html).toContain('Tk7Qm2Xb9LpV4sWcQ1a2Zw');
    expect(html).toContain(`href="${SITE_URL}/checkin/Tk7Qm2Xb9LpV4sWcQ1a2Zw"`);
    expect(html).toContain('>View your ticket</a>');
    expect(html).toContain(`href="${SITE_URL}/night-sky-walk"`);
    for (const value of ['Saturday, December 5, 2026', '7:30 PM MST', 'Canyon Junction Bridge', 'Hi Alex Rivera,']) expect(html).toContain(value);
    expect(text).toContain(`View your ticket (${SITE_URL}/checkin/Tk7Qm2Xb9LpV4sWcQ1a2Zw)`);
    expect(text).toContain('Saturday, December 5, 2026');
    expect(text).not.toContain('<');
  });

  it('the default confirmation has no QR code and links to the event', () => {
    const context = buildTemplateContext({ event, rsvp, siteUrl: SITE_URL, timeZone: TIME_ZONE });
    const { subject, html } = renderEmail(DEFAULT_TEMPLATES.rsvpConfirmation, context);
    expect(subject).toBe("You're registered: Night Sky Walk");
    expect(html).not.toContain('cid:');
    expect(html).toContain(`href="${SITE_URL}/night-sky-walk"`);
    expect(html).toContain('Saturday, December 5, 2026');
  });

  it('the defaults pass their own schema and validation', () => {
    for (const template of Object.values(DEFAULT_TEMPLATES)) {
      expect(emailTemplateSchema.safeParse(template).success).toBe(true);
      expect(() => validateTemplate(template)).not.toThrow();
    }
  });
});

describe('template validation', () => {
  it.each([
    ['an unclosed block', '{{#if event.title}}<p>open</p>'],
    ['an unterminated mustache', '<p>{{event.title</p>'],
    ['a mismatched close', '{{#each items}}x{{/if}}'],
  ])('refuses %s', (_label, source) => {
    let error: unknown;
    try {
      compileTemplate(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleError);
    expect((error as RuleError).kind).toBe('invalid');
    expect((error as RuleError).message).toMatch(/^Template does not compile: /);
  });

  it('refuses an unknown helper (found by rendering sample data) and a partial (not offered)', () => {
    expect(() => validateTemplate({ subjectTemplate: 'Hi', htmlTemplate: '{{shout rsvp.name}}' })).toThrow(/^Template does not compile: .*shout/);
    expect(() => validateTemplate({ subjectTemplate: 'Hi', htmlTemplate: '{{> header}}' })).toThrow(/^A partial \({{> header}}\) cannot be used/);
    expect(() => validateTemplate({ subjectTemplate: '{{#if}}', htmlTemplate: '<p>x</p>' })).toThrow(/^Template does not compile: /);
  });

  it('accepts unknown placeholders (rendered empty, strict mode off) and ordinary blocks', () => {
    expect(() => validateTemplate({ subjectTemplate: 'Hi {{rsvp.nickname}}', htmlTemplate: '{{#if ticket.id}}<b>{{ticket.id}}</b>{{/if}}' })).not.toThrow();
    expect(renderEmail({ subjectTemplate: 'Hi {{rsvp.nickname}}!', htmlTemplate: '<p>x</p>' }, SAMPLE_CONTEXT).subject).toBe('Hi !');
  });
});

describe('htmlToText', () => {
  it('keeps text and link targets, drops head, hidden preheader and tags, decodes entities', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><div style="display:none">pre</div><h1>Hello &amp; welcome</h1><p>Line one<br>Line two</p><p><a href="https://x.example/a?b=1&amp;c=2">Open</a> &#x3D; <a href="mailto:me@example.org">me@example.org</a></p></body></html>';
    expect(htmlToText(html)).toBe('Hello & welcome\n\nLine one\nLine two\n\nOpen (https://x.example/a?b=1&c=2) = me@example.org');
  });
});

describe('contact e-mails', () => {
  const input = { siteName: 'Zion Friends', name: 'Sam <b>', email: 'sam@example.org', message: 'Line 1\n<i>Line 2</i>' };

  it('the message to the organisation escapes the visitor text and keeps line breaks', () => {
    const { subject, html, text } = renderContactMessage(input);
    expect(subject).toBe('Website message from Sam <b>');
    expect(html).toContain('Line 1<br>&lt;i&gt;Line 2&lt;/i&gt;');
    expect(html).toContain('Sam &lt;b&gt;');
    expect(html).not.toContain('<i>');
    expect(text).toContain('Line 1\n<i>Line 2</i>');
  });

  it('the receipt repeats nothing the visitor typed', () => {
    const { subject, html, text } = renderContactReceipt(input);
    expect(subject).toBe('We received your message - Zion Friends');
    for (const part of [html, text]) {
      expect(part).toContain('Zion Friends');
      expect(part).not.toContain('Sam');
      expect(part).not.toContain('Line 1');
    }
  });

  it('the contact form schema words its errors', () => {
    const result = contactMessageSchema.safeParse({ email: 'nope', message: '  ' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(['name: Name is required', 'email: A valid email is required', 'message: Message is required']);
    expect(contactMessageSchema.parse({ name: ' Sam ', email: 'sam@example.org', message: 'Hi', extra: 1 })).toEqual({ name: 'Sam', email: 'sam@example.org', message: 'Hi' });
  });
});

describe('ticket QR code', () => {
  const url = `${SITE_URL}/checkin/Tk7Qm2Xb9LpV4sWcQ1a2Zw`;

  it('is a 440 x 440 PNG whose modules are the QR code of the check-in URL', async () => {
    const png = await ticketQrPng(url);
    const image = decodePng(png);
    expect([image.width, image.height]).toEqual([440, 440]);

    const expected = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    const margin = 2;
    const scale = 440 / (expected.size + margin * 2);
    // The quiet zone is light; every module's centre has the expected colour.
    expect(image.isDark(2, 2)).toBe(false);
    let mismatches = 0;
    for (let row = 0; row < expected.size; row++) {
      for (let col = 0; col < expected.size; col++) {
        const x = Math.floor((margin + col + 0.5) * scale);
        const y = Math.floor((margin + row + 0.5) * scale);
        if (image.isDark(x, y) !== Boolean(expected.get(row, col))) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
  });

  it('is attached inline as cid:ticket-qr', async () => {
    const attachment = await ticketQrAttachment(url);
    expect(attachment).toMatchObject({ filename: 'ticket-qr.png', contentType: 'image/png', contentId: 'ticket-qr' });
    expect(attachment.content.subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});
