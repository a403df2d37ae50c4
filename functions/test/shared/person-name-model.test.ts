import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, MAIL_MESSAGES } from '../../src/shared/mail-model.js';
import { contactMessageSchema } from '../../src/shared/mail.js';
import { normalisePersonName, PERSON_NAME_MAX_WORDS, PERSON_NAME_MESSAGES, personNameProblem } from '../../src/shared/person-name-model.js';

/** The rule as the validators apply it: normalised first, then checked. */
const problemOf = (raw: string) => personNameProblem(normalisePersonName(raw));

describe('normalisePersonName (issue 23 item 3)', () => {
  it.each([
    ['  Ada   Lovelace  ', 'Ada Lovelace'],
    ['Ada\tLovelace\n', 'Ada Lovelace'],
    ['Ada\u00a0Lovelace', 'Ada Lovelace'],
    ['Ada\u3000Lovelace', 'Ada Lovelace'],
    // NFKC: fullwidth letters and punctuation, ligatures, roman numerals, composed accents.
    ['ｅｖｉｌ．ｃｏｍ', 'evil.com'],
    ['Ｊｏｈｎ Ｓｍｉｔｈ', 'John Smith'],
    ['Henry Ⅷ', 'Henry VIII'],
    ['ﬁona', 'fiona'],
    ['Jose\u0301', 'José'],
    ['Ｏ’Ｂｒｉｅｎ', 'O’Brien'],
    ['Jean\u2011Luc', 'Jean\u2010Luc'],
    // Invisible characters go: zero-width space/joiners, bidi controls, soft hyphen, BOM, Hangul filler.
    ['Ada\u200bLovelace', 'AdaLovelace'],
    ['evil\u200b.\u200dcom', 'evil.com'],
    ['\u202eecilA', 'ecilA'],
    ['Ada\u2066 Lovelace\u2069', 'Ada Lovelace'],
    ['Love\u00adlace', 'Lovelace'],
    ['\ufeffAda', 'Ada'],
    ['\u3164', ''],
    ['Ada\u0007 Lovelace', 'Ada Lovelace'],
    ['\u200b \u200b', ''],
  ])('%j is %j', (raw, normalised) => {
    expect(normalisePersonName(raw)).toBe(normalised);
  });

  it('is idempotent', () => {
    for (const raw of ['ｅｖｉｌ．ｃｏｍ', ' Zoë  d’Arc ', 'Nguyễn Thị Minh Khai', 'a\u200b\u0301b']) {
      const once = normalisePersonName(raw);
      expect(normalisePersonName(once)).toBe(once);
    }
  });
});

describe('personNameProblem: what is a name (issue 23 item 3)', () => {
  it.each([
    'Ada Lovelace',
    'J. R. R. Tolkien',
    'J.R.R. Tolkien',
    'J.R. Smith',
    'A.J. Styles',
    "Mary-Jane O'Neil",
    'O’Brien',
    'O‘Brien',
    'José Álvarez',
    'Nguyễn Thị Minh Khai',
    '李小龙',
    'Zoë d\'Arc',
    'St. John',
    'Dr. Ada Lovelace',
    'Ana María de la Cruz',
    'Jean-Luc Picard Jr.',
    'Smith, Jr.',
    'Martin Luther King, Jr.',
    'Henry VIII',
    'Robert (Bob) Smith',
    'Gal·la Puig',
    '约翰·史密斯',
    'ジョン・スミス',
    'さくら',
    '김민준',
    'Алексей Иванов',
    'Γιώργος Παπαδόπουλος',
    'محمد بن سلمان',
    'דוד בן־גוריון',
    'ג׳ורג׳',
    'अमिताभ बच्चन',
    'สมชาย ใจดี',
    'Kalaniʻōpuʻu',
    '’t Hooft',
    'Q',
    'J.-P. Sartre',
    'Maria da Conceição dos Santos Pereira de Oliveira',
    'Abu Bakr ibn Muhammad ibn Abd al Rahman al Baghdadi',
  ])('%j is a name', (name) => {
    expect(normalisePersonName(name)).toBe(name);
    expect(personNameProblem(name)).toBeNull();
  });

  it.each([
    // The issue's findings.
    'Call +1 888 555 0100 to avoid a $499 charge',
    // Digits of any kind, once folded.
    'Call 888 555 0100',
    'Call 888-555-0100',
    'John Smith 2nd',
    'Agent 007',
    'Ada ８８８',
    'Ada ٣٣٣',
    'Ada²',
    // Addresses, schemes and symbols.
    'http://x',
    'https://evil.example',
    'mailto:ada',
    'javascript:alert',
    'ada@example',
    'bit/ly',
    'example[.]com',
    'Ada $ Lovelace',
    'Ada & Bob',
    'Ada_Lovelace',
    'Ada; Lovelace',
    'Ada! Lovelace',
    'Ada "Lovelace"',
    '<b>Ada</b>',
    'evil。com',
    'evil｡com',
    // Emoji and other symbols.
    'Ada 😀',
    'Ada ❤',
    '★ Ada ★',
    // Nothing that is a letter.
    '',
    ' ',
    '...',
    "-'",
  ])('%j is refused: letters only', (raw) => {
    expect(problemOf(raw)).toBe(PERSON_NAME_MESSAGES.lettersOnly);
  });

  it.each([
    // The issue's findings.
    'acme-login.wtf',
    'ｅｖｉｌ．ｃｏｍ',
    'evil\u200b.com',
    'evil\u2024com',
    'www.example.org',
    'example.com',
    'Claim at evil.co.uk',
    'win.XYZ',
    'Visit acme-login .wtf',
    'evil(.)com',
    'evil.(com)',
    "evil.'com",
    'evil.-com',
    'пример.рф',
    'ejemplo.españa',
    'Dr.Who',
    'St.John',
    'A.Smith',
  ])('%j is refused: web address', (raw) => {
    expect(problemOf(raw)).toBe(PERSON_NAME_MESSAGES.webAddress);
  });

  it(`allows ${PERSON_NAME_MAX_WORDS} words, not more; punctuation alone is no word`, () => {
    const words = (n: number) => Array.from({ length: n }, () => 'Ana').join(' ');
    expect(personNameProblem(words(PERSON_NAME_MAX_WORDS))).toBeNull();
    expect(personNameProblem(`${words(PERSON_NAME_MAX_WORDS)} - ,`)).toBeNull();
    expect(personNameProblem(words(PERSON_NAME_MAX_WORDS + 1))).toBe(PERSON_NAME_MESSAGES.tooManyWords);
    expect(problemOf('Your account is locked please reply to this message today or lose it')).toBe(PERSON_NAME_MESSAGES.tooManyWords);
  });
});

describe('the forms that send a name we print in e-mails use the rule (issue 23 item 3)', () => {
  const contact = (name: unknown) => contactMessageSchema.safeParse({ name, email: 'ada@example.org', message: 'Hello' });

  it.each([
    ['Call +1 888 555 0100 to avoid a $499 charge', PERSON_NAME_MESSAGES.lettersOnly],
    ['acme-login.wtf', PERSON_NAME_MESSAGES.webAddress],
    ['ｅｖｉｌ．ｃｏｍ', PERSON_NAME_MESSAGES.webAddress],
  ])('the contact form refuses %j at the name', (name, message) => {
    expect(contact(name).error?.issues).toEqual([expect.objectContaining({ path: ['name'], message })]);
  });

  it('the contact form keeps its own wording for a missing or long name', () => {
    expect(contact(undefined).error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: MAIL_MESSAGES.nameRequired })]);
    expect(contact(' \u200b ').error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: MAIL_MESSAGES.nameRequired })]);
    expect(contact('A'.repeat(CONTACT_LIMITS.name + 1)).error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: MAIL_MESSAGES.nameTooLong })]);
  });

  it('the contact form keeps the normalised name', () => {
    expect(contact(' Ｏ’Ｂｒｉｅｎ\u200b ').data?.name).toBe('O’Brien');
  });
});
