import { describe, expect, it } from 'vitest';
import { REFUND_RULE_MESSAGE, WAITLIST_CLAIM_MESSAGE } from '@shared/events-model.js';
import { REMINDER_OFFSET_MESSAGES } from '@shared/reminders-model.js';
import { MESSAGES } from '@shared/messages.js';
import {
  canAddTicketType,
  changedFields,
  confirmByEmailShown,
  emptyEventValues,
  eventFieldPath,
  eventToValues,
  normaliseCustomUrl,
  parseEventValues,
  parseTags,
  publicAddress,
  toWallClock,
  TICKETS_ERROR,
  valuesToInput,
  type EventFormValues,
} from './eventForm.js';
import { eventRecord } from '../../test/fixtures.js';

const stored = eventRecord({
  eventImage: 'https://files.example/condor.webp',
  mailchimpAudienceId: 'aud1',
  mailchimpTags: ['condor'],
  ticketPrices: { Member: 35, Guest: 45.5 },
  tags: ['talk', 'birds'],
});

function valid(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return { ...emptyEventValues(), title: 'Night Walk', date: '2027-01-10T18:00', location: 'Lodge', ...overrides };
}

describe('event form values <-> request', () => {
  it('shows a stored date on the organisation clock, in summer and winter', () => {
    expect(toWallClock('2027-07-04T00:30:00.000Z')).toBe('2027-07-03T18:30');
    expect(toWallClock('2027-01-11T01:00:00.000Z')).toBe('2027-01-10T18:00');
    expect(toWallClock('not a date')).toBe('');
  });

  it('a stored event becomes form values and reads back as the same request', () => {
    const values = eventToValues(stored);
    expect(values.date).toBe('2027-07-03T18:30');
    expect(values.maxAttendees).toBe('40');
    expect(values.tickets).toEqual([
      { name: 'Member', price: '35', quota: '' },
      { name: 'Guest', price: '45.5', quota: '' },
    ]);
    expect(values.tags).toBe('talk, birds');
    expect(values.mailchimpAudienceId).toBe('aud1');
    const parsed = parseEventValues(values);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      date: '2027-07-03T18:30',
      maxAttendees: 40,
      ticketTypes: ['Member', 'Guest'],
      ticketPrices: { Member: 35, Guest: 45.5 },
      tags: ['talk', 'birds'],
      mailchimpTags: ['condor'],
      customUrl: 'condor-talk',
    });
  });

  it('quotas (issue 26 item 4): stored ones show on their rows and read back; an error of one goes to its row', () => {
    const values = eventToValues({ ...stored, ticketQuotas: { Guest: 12 } });
    expect(values.tickets.map((row) => row.quota)).toEqual(['', '12']);
    expect(parseEventValues(values).data?.ticketQuotas).toEqual({ Guest: 12 });
    expect(eventFieldPath('ticketQuotas.Guest', values)).toBe('tickets.1.quota');
    expect(eventFieldPath('ticketQuotas.Gone', values)).toBe(TICKETS_ERROR);
  });

  it('a new event starts with General, active, generating tickets, unlimited', () => {
    const parsed = parseEventValues(valid());
    expect(parsed.data).toMatchObject({ ticketTypes: ['General'], ticketPrices: {}, isActive: true, generateTickets: true, maxAttendees: null });
  });

  it("'Confirm by e-mail': a new event leaves it to the server's default, which the box shows; a choice or a stored value is sent (issue 23)", () => {
    expect(emptyEventValues().confirmByEmail).toBeNull();
    expect(valuesToInput(valid())).not.toHaveProperty('confirmByEmail');
    expect(parseEventValues(valid()).data).not.toHaveProperty('confirmByEmail');
    // The server's default: on for a free event with a maximum of attendees.
    expect(confirmByEmailShown(valid())).toBe(false);
    expect(confirmByEmailShown(valid({ maxAttendees: ' 2 ' }))).toBe(true);
    expect(confirmByEmailShown(valid({ maxAttendees: '2', requiresPayment: true }))).toBe(false);
    // The admin's choice wins, except on a paid event.
    expect(confirmByEmailShown(valid({ maxAttendees: '2', confirmByEmail: false }))).toBe(false);
    expect(confirmByEmailShown(valid({ confirmByEmail: true }))).toBe(true);
    expect(confirmByEmailShown(valid({ confirmByEmail: true, requiresPayment: true }))).toBe(false);
    expect(parseEventValues(valid({ confirmByEmail: false })).data).toMatchObject({ confirmByEmail: false });
    expect(eventToValues(eventRecord({ confirmByEmail: true })).confirmByEmail).toBe(true);
    expect(eventToValues(eventRecord({ confirmByEmail: false })).confirmByEmail).toBe(false);
  });

  it('empty maximum is unlimited; below 1 or fractional is refused on its field', () => {
    expect(parseEventValues(valid({ maxAttendees: '' })).data?.maxAttendees).toBeNull();
    expect(parseEventValues(valid({ maxAttendees: ' 25 ' })).data?.maxAttendees).toBe(25);
    const zero = parseEventValues(valid({ maxAttendees: '0' }));
    expect(zero.error?.issues[0].path).toEqual(['maxAttendees']);
  });

  it('registrations per e-mail: 4 for a new event, the stored number when editing, a whole number from 1 to 50', () => {
    expect(emptyEventValues().maxRegistrationsPerEmail).toBe('4');
    expect(parseEventValues(valid()).data?.maxRegistrationsPerEmail).toBe(4);
    expect(eventToValues(eventRecord({ maxRegistrationsPerEmail: 10 })).maxRegistrationsPerEmail).toBe('10');
    expect(parseEventValues(valid({ maxRegistrationsPerEmail: ' 50 ' })).data?.maxRegistrationsPerEmail).toBe(50);
    for (const typed of ['0', '51', '2.5', '', 'many']) {
      const refused = parseEventValues(valid({ maxRegistrationsPerEmail: typed }));
      expect(refused.error?.issues[0], typed).toMatchObject({ path: ['maxRegistrationsPerEmail'], message: 'Registrations per e-mail address must be a whole number from 1 to 50' });
    }
  });

  it("reminders (issue 25): '24, 2' for a new event, the stored hours when editing, empty for none, refused with the shared message on the field", () => {
    expect(emptyEventValues().reminderOffsetsHours).toBe('24, 2');
    expect(parseEventValues(valid()).data?.reminderOffsetsHours).toEqual([24, 2]);
    expect(eventToValues(eventRecord({ reminderOffsetsHours: [48, 1] })).reminderOffsetsHours).toBe('48, 1');
    expect(parseEventValues(valid({ reminderOffsetsHours: ' 2 ,72;  24 ' })).data?.reminderOffsetsHours).toEqual([72, 24, 2]);
    expect(parseEventValues(valid({ reminderOffsetsHours: '' })).data?.reminderOffsetsHours).toEqual([]);
    for (const [typed, message] of [
      ['1.5', REMINDER_OFFSET_MESSAGES.hours],
      ['0', REMINDER_OFFSET_MESSAGES.hours],
      ['soon', REMINDER_OFFSET_MESSAGES.hours],
      ['24, 24', REMINDER_OFFSET_MESSAGES.duplicate],
      ['1, 2, 3, 4, 5, 6', REMINDER_OFFSET_MESSAGES.tooMany],
    ] as const) {
      const issue = parseEventValues(valid({ reminderOffsetsHours: typed })).error?.issues[0];
      expect(issue?.message, typed).toBe(message);
      expect(eventFieldPath(issue!.path.join('.'), valid()), typed).toBe('reminderOffsetsHours');
    }
  });

  it('waitlist claim window (issue 28 item 2): 12 for a new event, the stored hours when editing, refused with the shared message on the field', () => {
    expect(emptyEventValues().waitlistClaimHours).toBe('12');
    expect(parseEventValues(valid()).data?.waitlistClaimHours).toBe(12);
    expect(eventToValues(eventRecord({ waitlistClaimHours: 6 })).waitlistClaimHours).toBe('6');
    expect(parseEventValues(valid({ waitlistClaimHours: ' 24 ' })).data?.waitlistClaimHours).toBe(24);
    for (const typed of ['', '0', '1.5', '169', 'soon']) {
      const issue = parseEventValues(valid({ waitlistClaimHours: typed })).error?.issues[0];
      expect(issue?.message, typed).toBe(WAITLIST_CLAIM_MESSAGE);
      expect(eventFieldPath(issue!.path.join('.'), valid()), typed).toBe('waitlistClaimHours');
    }
  });

  it('refund rule (issue 25 item 4): 48 for a new event, the stored hours when editing, empty for no refunds, refused with the shared message on the field', () => {
    expect(emptyEventValues().refundUntilHoursBefore).toBe('48');
    expect(parseEventValues(valid()).data?.refundUntilHoursBefore).toBe(48);
    expect(eventToValues(eventRecord({ refundUntilHoursBefore: 0 })).refundUntilHoursBefore).toBe('0');
    expect(eventToValues(eventRecord({ refundUntilHoursBefore: null })).refundUntilHoursBefore).toBe('');
    expect(parseEventValues(valid({ refundUntilHoursBefore: ' 72 ' })).data?.refundUntilHoursBefore).toBe(72);
    expect(parseEventValues(valid({ refundUntilHoursBefore: '' })).data?.refundUntilHoursBefore).toBeNull();
    const paid = { requiresPayment: true, tickets: [{ name: 'General', price: '25' }] };
    for (const typed of ['1.5', '-1', '8761', 'soon']) {
      const issue = parseEventValues(valid({ ...paid, refundUntilHoursBefore: typed })).error?.issues[0];
      expect(issue?.message, typed).toBe(REFUND_RULE_MESSAGE);
      expect(eventFieldPath(issue!.path.join('.'), valid()), typed).toBe('refundUntilHoursBefore');
      // A free event hides the field: what was typed there before does not block the save, and is not sent.
      const free = parseEventValues(valid({ refundUntilHoursBefore: typed }));
      expect(free.success, typed).toBe(true);
      expect(valuesToInput(valid({ refundUntilHoursBefore: typed })), typed).not.toHaveProperty('refundUntilHoursBefore');
    }
  });

  it('prices: numbers from text, rounded to cents, empty left out, negative refused on its row', () => {
    const tickets = [
      { name: 'Adult', price: '12.345' },
      { name: 'Child', price: '' },
      { name: 'Senior', price: '0' },
    ];
    expect(valuesToInput(valid({ tickets })).ticketPrices).toEqual({ Adult: '12.345', Senior: '0' });
    expect(parseEventValues(valid({ tickets })).data?.ticketPrices).toEqual({ Adult: 12.35, Senior: 0 });
    const negative = parseEventValues(valid({ tickets: [{ name: 'Adult', price: '-1' }] }));
    const issue = negative.error!.issues[0];
    expect(eventFieldPath(issue.path.join('.'), { tickets: [{ name: 'Adult', price: '-1' }] })).toBe('tickets.0.price');
  });

  it('tags and Mailchimp tags: comma-separated, trimmed, empties and repeats dropped', () => {
    expect(parseTags(' hike, ,family,hike ,')).toEqual(['hike', 'family']);
    const parsed = parseEventValues(valid({ tags: ' hike, ,family,hike ,', mailchimpTags: ',,  vip ' }));
    expect(parsed.data?.tags).toEqual(['hike', 'family']);
    expect(parsed.data?.mailchimpTags).toEqual(['vip']);
  });

  it('ticket types: at least one, names unique; errors land under the list', () => {
    const none = parseEventValues(valid({ tickets: [] }));
    expect(none.error?.issues[0].message).toBe(MESSAGES.ticketTypeRequired);
    expect(eventFieldPath('ticketTypes', { tickets: [] })).toBe('tickets.root');
    const twice = parseEventValues(valid({ tickets: [{ name: 'VIP', price: '' }, { name: 'vip', price: '' }] }));
    expect(twice.error?.issues[0].message).toBe(MESSAGES.duplicateTicketType);
    expect(canAddTicketType([{ name: 'VIP', price: '' }], ' vip ')).toBe('duplicate');
    expect(canAddTicketType([{ name: 'VIP', price: '' }], '  ')).toBe('empty');
    expect(canAddTicketType([{ name: 'VIP', price: '' }], 'Student')).toBe('ok');
  });

  it("maps the API's field paths onto the form's fields", () => {
    const values = { tickets: [{ name: 'Member', price: '1' }, { name: 'Guest Pass', price: '2' }] };
    expect(eventFieldPath('ticketPrices.Guest Pass', values)).toBe('tickets.1.price');
    expect(eventFieldPath('ticketPrices.Unknown', values)).toBe('tickets.root');
    expect(eventFieldPath('ticketTypes.0', values)).toBe('tickets.0.name');
    expect(eventFieldPath('ticketPrices', values)).toBe('tickets.root');
    expect(eventFieldPath('customUrl', values)).toBe('customUrl');
  });

  it('custom URL: lower-cased as typed, anything else refused by the shared rule', () => {
    expect(normaliseCustomUrl('Spring Hike 2027')).toBe('spring-hike-2027');
    expect(parseEventValues(valid({ customUrl: 'spring_hike' })).error?.issues[0].message).toBe(MESSAGES.customUrlFormat);
    expect(publicAddress('https://zion.example', 'spring-hike')).toBe('https://zion.example/spring-hike');
    expect(publicAddress('https://zion.example', '', 'E1')).toBe('https://zion.example/E1');
  });

  it('required fields: title, date and time, location', () => {
    const parsed = parseEventValues({ ...emptyEventValues() });
    const paths = parsed.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['title', 'date', 'location']));
  });
});

describe('partial update', () => {
  const initial = eventToValues(stored);
  const changed = (overrides: Partial<EventFormValues>) => changedFields(initial, parseEventValues({ ...initial, ...overrides }).data!);

  it('nothing changed: nothing to send', () => {
    expect(changed({})).toEqual({});
  });

  it('sends only the changed fields', () => {
    expect(changed({ title: 'Condor Talk & Dinner', isActive: false })).toEqual({ title: 'Condor Talk & Dinner', isActive: false });
    expect(changed({ date: '2027-07-03T19:00' })).toEqual({ date: '2027-07-03T19:00' });
    expect(changed({ maxAttendees: '' })).toEqual({ maxAttendees: null });
    expect(changed({ maxRegistrationsPerEmail: '2' })).toEqual({ maxRegistrationsPerEmail: 2 });
    expect(changed({ reminderOffsetsHours: '2, 24' })).toEqual({});
    expect(changed({ reminderOffsetsHours: '' })).toEqual({ reminderOffsetsHours: [] });
    // Issue 25 item 4: the refund rule only when it changed; cleared, null (no refunds).
    expect(changed({ refundUntilHoursBefore: ' 48' })).toEqual({});
    expect(changed({ refundUntilHoursBefore: '24' })).toEqual({ refundUntilHoursBefore: 24 });
    expect(changed({ refundUntilHoursBefore: '' })).toEqual({ refundUntilHoursBefore: null });
  });

  it('the same tags typed differently are no change', () => {
    expect(changed({ tags: 'talk,birds' })).toEqual({});
  });

  it('a changed price sends the price map; a removed type sends the types and the prices', () => {
    expect(changed({ tickets: [{ name: 'Member', price: '30' }, { name: 'Guest', price: '45.5' }] })).toEqual({ ticketPrices: { Member: 30, Guest: 45.5 } });
    expect(changed({ tickets: [{ name: 'Member', price: '35' }] })).toEqual({ ticketTypes: ['Member'], ticketPrices: { Member: 35 } });
  });

  it('sends the Mailchimp audience (its select) only when it changed; none is an empty id', () => {
    expect(changed({ title: 'X' })).not.toHaveProperty('mailchimpAudienceId');
    expect(changed({ mailchimpAudienceId: 'aud2' })).toEqual({ mailchimpAudienceId: 'aud2' });
    expect(changed({ mailchimpAudienceId: '' })).toEqual({ mailchimpAudienceId: '' });
  });
});
