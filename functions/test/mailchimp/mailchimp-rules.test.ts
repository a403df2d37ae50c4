import { describe, expect, it } from 'vitest';
import { memberOf, membersOfEvent } from '../../src/mailchimp/rules.js';
import { keepInformedConsent } from '../../src/rsvps/rules.js';
import { memberTags, nameFields, statusIfNew, syncSummary } from '../../src/shared/mailchimp-model.js';

const event = { title: 'Bat Night', mailchimpTags: ['bats', 'night'] };

describe('consent (issue 11)', () => {
  it('only a ticked box on an event with an audience is consent', () => {
    expect(keepInformedConsent({ mailchimpAudienceId: 'aud1' }, true)).toBe(true);
    expect(keepInformedConsent({ mailchimpAudienceId: 'aud1' }, false)).toBe(false);
    expect(keepInformedConsent({ mailchimpAudienceId: 'aud1' }, undefined)).toBe(false);
    expect(keepInformedConsent({ mailchimpAudienceId: '' }, true)).toBe(false);
    expect(keepInformedConsent({ mailchimpAudienceId: '  ' }, true)).toBe(false);
  });

  it('ticked: pending (double opt-in: Mailchimp asks the address to confirm); anything else: transactional (never marketed to)', () => {
    expect(statusIfNew(true)).toBe('pending');
    expect(statusIfNew(false)).toBe('transactional');
    expect(statusIfNew(undefined)).toBe('transactional');
  });
});

describe('the member an RSVP makes', () => {
  it('lower-cased e-mail, name fields, consent, tags = the event tags and its title, plus cancelled once cancelled', () => {
    expect(memberOf(event, { name: ' Ada  Lovelace King ', email: 'Ada@Example.org', status: 'confirmed', keepInformed: true })).toEqual({
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace King',
      statusIfNew: 'pending',
      tags: ['bats', 'night', 'Bat Night'],
    });
    expect(memberOf(event, { name: 'Bob', email: 'bob@example.org', status: 'cancelled' })).toMatchObject({
      statusIfNew: 'transactional',
      tags: ['bats', 'night', 'Bat Night', 'cancelled'],
    });
  });

  it('tags: trimmed, at most 100 characters, each once (case ignored)', () => {
    expect(memberTags({ title: 'Bats', mailchimpTags: ['bats', ' vip ', 'VIP', ''] })).toEqual(['bats', 'vip']);
    expect(memberTags({ title: 'x'.repeat(150), mailchimpTags: [] })).toEqual(['x'.repeat(100)]);
    expect(nameFields('  ')).toEqual({ firstName: '', lastName: '' });
  });

  it('a dashboard sync sends one member per address among confirmed RSVPs, pending if any of them ticked (never subscribed)', () => {
    const members = membersOfEvent(event, [
      { name: 'Pat Parent', email: 'family@example.org', status: 'confirmed' },
      { name: 'Kim Kid', email: 'FAMILY@example.org', status: 'confirmed', keepInformed: true },
      { name: 'Held', email: 'held@example.org', status: 'pending_payment', keepInformed: true },
      { name: 'Gone', email: 'gone@example.org', status: 'cancelled' },
      { name: 'Lapsed', email: 'lapsed@example.org', status: 'released' },
    ]);
    expect(members).toEqual([{ email: 'family@example.org', firstName: 'Pat', lastName: 'Parent', statusIfNew: 'pending', tags: ['bats', 'night', 'Bat Night'] }]);
    expect(syncSummary({ success: 3, failed: [{}] })).toBe('3 synced, 1 failed');
  });
});
