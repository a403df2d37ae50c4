import { describe, expect, it } from 'vitest';
import { assertUnderEmailLimit, canResendOnRepeat, findSamePerson, isActiveRegistration } from '../../src/rsvps/rules.js';
import { containsWebAddress } from '../../src/shared/fields-model.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { comparableName, registrationHasClosed } from '../../src/shared/rsvps-model.js';
import { personNameField, rsvpInputSchema } from '../../src/shared/rsvps.js';

describe('names with web addresses (issue 12 item 3)', () => {
  it.each([
    'https://evil.example',
    'HTTP://x',
    'see http:/broken',
    'www.prize',
    'WWW.Prize.Example',
    'example.com',
    'Claim at evil.co.uk',
    'bit.ly/abc',
    'win.XYZ',
    'Ann 10.0.0.1',
    'prize.online now',
    'Win a prize at evil.example',
    'claim.zip',
    'Free gift: prize.monster',
  ])('%j holds one', (name) => {
    expect(containsWebAddress(name)).toBe(true);
    expect(personNameField(120).safeParse(name).error?.issues[0].message).toBe(MESSAGES.nameWithWebAddress);
  });

  it.each(['J. Smith', "Mary-Jane O'Neil", 'J.R.R. Tolkien', 'Dr. Ana María Núñez', 'Smith Jr.', 'St.Claire Adams', 'Dr.Who', 'Ada Lovelace'])('%j is a name', (name) => {
    expect(containsWebAddress(name)).toBe(false);
    expect(personNameField(120).safeParse(name).success).toBe(true);
  });

  it('the RSVP schema refuses it on the name field', () => {
    const result = rsvpInputSchema.safeParse({ name: 'Free tickets at example.com', email: 'a@example.org' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: MESSAGES.nameWithWebAddress })]);
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
