import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTemplate, DEFAULT_TEMPLATES } from '../../src/mail/template-store.js';
import { eventMoves, renderEmail, SAMPLE_CONTEXTS } from '../../src/mail/templates/render.js';
import { noticeMoney } from '../../src/mail/attendee-mail.js';
import { NOTICE_MONEY, TEMPLATE_LABELS, TEMPLATE_NAMES, TEMPLATE_PLACEHOLDERS } from '../../src/shared/email-templates-model.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';
import { mailsTo } from '../support/self-service.js';

/* Issue 26 item 3: each notice is an editable template with its label, placeholders, default and sample. */

const NOTICES = ['ticketCancelledByAdmin', 'refundIssued', 'eventCancelled', 'eventUpdated'] as const;

/** The value at a dotted path of the sample values. */
const at = (context: unknown, path: string) => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], context);

describe('the notice templates', () => {
  it('are listed, labelled, and each default passes the save checks against its sample values', () => {
    for (const name of NOTICES) {
      expect(TEMPLATE_NAMES).toContain(name);
      expect(TEMPLATE_LABELS[name]).toBeTruthy();
      const rendered = checkTemplate(name, DEFAULT_TEMPLATES[name]);
      expect(rendered.subject).not.toContain('{{');
      expect(rendered.html).not.toContain('{{');
    }
    expect(checkTemplate('ticketCancelledByAdmin', DEFAULT_TEMPLATES.ticketCancelledByAdmin).text).toContain('Your payment of $35.00 is not refunded automatically.');
    expect(checkTemplate('refundIssued', DEFAULT_TEMPLATES.refundIssued).subject).toBe('Refund of $35.00 for Night Sky Walk at Canyon Junction');
    expect(checkTemplate('eventCancelled', DEFAULT_TEMPLATES.eventCancelled).text).toContain('A refund of $35.00 is on its way to the card you paid with');
    expect(checkTemplate('eventUpdated', DEFAULT_TEMPLATES.eventUpdated).text).toContain('Date\nFriday, December 4, 2026 → Saturday, December 5, 2026\nTime\n6:00 PM MST → 7:30 PM MST');
  });

  it('list placeholders the sample values all have, and the money and change ones among them', () => {
    for (const name of NOTICES) {
      for (const placeholder of TEMPLATE_PLACEHOLDERS[name]) expect(at(SAMPLE_CONTEXTS[name], placeholder), `${name}: ${placeholder}`).not.toBeUndefined();
    }
    expect(TEMPLATE_PLACEHOLDERS.eventCancelled).toEqual(expect.arrayContaining(['notice.money', 'notice.refundAmount']));
    expect(TEMPLATE_PLACEHOLDERS.eventUpdated).toEqual(expect.arrayContaining(['changes.summary', 'changes.date', 'changes.time', 'changes.place']));
  });

  it('say the money in the shared money format, each outcome its own sentence', () => {
    expect(noticeMoney({ outcome: 'none', amountCents: 0 })).toEqual({ money: NOTICE_MONEY.none, refundAmount: '' });
    expect(noticeMoney({ outcome: 'noRefund', amountCents: 4500 })).toEqual({ money: NOTICE_MONEY.noRefund('$45.00'), refundAmount: '' });
    expect(noticeMoney({ outcome: 'refundPending', amountCents: 123456 })).toEqual({ money: NOTICE_MONEY.refundPending('$1,234.56'), refundAmount: '$1,234.56' });
    expect(noticeMoney({ outcome: 'refunded', amountCents: 2000 })).toEqual({ money: NOTICE_MONEY.refunded('$20.00'), refundAmount: '$20.00' });
  });

  it("'Event moved' says only what moved, old → new, in the organisation's zone", () => {
    const zone = 'America/Denver';
    const before = { date: '2026-12-06T02:30:00.000Z', location: 'Kolob Terrace' };
    expect(eventMoves(before, { date: '2026-12-13T02:30:00.000Z', location: 'Kolob Terrace' }, zone)).toEqual({
      summary: 'The date of this event has changed.',
      date: 'Saturday, December 5, 2026 → Saturday, December 12, 2026',
      time: '',
      place: '',
    });
    expect(eventMoves(before, { date: '2026-12-06T03:00:00.000Z', location: 'Lava Point' }, zone)).toEqual({
      summary: 'The time and place of this event have changed.',
      date: '',
      time: '7:30 PM MST → 8:00 PM MST',
      place: 'Kolob Terrace → Lava Point',
    });
    const rendered = renderEmail(DEFAULT_TEMPLATES.eventUpdated, { ...SAMPLE_CONTEXTS.eventUpdated, changes: eventMoves(before, { ...before, location: 'Lava Point' }, zone) });
    expect(rendered.text).toContain('Place\nKolob Terrace → Lava Point');
    expect(rendered.text).not.toMatch(/\nDate\n[^\n]*→/);
  });
});

describe('a saved notice template is the one sent', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('the admin-cancel notice and the event-moved notice use the saved templates', async () => {
    await api.request
      .put('/api/email-templates/ticketCancelledByAdmin')
      .set(api.bearer('admin'))
      .send({ subjectTemplate: 'Sorry {{rsvp.firstName}}: {{event.title}}', htmlTemplate: '<p>Custom. {{notice.money}}</p>' })
      .expect(200);
    await api.request
      .put('/api/email-templates/eventUpdated')
      .set(api.bearer('admin'))
      .send({ subjectTemplate: 'Moved: {{event.title}}', htmlTemplate: '<p>{{#if changes.place}}Now at: {{changes.place}}{{/if}}</p>' })
      .expect(200);
    const event = await createTestEvent(api, { title: 'Lichen Walk', location: 'Kolob Terrace' });
    const who = { name: 'Ed Abbey', email: 'ed@example.org' };
    const kept = { name: 'Terry Tempest', email: 'terry@example.org' };
    const rsvpId = (await api.request.post(`/api/events/${event.id}/rsvp`).send(who).expect(201)).body.rsvpId;
    await api.request.post(`/api/events/${event.id}/rsvp`).send(kept).expect(201);
    await api.request.delete(`/api/rsvps/${rsvpId}`).set(api.bearer('admin')).expect(200);
    await api.request.put(`/api/events/${event.id}`).set(api.bearer('admin')).send({ location: 'Lava Point' }).expect(200);
    await api.services.calendar.whenIdle();

    const cancelled = (await mailsTo(api, who.email)).find((m) => m.subject === 'Sorry Ed: Lichen Walk')!;
    expect(cancelled.text).toBe(`Custom. ${NOTICE_MONEY.none}`);
    const moved = (await mailsTo(api, kept.email)).find((m) => m.subject === 'Moved: Lichen Walk')!;
    expect(moved.text).toBe('Now at: Kolob Terrace → Lava Point');
    // The cancelled ticket is not told the event moved.
    expect((await mailsTo(api, who.email)).some((m) => m.subject.startsWith('Moved'))).toBe(false);
  });
});
