import Handlebars from 'handlebars';
import { DateTime } from 'luxon';
import type { EventRecord } from '../../shared/events-model.js';
import type { RsvpRecord } from '../../shared/rsvps-model.js';
import { templateDoesNotCompile, unescapedVisitorValue, type EmailTemplate, type TemplateName } from '../../shared/email-templates-model.js';
import { RuleError } from '../../rule-error.js';
import { firstUnescapedVisitorValue } from './safety.js';

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

/** The values the admin invitation template sees. */
export interface InvitationContext {
  invite: { url: string; role: string; invitedBy: string; expiresDate: string };
  site: { name: string };
}

/** What each template is rendered with. */
export interface TemplateContexts {
  ticket: TemplateContext;
  rsvpConfirmation: TemplateContext;
  adminInvitation: InvitationContext;
}

/** Any template's values. */
export type AnyTemplateContext = TemplateContexts[TemplateName];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** An instant as a reader in the organisation's zone says it, e.g. 'Monday, November 30, 2026 at 7:00 AM MST'. */
export function formatDateTime(date: Date, timeZone: string): string {
  const local = DateTime.fromJSDate(date).setZone(timeZone).setLocale('en-US');
  return local.isValid ? `${local.toFormat('cccc, LLLL d, yyyy')} at ${local.toFormat('h:mm a ZZZZ')}` : '';
}

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

/** Sample values of the admin invitation: its preview and its test e-mail. */
export const SAMPLE_INVITATION_CONTEXT: InvitationContext = {
  invite: {
    url: 'https://example.org/admin?invite=sample-invitation-token',
    role: 'Admin',
    invitedBy: 'ranger.jo@example.org',
    expiresDate: 'Monday, November 30, 2026 at 7:00 AM MST',
  },
  site: { name: 'Zion Conservation Events' },
};

/** Each template's sample values. */
export const SAMPLE_CONTEXTS: TemplateContexts = {
  ticket: SAMPLE_CONTEXT,
  rsvpConfirmation: SAMPLE_CONTEXT,
  adminInvitation: SAMPLE_INVITATION_CONTEXT,
};

type Render = (context: AnyTemplateContext) => string;

type TemplateField = 'subjectTemplate' | 'htmlTemplate';

/** Where in the template: 'line 3' of the HTML, 'subject, line 1' of the subject. */
function where(field: TemplateField, line: number | undefined): string {
  const at = line ? `line ${line}` : '';
  if (field === 'htmlTemplate') return at || 'HTML';
  return at ? `subject, ${at}` : 'subject';
}

function oneLineReason(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}

/** The line a render-time error (unknown helper or partial) comes from, found in the syntax tree. */
function lineOfRuntimeError(source: string, message: string): number | undefined {
  const helper = /^Missing helper: "([^"]+)"/.exec(message)?.[1];
  const partial = /^The partial (.+) could not be found/.exec(message)?.[1];
  if (!helper && !partial) return undefined;
  let line: number | undefined;
  const visit = (node: unknown) => {
    if (line !== undefined || !node || typeof node !== 'object') return;
    const candidate = node as { type?: string; loc?: hbs.AST.SourceLocation; path?: { original?: unknown }; name?: { original?: unknown } };
    if (helper && (candidate.type === 'MustacheStatement' || candidate.type === 'BlockStatement' || candidate.type === 'SubExpression') && candidate.path?.original === helper) {
      line = candidate.loc?.start.line;
      return;
    }
    if (partial && (candidate.type === 'PartialStatement' || candidate.type === 'PartialBlockStatement') && String(candidate.name?.original) === partial) {
      line = candidate.loc?.start.line;
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && 'type' in value) visit(value);
    }
  };
  visit(adminTemplates.parse(source));
  return line;
}

/** A readable reason with its line, e.g. "line 3: a block is not closed (expecting '{{/...}}')". */
function describeError(error: unknown, field: TemplateField, source: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const parse = /^Parse error on line (\d+):[\s\S]*\n(Expecting [\s\S]*)$/.exec(message);
  if (parse) {
    const reason = /got 'EOF'$/.test(parse[2]) ? 'the template ends inside a tag or an unclosed {{#block}}' : parse[2];
    return `${where(field, Number(parse[1]))}: ${oneLineReason(reason)}`;
  }
  const lexical = /^Parse error on line (\d+):/.exec(message);
  if (lexical) return `${where(field, Number(lexical[1]))}: ${oneLineReason(message.split('\n').slice(1).join(' '))}`;
  const lineNumber = (error as { lineNumber?: unknown }).lineNumber;
  if (typeof lineNumber === 'number') return `${where(field, lineNumber)}: ${oneLineReason(message.replace(/ - \d+:\d+$/, ''))}`;
  return `${where(field, lineOfRuntimeError(source, message))}: ${oneLineReason(message)}`;
}

function refuseTemplate(error: unknown, field: TemplateField, source: string): never {
  throw new RuleError('TEMPLATE_DOES_NOT_COMPILE', templateDoesNotCompile(describeError(error, field, source)), 'invalid', field);
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
    refuseTemplate(error, mode === 'text' ? 'subjectTemplate' : 'htmlTemplate', source);
  }
  const template = adminTemplates.compile<AnyTemplateContext>(source, options);
  return (context) => template(context);
}

/**
 * Refuses a template that does not compile, fails on realistic data (an
 * unknown helper or partial only shows when rendering), or prints what a
 * visitor typed unescaped. Answers the sample rendering.
 */
export function validateTemplate(template: EmailTemplate, sample: AnyTemplateContext = SAMPLE_CONTEXT): RenderedEmail {
  const rendered: Partial<Record<TemplateField, string>> = {};
  for (const [field, source, mode] of [
    ['subjectTemplate', template.subjectTemplate, 'text'],
    ['htmlTemplate', template.htmlTemplate, 'html'],
  ] as const) {
    const render = compileTemplate(source, mode);
    const line = firstUnescapedVisitorValue(source);
    if (line !== null) throw new RuleError('TEMPLATE_UNESCAPED_FIELD', unescapedVisitorValue(where(field, line)), 'invalid', field);
    try {
      rendered[field] = render(sample);
    } catch (error) {
      refuseTemplate(error, field, source);
    }
  }
  const html = rendered.htmlTemplate ?? '';
  return { subject: oneLine(rendered.subjectTemplate ?? ''), html, text: htmlToText(html) };
}

/** Renders subject, HTML and a plain-text alternative. */
export function renderEmail(template: EmailTemplate, context: AnyTemplateContext): RenderedEmail {
  const subject = oneLine(compileTemplate(template.subjectTemplate, 'text')(context));
  const html = compileTemplate(template.htmlTemplate, 'html')(context);
  return { subject, html, text: htmlToText(html) };
}

/** Collapses whitespace: subjects are one line. */
export function oneLine(text: string) {
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
