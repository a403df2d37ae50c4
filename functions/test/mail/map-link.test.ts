import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../../src/mail/template-store.js';
import { buildReminderContext, buildTemplateContext, renderEmail, SAMPLE_CONTEXTS } from '../../src/mail/templates/render.js';
import { TEMPLATE_PLACEHOLDERS } from '../../src/shared/email-templates-model.js';
import { mapSearchUrl } from '../../src/shared/map-model.js';
import { SITE_URL, TIME_ZONE, eventRecord, rsvpRecord } from './helpers.js';

// Issue 26 item 5: the event's location links to a map search, on the event page and in the attendee e-mails.

const LOCATION = 'Café & Bar #2, Springdale';
const MAP_URL = 'https://www.google.com/maps/search/?api=1&query=Caf%C3%A9%20%26%20Bar%20%232%2C%20Springdale';
const event = { ...eventRecord({ location: LOCATION }), id: 'evt1' };
const rsvp = { ...rsvpRecord('evt1'), id: 'Tk7Qm2Xb9LpV4sWcQ1a2Zw' };

/** The URL as an HTML value, escaped once ('&' and '=' as entities, which a reader decodes back). */
const MAP_URL_HTML = Handlebars.escapeExpression(MAP_URL);
/** The map link as the default templates print it in their HTML. */
const LINK_HTML = `<a href="${MAP_URL_HTML}" style="color:#a34a1f;">Café &amp; Bar #2, Springdale</a>`;

describe('mapSearchUrl', () => {
  it('encodes the whole location as one query value: & and # stay in it, accents and spaces are percent-encoded', () => {
    expect(mapSearchUrl(LOCATION)).toBe(MAP_URL);
    const query = new URL(mapSearchUrl(LOCATION)).searchParams;
    expect(query.get('api')).toBe('1');
    expect(query.get('query')).toBe(LOCATION);
    expect([...query.keys()]).toEqual(['api', 'query']);
    expect(new URL(mapSearchUrl(LOCATION)).hash).toBe('');
  });

  it('trims the location and gives no link for an empty one', () => {
    expect(mapSearchUrl('  Zion Lodge ')).toBe('https://www.google.com/maps/search/?api=1&query=Zion%20Lodge');
    for (const empty of ['', '   ', null, undefined]) expect(mapSearchUrl(empty)).toBe('');
  });
});

describe('the attendee e-mails link the location to the map', () => {
  const context = buildTemplateContext({ event, rsvp, siteUrl: SITE_URL, timeZone: TIME_ZONE });

  it('offers event.mapUrl to the editable attendee templates and their sample values', () => {
    expect(context.event.mapUrl).toBe(MAP_URL);
    for (const name of ['ticket', 'rsvpConfirmation', 'reminder'] as const) {
      expect(TEMPLATE_PLACEHOLDERS[name]).toContain('event.mapUrl');
      expect(SAMPLE_CONTEXTS[name].event.mapUrl).toBe(mapSearchUrl(SAMPLE_CONTEXTS[name].event.location));
    }
  });

  it("the ticket e-mail's HTML and text carry the link", () => {
    const { html, text } = renderEmail(DEFAULT_TEMPLATES.ticket, context);
    expect(html).toContain(LINK_HTML);
    expect(text).toContain(`${LOCATION} (${MAP_URL})`);
  });

  it('the confirmation and the reminder carry it too', () => {
    expect(renderEmail(DEFAULT_TEMPLATES.rsvpConfirmation, context).html).toContain(LINK_HTML);
    const reminder = buildReminderContext({ event: { ...event, generateTickets: true }, rsvp, offsetHours: 24, now: new Date('2026-12-04T12:00:00Z'), siteUrl: SITE_URL, timeZone: TIME_ZONE });
    const { html, text } = renderEmail(DEFAULT_TEMPLATES.reminder, reminder);
    expect(html).toContain(LINK_HTML);
    expect(text).toContain(`${LOCATION} (${MAP_URL})`);
  });

  it("'Event updated' carries it in its HTML and text", () => {
    // Issue 26 item 3: 'Event updated' is the editable 'eventUpdated' template.
    const moved = { ...context, rsvp: { ...context.rsvp, firstName: 'Alex' }, changes: { summary: 'The place of this event has changed.', date: '', time: '', place: `Lodge → ${LOCATION}` } };
    const { html, text } = renderEmail(DEFAULT_TEMPLATES.eventUpdated, moved);
    expect(html).toContain(LINK_HTML);
    expect(text).toContain(`${LOCATION} (${MAP_URL})`);
  });

  it('a default template says the same as before but for the link; no location, no link', () => {
    for (const name of ['ticket', 'rsvpConfirmation'] as const) {
      const linked = renderEmail(DEFAULT_TEMPLATES[name], context).html;
      const plain = renderEmail(DEFAULT_TEMPLATES[name], { ...context, event: { ...context.event, mapUrl: '' } }).html;
      expect(plain).not.toContain('google.com/maps');
      expect(plain).toContain('Café &amp; Bar #2, Springdale');
      expect(linked.replace(LINK_HTML, 'Café &amp; Bar #2, Springdale')).toBe(plain);
    }
    const noPlace = buildTemplateContext({ event: { ...event, location: ' ' }, rsvp, siteUrl: SITE_URL, timeZone: TIME_ZONE });
    expect(noPlace.event.mapUrl).toBe('');
    expect(renderEmail(DEFAULT_TEMPLATES.ticket, noPlace).html).not.toContain('google.com/maps');
    const movedNoPlace = { ...noPlace, rsvp: { ...noPlace.rsvp, firstName: 'Alex' }, changes: { summary: 'x', date: '', time: '', place: '' } };
    expect(renderEmail(DEFAULT_TEMPLATES.eventUpdated, movedNoPlace).html).not.toContain('google.com/maps');
  });

  it('a saved custom template may use it', () => {
    const { html } = renderEmail({ subjectTemplate: 'Hi', htmlTemplate: '{{#if event.mapUrl}}<a href="{{event.mapUrl}}">Map</a>{{/if}}' }, context);
    expect(html).toBe(`<a href="${MAP_URL_HTML}">Map</a>`);
  });
});
