import Handlebars from 'handlebars';
import { DateTime } from 'luxon';
import type { EventRecord } from '../shared/events-model.js';
import type { RsvpRecord } from '../shared/rsvps-model.js';
import { templateDoesNotCompile, type EmailTemplate, type EmailTemplates } from '../shared/mail-model.js';
import { RuleError } from '../rule-error.js';

/**
 * E-mail rendering (DESIGN §2: template rendering is a plain, unit-tested rule).
 * Admin templates are Handlebars: `{{ }}` HTML-escapes every value, so an
 * attendee's name can never add markup to a message. Admin templates run in
 * an isolated Handlebars instance without custom helpers or partials.
 */
const adminTemplates = Handlebars.create();

/** The values a template sees (SPEC §3 placeholders). */
export interface TemplateContext {
  event: { title: string; formattedDate: string; formattedTime: string; location: string };
  rsvp: { name: string; email: string };
  ticket: { id: string };
  urls: { event: string; checkIn: string };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The inline image a ticket e-mail shows as its QR code: `<img src="cid:ticket-qr">`. */
export const TICKET_QR_CONTENT_ID = 'ticket-qr';

/** The event's date and time in the organisation's zone, e.g. 'Saturday, December 5, 2026' and '7:30 PM MST'. */
export function formatEventDate(isoDate: string, timeZone: string): { formattedDate: string; formattedTime: string } {
  const date = DateTime.fromISO(isoDate, { zone: 'utc' }).setZone(timeZone).setLocale('en-US');
  if (!date.isValid) return { formattedDate: 'Date to be announced', formattedTime: '' };
  return { formattedDate: date.toFormat('cccc, LLLL d, yyyy'), formattedTime: date.toFormat('h:mm a ZZZZ') };
}

export function eventUrl(siteUrl: string, event: Pick<EventRecord, 'id' | 'customUrl'>): string {
  return `${trimSlash(siteUrl)}/${encodeURIComponent(event.customUrl || event.id)}`;
}

export function checkInUrl(siteUrl: string, rsvpId: string): string {
  return `${trimSlash(siteUrl)}/checkin/${encodeURIComponent(rsvpId)}`;
}

function trimSlash(url: string) {
  return url.replace(/\/+$/, '');
}

export function buildTemplateContext(input: {
  event: Pick<EventRecord, 'id' | 'title' | 'date' | 'location' | 'customUrl'>;
  rsvp: Pick<RsvpRecord, 'id' | 'name' | 'email'>;
  siteUrl: string;
  timeZone: string;
}): TemplateContext {
  const { event, rsvp, siteUrl, timeZone } = input;
  return {
    event: { title: event.title, ...formatEventDate(event.date, timeZone), location: event.location },
    rsvp: { name: rsvp.name, email: rsvp.email },
    ticket: { id: rsvp.id },
    urls: { event: eventUrl(siteUrl, event), checkIn: checkInUrl(siteUrl, rsvp.id) },
  };
}

/** Realistic values a template is rendered against before it is saved. */
export const SAMPLE_CONTEXT: TemplateContext = {
  event: {
    title: 'Night Sky Walk at Canyon Junction',
    formattedDate: 'Saturday, December 5, 2026',
    formattedTime: '7:30 PM MST',
    location: 'Zion Canyon Visitor Center, Springdale, UT',
  },
  rsvp: { name: 'Alex Rivera', email: 'alex@example.org' },
  ticket: { id: 'Q2x7mZkT4b9VhR1sNw3YpA' },
  urls: { event: 'https://example.org/night-sky-walk', checkIn: 'https://example.org/checkin/Q2x7mZkT4b9VhR1sNw3YpA' },
};

type Render = (context: TemplateContext) => string;

function compileReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}

/**
 * Compiles one admin template. HTML templates escape values; subjects (plain
 * text) do not. Syntax errors are found here, not at the first send.
 */
export function compileTemplate(source: string, mode: 'html' | 'text' = 'html'): Render {
  const options = { strict: false, noEscape: mode === 'text' };
  try {
    // compile() is lazy: precompile() parses now and throws on a syntax error.
    adminTemplates.precompile(source, options);
  } catch (error) {
    throw new RuleError('TEMPLATE_DOES_NOT_COMPILE', templateDoesNotCompile(compileReason(error)), 'invalid', mode === 'text' ? 'subjectTemplate' : 'htmlTemplate');
  }
  const template = adminTemplates.compile<TemplateContext>(source, options);
  return (context) => template(context);
}

/**
 * Refuses a template that does not compile or fails on realistic data (an
 * unknown helper or partial only shows when rendering).
 */
export function validateTemplate(template: EmailTemplate): void {
  for (const [field, source, mode] of [
    ['subjectTemplate', template.subjectTemplate, 'text'],
    ['htmlTemplate', template.htmlTemplate, 'html'],
  ] as const) {
    const render = compileTemplate(source, mode);
    try {
      render(SAMPLE_CONTEXT);
    } catch (error) {
      throw new RuleError('TEMPLATE_DOES_NOT_COMPILE', templateDoesNotCompile(compileReason(error)), 'invalid', field);
    }
  }
}

/** Renders subject, HTML and a plain-text alternative. */
export function renderEmail(template: EmailTemplate, context: TemplateContext): RenderedEmail {
  const subject = oneLine(compileTemplate(template.subjectTemplate, 'text')(context));
  const html = compileTemplate(template.htmlTemplate, 'html')(context);
  return { subject, html, text: htmlToText(html) };
}

function oneLine(text: string) {
  return text.replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', rsquo: '’', lsquo: '‘', hellip: '…', middot: '·' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A readable plain-text version of an HTML e-mail: block elements become lines, links keep their address. */
export function htmlToText(html: string): string {
  let text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<div\b[^>]*display\s*:\s*none[^>]*>[\s\S]*?<\/div\s*>/gi, '')
    // Source line breaks are just spaces in HTML; lines come from the block elements below.
    .replace(/\s+/g, ' ')
    .replace(/<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi, (_whole, _quoted, dq, sq, inner: string) => {
      const href = decodeEntities(dq ?? sq ?? '').trim();
      const label = oneLine(decodeEntities(inner.replace(/<[^>]+>/g, '')));
      if (!href || href.startsWith('#')) return label;
      const shown = href.replace(/^mailto:/i, '');
      return !label || label === shown ? shown : `${label} (${shown})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|li|table|blockquote)\s*>/gi, '\n')
    .replace(/<(p|h[1-6]|li|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, ' ')
    .replace(/<[^>]+>/g, '');
  text = decodeEntities(text);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// ---------------------------------------------------------------------------
// Default templates: table layout, inline CSS, the site's terracotta and cream.

const FONT = "font-family:'Helvetica Neue',Helvetica,Arial,sans-serif;";
const SERIF = "font-family:Georgia,'Times New Roman',serif;";
// Deep terracotta: white text and links on it pass WCAG AA contrast (5.9:1).
const TERRACOTTA = '#a34a1f';

/**
 * The one e-mail frame: header band (eyebrow and heading), body rows and an
 * optional footer band. Admin-editable defaults and the contact e-mails share it.
 */
function layout(parts: { title: string; preheader: string; eyebrow: string; heading?: string; body: string; footer?: string }): string {
  const footer = parts.footer
    ? `
        <tr>
          <td style="background-color:#2c3e50;padding:20px 32px;${FONT}font-size:12px;line-height:1.6;color:#d6dde4;">
            ${parts.footer}
          </td>
        </tr>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${parts.title}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3ede4;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${parts.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3ede4;">
  <tr>
    <td align="center" style="padding:24px 12px;">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e8e1dc;border-radius:12px;overflow:hidden;">
        <tr>
          <td style="background-color:${TERRACOTTA};background-image:linear-gradient(135deg,#a34a1f 0%,#863a15 100%);padding:30px 32px 26px;">
            <p style="margin:0 0 8px;${FONT}font-size:12px;letter-spacing:2px;text-transform:uppercase;color:#fbe3d3;">${parts.eyebrow}</p>
            <h1 style="margin:0;${SERIF}font-size:28px;line-height:1.25;font-weight:normal;color:#ffffff;">${parts.heading ?? '{{event.title}}'}</h1>
          </td>
        </tr>
${parts.body}${footer}
      </table>
    </td>
  </tr>
</table>
</body>
</html>
`;
}

/** The date, time and location box of both e-mails: a small label above each value. */
const DETAILS = `        <tr>
          <td style="padding:8px 32px;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#faf6ef;border:1px solid #e8e1dc;border-radius:10px;">
${detailRows([
  ['Date', '<strong>{{event.formattedDate}}</strong>'],
  ['Time', '{{event.formattedTime}}'],
  ['Location', '{{event.location}}'],
])}            </table>
          </td>
        </tr>
`;

function detailRows(rows: [label: string, value: string][]) {
  return rows
    .map(([label, value], index) => {
      const labelTop = index === 0 ? 16 : 6;
      const valueBottom = index === rows.length - 1 ? 16 : 10;
      return `              <tr>
                <td style="padding:${labelTop}px 20px 6px;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#7a4a2a;">${label}</td>
              </tr>
              <tr>
                <td style="padding:0 20px ${valueBottom}px;${FONT}font-size:16px;color:#2c2c2c;">${value}</td>
              </tr>
`;
    })
    .join('');
}

function button(href: string, label: string) {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0">
              <tr>
                <td align="center" bgcolor="${TERRACOTTA}" style="border-radius:6px;background-color:${TERRACOTTA};">
                  <a href="${href}" style="display:inline-block;padding:14px 30px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${label}</a>
                </td>
              </tr>
            </table>`;
}

const TICKET_HTML = layout({
  title: 'Your ticket for {{event.title}}',
  preheader: 'Your ticket for {{event.title}} on {{event.formattedDate}}. Show the QR code at the entrance.',
  eyebrow: 'Your ticket',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.name}},</p>
            <p style="margin:0;">You're registered. Show the QR code below at the entrance and our team will check you in.</p>
          </td>
        </tr>
${DETAILS}        <tr>
          <td align="center" style="padding:20px 32px 8px;">
            <table role="presentation" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff;border:2px dashed #d9c2b0;border-radius:12px;">
              <tr>
                <td align="center" style="padding:20px 24px 10px;">
                  <img src="cid:${TICKET_QR_CONTENT_ID}" alt="Ticket QR code" width="220" height="220" style="display:block;width:220px;height:220px;border:0;">
                </td>
              </tr>
              <tr>
                <td align="center" style="padding:0 24px 18px;${FONT}font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#7a4a2a;">
                  Ticket ID<br>
                  <span style="font-family:'Courier New',Courier,monospace;font-size:14px;letter-spacing:0;text-transform:none;color:#2c2c2c;word-break:break-all;">{{ticket.id}}</span>
                </td>
              </tr>
            </table>
          </td>
        </tr>
        <tr>
          <td align="center" style="padding:20px 32px 8px;">
            ${button('{{urls.checkIn}}', 'View your ticket')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0 0 10px;">Event details: <a href="{{urls.event}}" style="color:${TERRACOTTA};">{{urls.event}}</a></p>
            <p style="margin:0;">Keep this e-mail: the QR code is your ticket. Registered as {{rsvp.email}}.</p>
          </td>
        </tr>
`,
  footer: 'Thank you for supporting conservation in the Zion region. You receive this e-mail because you registered for {{event.title}}.',
});

const CONFIRMATION_HTML = layout({
  title: "You're registered: {{event.title}}",
  preheader: "You're registered for {{event.title}} on {{event.formattedDate}}.",
  eyebrow: 'Registration confirmed',
  body: `        <tr>
          <td style="padding:28px 32px 12px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
            <p style="margin:0 0 14px;">Hi {{rsvp.name}},</p>
            <p style="margin:0;">Thank you for registering. Your place is confirmed; we look forward to seeing you.</p>
          </td>
        </tr>
${DETAILS}        <tr>
          <td align="center" style="padding:24px 32px 8px;">
            ${button('{{urls.event}}', 'View event details')}
          </td>
        </tr>
        <tr>
          <td style="padding:16px 32px 28px;${FONT}font-size:14px;line-height:1.6;color:#5a4a3f;">
            <p style="margin:0;">No ticket is needed: give your name at the entrance. Registered as {{rsvp.email}}.</p>
          </td>
        </tr>
`,
  footer: 'Thank you for supporting conservation in the Zion region. You receive this e-mail because you registered for {{event.title}}.',
});

export const DEFAULT_TEMPLATES: EmailTemplates = {
  ticket: { subjectTemplate: 'Your ticket for {{event.title}}', htmlTemplate: TICKET_HTML },
  rsvpConfirmation: { subjectTemplate: "You're registered: {{event.title}}", htmlTemplate: CONFIRMATION_HTML },
};

// ---------------------------------------------------------------------------
// Contact-form e-mails: fixed wording, not admin-editable.

const contactTemplates = Handlebars.create();
contactTemplates.registerHelper('lines', (value: unknown) => {
  const escaped = contactTemplates.escapeExpression(String(value ?? ''));
  return new contactTemplates.SafeString(escaped.replace(/\r\n|\r|\n/g, '<br>'));
});

interface ContactContext {
  siteName: string;
  name: string;
  email: string;
  message: string;
}

function contactLayout(heading: string, body: string) {
  return layout({
    title: heading,
    preheader: heading,
    eyebrow: '{{siteName}}',
    heading,
    body: `        <tr>
          <td style="padding:24px 32px 28px;${FONT}font-size:16px;line-height:1.6;color:#2c2c2c;">
${body}
          </td>
        </tr>`,
  });
}

const MESSAGE_BOX = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#faf6ef;border-left:4px solid ${TERRACOTTA};">
              <tr><td style="padding:14px 18px;${FONT}font-size:15px;line-height:1.6;color:#2c2c2c;">{{lines message}}</td></tr>
            </table>`;

const contactToOrganisation = contactTemplates.compile<ContactContext>(
  contactLayout(
    'New message from the website',
    `            <p style="margin:0 0 6px;"><strong>From:</strong> {{name}}</p>
            <p style="margin:0 0 18px;"><strong>E-mail:</strong> <a href="mailto:{{email}}" style="color:${TERRACOTTA};">{{email}}</a></p>
            ${MESSAGE_BOX}
            <p style="margin:18px 0 0;font-size:13px;color:#5a4a3f;">Sent with the contact form of the website. Reply to this e-mail to answer {{name}}.</p>`,
  ),
  { strict: false },
);

/**
 * The visitor's receipt goes to an address nobody has verified, so it repeats
 * nothing the visitor typed: the contact form cannot be used to send someone
 * else a message in the organisation's name.
 */
const contactReceipt = contactTemplates.compile<Pick<ContactContext, 'siteName'>>(
  contactLayout(
    'We received your message',
    `            <p style="margin:0 0 14px;">Hello,</p>
            <p style="margin:0 0 14px;">Thank you for getting in touch with {{siteName}}. We read every message and will reply to this address as soon as we can.</p>
            <p style="margin:18px 0 0;font-size:13px;color:#5a4a3f;">If you did not write to us, you can ignore this e-mail.</p>`,
  ),
  { strict: false },
);

export function renderContactMessage(input: ContactContext): RenderedEmail {
  const html = contactToOrganisation(input);
  return {
    subject: oneLine(`Website message from ${input.name}`),
    html,
    text: `New message from the website\n\nFrom: ${input.name}\nE-mail: ${input.email}\n\n${input.message}\n\nReply to this e-mail to answer ${input.name}.`,
  };
}

export function renderContactReceipt(input: Pick<ContactContext, 'siteName'>): RenderedEmail {
  return {
    subject: oneLine(`We received your message - ${input.siteName}`),
    html: contactReceipt({ siteName: input.siteName }),
    text: `Hello,\n\nThank you for getting in touch with ${input.siteName}. We read every message and will reply to this address as soon as we can.\n\nIf you did not write to us, you can ignore this e-mail.`,
  };
}
