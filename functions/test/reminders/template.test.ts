import { describe, expect, it } from 'vitest';
import { checkTemplate, DEFAULT_TEMPLATES } from '../../src/mail/template-store.js';
import { buildReminderContext, renderEmail, SAMPLE_CONTEXTS } from '../../src/mail/templates/render.js';
import { REMINDER_PLACEHOLDERS, TEMPLATE_LABELS, TEMPLATE_PLACEHOLDERS } from '../../src/shared/email-templates-model.js';

describe('the Reminder e-mail template', () => {
  it('is listed as Reminder with its placeholders, and its default validates against the sample', () => {
    expect(TEMPLATE_LABELS.reminder).toBe('Reminder');
    expect(TEMPLATE_PLACEHOLDERS.reminder).toBe(REMINDER_PLACEHOLDERS);
    const rendered = checkTemplate('reminder', DEFAULT_TEMPLATES.reminder);
    expect(rendered.subject).toBe('Reminder: Night Sky Walk at Canyon Junction starts in 24 hours');
    expect(rendered.html).toContain('Hi Alex,');
    // Every placeholder it offers is one the sample (and so the send) gives a value.
    for (const path of REMINDER_PLACEHOLDERS) {
      const value = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], SAMPLE_CONTEXTS.reminder);
      expect(value, path).not.toBeUndefined();
    }
  });

  it("is as safe as the others: a visitor's words printed unescaped are refused, and escaped when sent", () => {
    expect(() => checkTemplate('reminder', { subjectTemplate: 'Hi', htmlTemplate: '<p>{{{rsvp.firstName}}}</p>' })).toThrow(/double braces/);
    expect(() => checkTemplate('reminder', { subjectTemplate: 'Hi', htmlTemplate: '{{> footer}}' })).toThrow(/cannot be used/);
    const context = buildReminderContext({
      event: { id: 'ev1', title: 'Owls', date: '2026-12-06T02:30:00.000Z', location: 'Kolob', customUrl: '', generateTickets: false },
      rsvp: { id: 'T1', name: '<b>Eve</b> Smith', email: 'eve@example.org' },
      offsetHours: 2,
      now: new Date('2026-12-06T00:31:00.000Z'),
      siteUrl: 'https://events.example.org/',
      timeZone: 'America/Denver',
    });
    expect(context.reminder).toEqual({ startsIn: 'in 2 hours', hours: 2, hasTicket: false });
    expect(context.urls.calendarFile).toBe('https://events.example.org/api/checkin/T1/calendar.ics');
    const { html } = renderEmail(DEFAULT_TEMPLATES.reminder, context);
    expect(html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt;,');
    // No tickets at this event: no QR code, the name at the entrance instead.
    expect(html).not.toContain('cid:ticket-qr');
    expect(html).toContain('Give your name at the entrance.');
  });
});
