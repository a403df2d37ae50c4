import { describe, expect, it } from 'vitest';
import { assertUnderEmailLimit, canResendOnRepeat, findSamePerson, isActiveRegistration } from '../../src/rsvps/rules.js';
import { PERSON_NAME_MESSAGES } from '../../src/shared/person-name-model.js';
import { comparableName, registrationHasClosed, RSVP_MESSAGES } from '../../src/shared/rsvps-model.js';
import { rsvpInputSchema } from '../../src/shared/rsvps.js';

describe('the RSVP schema takes a person\'s name only (issue 23 item 3)', () => {
  const refusal = (name: string, email = 'a@example.org') => rsvpInputSchema.safeParse({ name, email }).error?.issues;

  it.each([
    ['Call +1 888 555 0100 to avoid a $499 charge', PERSON_NAME_MESSAGES.lettersOnly],
    ['acme-login.wtf', PERSON_NAME_MESSAGES.webAddress],
    ['ｅｖｉｌ．ｃｏｍ', PERSON_NAME_MESSAGES.webAddress],
    ['https://evil.example', PERSON_NAME_MESSAGES.lettersOnly],
    ['Person 12', PERSON_NAME_MESSAGES.lettersOnly],
  ])('refuses %j at the name field', (name, message) => {
    expect(refusal(name)).toEqual([expect.objectContaining({ path: ['name'], message })]);
  });

  it('says what is wrong with the name and the e-mail at once', () => {
    expect(refusal('evil.com', 'nope')).toEqual([
      expect.objectContaining({ path: ['name'], message: PERSON_NAME_MESSAGES.webAddress }),
      expect.objectContaining({ path: ['email'], message: RSVP_MESSAGES.invalidEmail }),
    ]);
  });

  it('keeps the normalised name: NFKC, invisible characters gone, spaces collapsed', () => {
    expect(rsvpInputSchema.parse({ name: ' Ｊｏｓé\u200b  Ａｌｖａｒｅｚ\u202e ', email: 'a@example.org' }).name).toBe('José Alvarez');
  });

  it('a name of invisible characters only is a missing name', () => {
    expect(refusal('\u200b\u3164 \u200d')).toEqual([expect.objectContaining({ path: ['name'], message: RSVP_MESSAGES.nameAndEmailRequired })]);
  });

  it('measures the normalised name against the limit', () => {
    expect(rsvpInputSchema.safeParse({ name: `${'A'.repeat(120)}\u200b\u200b`, email: 'a@example.org' }).success).toBe(true);
    // One character that NFKC spells out in 18.
    expect(refusal('\ufdfa'.repeat(7))?.[0]).toMatchObject({ path: ['name'], message: 'At most 120 characters' });
  });
});

describe('registration rules', () => {
  const now = '2026-11-21T12:00:00.000Z';

  it('active registrations: confirmed, and unpaid holds that have not run out', () => {
    expect(isActiveRegistration({ status: 'confirmed', holdExpiresAt: null }, now)).toBe(true);
    expect(isActiveRegistration({ status: 'pending_payment', holdExpiresAt: '2026-11-21T12:00:01.000Z' }, now)).toBe(true);
    expect(isActiveRegistration({ status: 'pending_payment', holdExpiresAt: now }, now)).toBe(false);
    expect(isActiveRegistration({ status: 'pending_payment', holdExpiresAt: null }, now)).toBe(false);
    expect(isActiveRegistration({ status: 'cancelled', holdExpiresAt: null }, now)).toBe(false);
    expect(isActiveRegistration({ status: 'released', holdExpiresAt: null }, now)).toBe(false);
  });

  it('the same person: names compared trimmed, spaces collapsed, case ignored', () => {
    expect(comparableName('  Ada \t  LOVELACE ')).toBe('ada lovelace');
    const docs = [{ id: 'a', data: { name: 'Ada Lovelace' } }, { id: 'b', data: { name: 'Byron' } }];
    expect(findSamePerson(docs, 'ada  lovelace')?.id).toBe('a');
    expect(findSamePerson(docs, 'Ada King')).toBeUndefined();
  });

  it('the per-e-mail limit refuses at the limit, with the e-mail field at fault', () => {
    expect(() => assertUnderEmailLimit({ maxRegistrationsPerEmail: 4 }, 3)).not.toThrow();
    expect(() => assertUnderEmailLimit({ maxRegistrationsPerEmail: 4 }, 4)).toThrow(expect.objectContaining({ code: 'REGISTRATION_LIMIT_REACHED', field: 'email' }));
  });

  it('a repeat resends when nothing was resent in the last hour', () => {
    const at = new Date(now);
    expect(canResendOnRepeat(undefined, at)).toBe(true);
    expect(canResendOnRepeat(null, at)).toBe(true);
    expect(canResendOnRepeat('2026-11-21T11:00:01.000Z', at)).toBe(false);
    expect(canResendOnRepeat('2026-11-21T11:00:00.000Z', at)).toBe(true);
  });

  it('registration closes at the start instant', () => {
    const event = { date: '2026-12-06T02:30:00.000Z' };
    expect(registrationHasClosed(event, Date.parse('2026-12-06T02:29:59.999Z'))).toBe(false);
    expect(registrationHasClosed(event, Date.parse('2026-12-06T02:30:00.000Z'))).toBe(true);
  });
});
