import { describe, expect, it } from 'vitest';
import { firstUnescapedVisitorValue, readsPath } from '../../src/mail/templates/safety.js';
import { DEFAULT_TEMPLATES } from '../../src/mail/template-store.js';
import { validateTemplate, SAMPLE_CONTEXT } from '../../src/mail/templates/render.js';
import { RuleError } from '../../src/rule-error.js';

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
    ['an unknown partial (found when rendering)', 'a\n\n{{> footer}}', 'Template does not compile: line 3: The partial footer could not be found'],
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
