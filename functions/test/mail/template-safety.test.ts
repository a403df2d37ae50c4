import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstRefusedConstruct, firstUnescapedVisitorValue, readsPath } from '../../src/mail/templates/safety.js';
import { DEFAULT_TEMPLATES } from '../../src/mail/template-store.js';
import { htmlToText, renderEmail, validateTemplate, SAMPLE_CONTEXT, SAMPLE_INVITATION_CONTEXT, type TemplateContext } from '../../src/mail/templates/render.js';
import { RuleError } from '../../src/rule-error.js';
import { TEMPLATE_RENDER_LIMITS } from '../../src/shared/email-templates-model.js';
import { AMPLIFYING_TEMPLATE } from './helpers.js';

describe('what a visitor typed is never printed unescaped', () => {
  it.each([
    ['triple braces', 'a\n{{{rsvp.name}}}', 2],
    ['triple braces with spaces', '{{{ rsvp.email }}}', 1],
    ['the ampersand form', 'a\n\n{{& rsvp.name}}', 3],
    ['this.', '{{{this.rsvp.name}}}', 1],
    ['a parent path', '{{#with event}}{{{../rsvp.name}}}{{/with}}', 1],
    ['@root', '{{{@root.rsvp.name}}}', 1],
    ['bracketed segment', '{{{[rsvp].name}}}', 1],
    ['slash path', '{{{rsvp/email}}}', 1],
    ['lookup on rsvp', '{{{lookup rsvp "name"}}}', 1],
    ['lookup by the name "rsvp"', '{{{lookup (lookup this "rsvp") "name"}}}', 1],
    ['#with rsvp', '{{#with rsvp}}\n{{{name}}}{{/with}}', 2],
    ['#with a lookup of rsvp', '{{#with (lookup . "rsvp")}}{{{name}}}{{/with}}', 1],
    ['block params', '{{#with rsvp as |r|}}\n\n{{{r.name}}}{{/with}}', 3],
    ['#each over rsvp', '{{#each rsvp}}{{{this}}}{{/each}}', 1],
    ['#each over the whole context', '{{#each .}}{{{this.name}}}{{/each}}', 1],
    ['#each over @root', '{{#each @root}}{{#each this}}{{{this}}}{{/each}}{{/each}}', 1],
    ['the first of several', '<p>{{rsvp.name}}</p>\n{{{event.title}}}\n{{{rsvp.name}}}\n{{&rsvp.email}}', 3],
  ])('refuses %s', (_label, source, line) => {
    expect(firstUnescapedVisitorValue(source)).toBe(line);
  });

  it.each([
    ['escaped rsvp values', '<p>{{rsvp.name}} {{ rsvp.email }}</p>'],
    ['triple braces on event values (typed by admins)', '{{{event.title}}} {{{urls.checkIn}}}'],
    ['#if on rsvp keeps the context', '{{#if rsvp.name}}{{{event.title}}}{{/if}}'],
    ['#each over event values', '{{#each event}}{{{this}}}{{/each}}'],
    ['the else branch of a visitor block runs outside it', '{{#each rsvp}}{{this}}{{else}}{{{event.title}}}{{/each}}'],
    ['a block param of another value', '{{#with event as |e|}}{{{e.title}}}{{/with}}'],
    ['the invitation values', '{{{invite.url}}} {{{site.name}}}'],
  ])('allows %s', (_label, source) => {
    expect(firstUnescapedVisitorValue(source)).toBeNull();
  });

  it('the default templates pass', () => {
    for (const template of Object.values(DEFAULT_TEMPLATES)) {
      expect(firstUnescapedVisitorValue(template.subjectTemplate)).toBeNull();
      expect(firstUnescapedVisitorValue(template.htmlTemplate)).toBeNull();
    }
  });

  it('validateTemplate refuses it with the line and the field, in the HTML and the subject', () => {
    const html = (() => {
      try {
        validateTemplate({ subjectTemplate: 'Hi', htmlTemplate: '<p>\n{{{rsvp.name}}}</p>' }, SAMPLE_CONTEXT);
      } catch (error) {
        return error;
      }
    })();
    expect(html).toBeInstanceOf(RuleError);
    expect(html).toMatchObject({
      code: 'TEMPLATE_UNESCAPED_FIELD',
      kind: 'invalid',
      field: 'htmlTemplate',
      message:
        'Use double braces for attendee details (line 2), e.g. {{rsvp.name}}: triple braces or {{& }} would let what a visitor typed add HTML to the e-mail.',
    });
    expect(() => validateTemplate({ subjectTemplate: 'Hi {{& rsvp.name}}', htmlTemplate: '<p></p>' }, SAMPLE_CONTEXT)).toThrow(
      expect.objectContaining({ field: 'subjectTemplate', message: expect.stringContaining('(subject, line 1)') }),
    );
  });
});

describe('readsPath', () => {
  it.each([
    ['<a href="{{invite.url}}">', true],
    ['{{#if x}}{{ invite.url }}{{/if}}', true],
    ['{{@root.invite.url}}', true],
    ['{{invite.urls}} {{invite}} url', false],
    ['<p>invite.url</p>', false],
  ])('%s: %s', (source, expected) => {
    expect(readsPath(source, 'invite.url')).toBe(expected);
  });
});

describe('a template that does not compile is refused with its line', () => {
  const refusal = (htmlTemplate: string, subjectTemplate = 'Hi') => {
    try {
      validateTemplate({ subjectTemplate, htmlTemplate }, SAMPLE_CONTEXT);
    } catch (error) {
      return error as RuleError;
    }
    throw new Error('not refused');
  };

  it.each([
    ['an unclosed block', 'a\nb\n{{#if rsvp.name}}unclosed', 'Template does not compile: line 3: the template ends inside a tag or an unclosed {{#block}}'],
    ['mismatched blocks', 'a\n{{#if rsvp.name}}\n{{/each}}', "Template does not compile: line 2: if doesn't match each"],
    ['a broken tag', 'x\n\n{{rsvp.name', "Template does not compile: line 3: Expecting 'ID', got 'INVALID'"],
    ['an unknown helper (found when rendering)', 'a\n{{shout rsvp.name}}', 'Template does not compile: line 2: Missing helper: "shout"'],
    // Would copy a visitor's details into the server's logs.
    ['the log helper', 'a\n{{log rsvp.email}}', 'Template does not compile: line 2: Missing helper: "log"'],
  ])('%s', (_label, source, message) => {
    expect(refusal(source)).toMatchObject({ code: 'TEMPLATE_DOES_NOT_COMPILE', field: 'htmlTemplate', message });
  });

  it('names the subject when the subject is at fault', () => {
    expect(refusal('<p></p>', 'Hi {{#if x}}')).toMatchObject({
      field: 'subjectTemplate',
      message: 'Template does not compile: subject, line 1: the template ends inside a tag or an unclosed {{#block}}',
    });
  });
});

/** What a visitor may type as their name (issue 23 item 6). */
const EVIL_NAME = '<img src=x onerror=alert(1)>';
const ESCAPED_EVIL_NAME = '&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;';
const evilContext: TemplateContext = { ...SAMPLE_CONTEXT, rsvp: { name: EVIL_NAME, email: 'x"><svg onload=alert(1)>@example.org' } };

/** The error a call throws (the test fails when it throws none). */
function thrownBy(call: () => unknown): RuleError {
  try {
    call();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('nothing was refused');
}

describe('every value reaches the HTML already escaped, whatever the template does with it (issue 23 item 6)', () => {
  // renderEmail is the send path: no hint about triple braces runs there, only the escaped values.
  it.each([
    ['triple braces', '{{{rsvp.name}}}'],
    ['the ampersand form', '{{& rsvp.name}}'],
    ['triple braces inside a block', '{{#if rsvp.name}}<p>{{{rsvp.name}}}</p>{{/if}}'],
    ['#with and block params', '{{#with rsvp as |r|}}{{{r.name}}}{{/with}}'],
    ['#each and block params', '{{#each rsvp as |value key|}}{{key}}={{{value}}} {{/each}}'],
    ['#each over the whole context', '{{#each this}}{{#each this}}{{{this}}}{{/each}}{{/each}}'],
    ['lookup', "{{{lookup rsvp 'name'}}}"],
    ['lookup by the name "rsvp"', '{{#with (lookup this "rsvp")}}{{{name}}}{{/with}}'],
    ['@root', '{{{@root.rsvp.name}}}'],
    ['a parent path', '{{#with event}}{{{../rsvp.name}}}{{/with}}'],
    ['a bracketed segment', '{{#with rsvp}}{{{[name]}}}{{/with}}'],
    ['whitespace control', '<p> {{~{rsvp.name}~}} </p>'],
    ['attributes', '<a title="{{{rsvp.name}}}" href="{{{rsvp.email}}}">{{rsvp.name}}</a>'],
  ])('%s prints the name escaped: no raw <img', (_label, htmlTemplate) => {
    const { html, text } = renderEmail({ subjectTemplate: 'Hi', htmlTemplate }, evilContext);
    expect(html).toContain(ESCAPED_EVIL_NAME);
    expect(html).not.toMatch(/<img|<svg|onerror=|"><|&amp;lt;/);
    // The plain-text part says what was typed, decoded once: no entity is left (the map link's own '&' is a real one).
    expect(text).toContain(EVIL_NAME);
    expect(text).not.toMatch(/&[#a-z0-9]+;/i);
  });

  it('the subject (plain text) shows the value as typed, on one line', () => {
    expect(renderEmail({ subjectTemplate: 'Hi {{{rsvp.name}}} & {{rsvp.name}}', htmlTemplate: '<p></p>' }, evilContext).subject).toBe(`Hi ${EVIL_NAME} & ${EVIL_NAME}`);
  });

  it('links and values are escaped once in the HTML and read back as typed in the text part', () => {
    const context: TemplateContext = {
      ...SAMPLE_CONTEXT,
      event: { ...SAMPLE_CONTEXT.event, title: 'Rock & Roll', location: "Tom's \"Barn\"" },
      rsvp: { name: 'Ana & Bo', email: 'ana@example.org' },
      urls: { event: 'https://example.org/e?a=1&b=2', checkIn: 'https://example.org/checkin/T1?x=1&y=2', manage: '' },
    };
    const { subject, html, text } = renderEmail(DEFAULT_TEMPLATES.ticket, context);
    expect(subject).toBe('Your ticket for Rock & Roll');
    expect(html).toContain('href="https://example.org/checkin/T1?x&#x3D;1&amp;y&#x3D;2"');
    expect(html).toContain('Hi Ana &amp; Bo,');
    expect(html).toContain('Rock &amp; Roll');
    expect(html).toContain('<img src="cid:ticket-qr"');
    expect(html).not.toMatch(/&amp;(amp|lt|gt|quot|#)/);
    expect(text).toContain('View your ticket (https://example.org/checkin/T1?x=1&y=2)');
    expect(text).toContain('https://example.org/e?a=1&b=2');
    expect(text).toContain('Hi Ana & Bo,');
    expect(text).toContain('Tom\'s "Barn"');
    expect(text).not.toMatch(/&(amp|lt|gt|quot|#)/);

    const invitation = renderEmail(DEFAULT_TEMPLATES.adminInvitation, SAMPLE_INVITATION_CONTEXT);
    expect(invitation.html).toContain('href="https://example.org/admin?invite&#x3D;sample-invitation-token"');
    expect(invitation.text).toContain('https://example.org/admin?invite=sample-invitation-token');
  });
});

describe('only the constructs e-mails need: no partials, inline partials, decorators or other blocks', () => {
  it.each([
    ['a section on rsvp', '<p>\n{{#rsvp}}{{{name}}}{{/rsvp}}', 2, 'The block {{#rsvp}}'],
    ['an inverted section', '{{^rsvp}}none{{/rsvp}}', 1, 'The block {{#rsvp}}'],
    ['a block under another name', '{{#this.if rsvp.name}}x{{/this.if}}', 1, 'The block {{#this.if}}'],
    ['a partial', 'a\n\n{{> footer}}', 3, 'A partial ({{> footer}})'],
    ['a partial with values', '{{> footer name=rsvp.name}}', 1, 'A partial ({{> footer}})'],
    ['a partial block', '{{#> layout}}{{{rsvp.name}}}{{/layout}}', 1, 'A partial block ({{#> layout}})'],
    ['an inline partial', '{{#*inline "x"}}{{{rsvp.name}}}{{/inline}}\n{{> x}}', 1, 'An inline partial or decorator ({{#*inline}})'],
    ['a decorator', 'a\n{{* decorate}}', 2, 'An inline partial or decorator ({{#*decorate}})'],
    ['one nested inside allowed blocks', '{{#if rsvp.name}}\n{{#each event}}\n{{#rsvp}}{{name}}{{/rsvp}}{{/each}}{{/if}}', 3, 'The block {{#rsvp}}'],
  ])('refuses %s with its line, at save and at send', (_label, htmlTemplate, line, construct) => {
    expect(firstRefusedConstruct(htmlTemplate)).toEqual({ line, construct });
    const message = `${construct} cannot be used in e-mail templates (line ${line}). Use {{value}}, {{#if}}, {{#unless}}, {{#each}}, {{#with}} and {{lookup}}.`;
    expect(thrownBy(() => validateTemplate({ subjectTemplate: 'Hi', htmlTemplate }, evilContext))).toMatchObject({
      code: 'TEMPLATE_NOT_ALLOWED',
      kind: 'invalid',
      field: 'htmlTemplate',
      message,
    });
    expect(thrownBy(() => renderEmail({ subjectTemplate: 'Hi', htmlTemplate }, evilContext))).toMatchObject({ code: 'TEMPLATE_NOT_ALLOWED', message });
  });

  it('in the subject too', () => {
    expect(thrownBy(() => validateTemplate({ subjectTemplate: 'Hi {{> name}}', htmlTemplate: '<p></p>' }))).toMatchObject({
      code: 'TEMPLATE_NOT_ALLOWED',
      field: 'subjectTemplate',
      message: expect.stringContaining('(subject, line 1)'),
    });
  });

  it.each([
    ['if, else and unless', '{{#if rsvp.name}}a{{else if event.title}}b{{else}}c{{/if}}{{#unless ticket.id}}d{{/unless}}'],
    ['each and with with block params', '{{#each event as |value key|}}{{key}}{{value}}{{else}}none{{/each}}{{#with urls as |u|}}{{u.event}}{{/with}}'],
    ['lookup and comments', '{{!-- note --}}{{lookup rsvp "name"}}{{! short }}'],
  ])('allows %s', (_label, source) => {
    expect(firstRefusedConstruct(source)).toBeNull();
    expect(() => validateTemplate({ subjectTemplate: 'Hi', htmlTemplate: source })).not.toThrow();
  });

  it('the default templates keep to it', () => {
    for (const template of Object.values(DEFAULT_TEMPLATES)) {
      expect(firstRefusedConstruct(template.subjectTemplate)).toBeNull();
      expect(firstRefusedConstruct(template.htmlTemplate)).toBeNull();
    }
  });
});

describe('a render has a size and time budget (issue 23 item 6)', () => {
  afterEach(() => vi.restoreAllMocks());

  const tooMuch = (where: string) =>
    `The template renders too much (${where}): an e-mail may have at most 256 KB, repeat {{#each}} at most 10,000 times and render within 200 ms. Nested {{#each}} blocks multiply.`;

  it('the 800-byte nested {{#each}} is refused at once, its memory bounded', () => {
    expect(AMPLIFYING_TEMPLATE.htmlTemplate.length).toBeGreaterThan(750);
    expect(AMPLIFYING_TEMPLATE.htmlTemplate.length).toBeLessThan(850);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const error = thrownBy(() => validateTemplate(AMPLIFYING_TEMPLATE));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ code: 'TEMPLATE_TOO_LARGE', kind: 'invalid', field: 'htmlTemplate', message: tooMuch('HTML') });
    // Without the budget: well over 100 MB of output and several seconds.
    expect(elapsed).toBeLessThan(2000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(thrownBy(() => renderEmail(AMPLIFYING_TEMPLATE, SAMPLE_CONTEXT)).code).toBe('TEMPLATE_TOO_LARGE');
  });

  it('repetitions that print nothing are counted too', () => {
    const silent = '{{#each @root}}'.repeat(12) + '{{/each}}'.repeat(12);
    const started = performance.now();
    expect(thrownBy(() => validateTemplate({ subjectTemplate: 'Hi', htmlTemplate: silent }))).toMatchObject({ code: 'TEMPLATE_TOO_LARGE' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('in the subject too', () => {
    const subjectTemplate = '{{#each @root}}'.repeat(8) + '{{event.title}}' + '{{/each}}'.repeat(8);
    expect(thrownBy(() => validateTemplate({ subjectTemplate, htmlTemplate: '<p></p>' }))).toMatchObject({
      code: 'TEMPLATE_TOO_LARGE',
      field: 'subjectTemplate',
      message: tooMuch('subject'),
    });
  });

  it('output over 256 KB is refused even without {{#each}}', () => {
    const htmlTemplate = '<p>{{event.location}}</p>\n'.repeat(600);
    const context: TemplateContext = { ...SAMPLE_CONTEXT, event: { ...SAMPLE_CONTEXT.event, location: 'L'.repeat(500) } };
    expect(600 * 500).toBeGreaterThan(TEMPLATE_RENDER_LIMITS.outputBytes);
    expect(thrownBy(() => renderEmail({ subjectTemplate: 'Hi', htmlTemplate }, context)).code).toBe('TEMPLATE_TOO_LARGE');
    // Half of it fits.
    expect(renderEmail({ subjectTemplate: 'Hi', htmlTemplate: '<p>{{event.location}}</p>\n'.repeat(300) }, context).html.length).toBeGreaterThan(150_000);
  });

  it('a render past the time budget is stopped at its next repetition', () => {
    const template = { subjectTemplate: 'Hi', htmlTemplate: '<ul>{{#each event}}<li>{{this}}</li>{{/each}}</ul>' };
    expect(validateTemplate(template).html).toContain('<li>Night Sky Walk at Canyon Junction</li>');
    // Each look at the clock finds 100 ms more gone: the third repetition is past 200 ms.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 100));
    expect(thrownBy(() => validateTemplate(template))).toMatchObject({ code: 'TEMPLATE_TOO_LARGE', message: tooMuch('HTML') });
  });

  it('an ordinary {{#each}} renders as before', () => {
    const { html } = renderEmail({ subjectTemplate: 'Hi', htmlTemplate: '{{#each event as |value key|}}{{@index}}:{{key}}={{value}};{{/each}}' }, SAMPLE_CONTEXT);
    expect(html).toBe(
      '0:title=Night Sky Walk at Canyon Junction;1:formattedDate=Saturday, December 5, 2026;2:formattedTime=7:30 PM MST;3:location=Zion Canyon Visitor Center, Springdale, UT;4:mapUrl=https://www.google.com/maps/search/?api&#x3D;1&amp;query&#x3D;Zion%20Canyon%20Visitor%20Center%2C%20Springdale%2C%20UT;',
    );
  });
});

describe('the plain-text part takes time in proportion to the HTML', () => {
  // Each took seconds (100 KB of unclosed `<div ` took 20 s) when a pattern searched to the end from every tag.
  it.each(['<div ', '<!--', '<head ', '<a ', "<a href='", '<a href="x">', '<p ', '<', '<a href="x">' + '<'.repeat(40), '<div style="display:none">'])(
    '256 KB of %j',
    (unit) => {
      const html = unit.repeat(Math.ceil(TEMPLATE_RENDER_LIMITS.outputBytes / unit.length));
      const started = performance.now();
      htmlToText(html);
      expect(performance.now() - started).toBeLessThan(1500);
    },
  );

  it('an unclosed comment, hidden block or style hides the rest, as in a browser', () => {
    expect(htmlToText('<p>a</p><!-- <p>b</p>')).toBe('a');
    expect(htmlToText('<p>a</p><div style="display:none">b<p>c</p>')).toBe('a');
    expect(htmlToText('<p>a</p><style>p { color: red }')).toBe('a');
    expect(htmlToText('<p>a</p><a href="https://x.example">x</a><a href="https://y.example">y')).toBe('a\nx (https://x.example)y');
  });
});
