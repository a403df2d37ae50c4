/**
 * A person's name as the site accepts it (issue 23 item 3), without zod: the registration
 * and contact validators (rsvps.ts, mail.ts) and the browser's forms use these, so the
 * site refuses exactly what the API refuses.
 *
 * Names are printed in e-mails we send (tickets, confirmations, the contact receipt), so a
 * stranger could otherwise make our mail carry their words: 'Call +1 888 555 0100 to avoid
 * a $499 charge', or a look-alike domain such as `acme-login.wtf`. A name is letters (any
 * script) with the few marks names use; no digits, no symbols, and no period followed by
 * two letters, which is how every domain ends (`evil.com`) and no name needs ('Dr. Ada
 * Lovelace' and 'J.R.R. Tolkien' pass).
 */

/** The most words (runs of text between spaces holding a letter) a name may have. */
export const PERSON_NAME_MAX_WORDS = 10;

/** What a refused name is told, at the name field. */
export const PERSON_NAME_MESSAGES = {
  lettersOnly: 'Please enter your name using letters only (no numbers, links or web addresses)',
  // 'Dr.Who' is refused the same way, hence the hint.
  webAddress: 'Please enter your name without web addresses (put a space after a period, as in "Dr. Ada Lovelace")',
  tooManyWords: `Please enter your name in at most ${PERSON_NAME_MAX_WORDS} words`,
} as const;

/**
 * The name as we keep and check it: NFKC (fullwidth `ｅｖｉｌ．ｃｏｍ` is `evil.com`, 'Ⅷ' is
 * 'VIII'), without invisible characters (zero-width spaces and joiners, bidi controls, soft
 * hyphens, Hangul fillers: Unicode's default-ignorable code points) or other control
 * characters, any run of white space one space, trimmed.
 */
export function normalisePersonName(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .normalize('NFKC');
}

// Letters and their combining marks (any script), spaces, apostrophes (' ’ ‘ and the Hebrew
// geresh), hyphens (- ‐ and the Hebrew maqaf), periods and commas ('Smith, Jr.'), parentheses for a nickname
// ('Robert (Bob) Smith') and the middle dots of Catalan ('Gal·la') and of foreign names in
// Chinese and Japanese ('约翰·史密斯', 'ジョン・スミス'). Everything else is refused:
// digits, '@', '/', ':', '+', '$', brackets, emoji.
const NAME_CHARACTERS = /^[\p{L}\p{M} '’‘׳\-‐־.,()·・]+$/u;
const LETTER = /\p{L}/u;
// A period with two letters after it before any space: the end of a domain (`.com`, `.wtf`,
// `.рф`, `.中国`; no top-level domain has one letter), also when marks stand between to dress it
// up (`evil(.)com`). Initials ('J.R.R.', 'J.-P.') have one letter after each period, and a
// period before a space ('St. John') is no domain.
const DOMAIN_ENDING = /\.[^\s\p{L}]*\p{L}\p{M}*\p{L}/u;

/**
 * Why a normalised name (normalisePersonName) is refused, as the message to show at the
 * field, or null when it is a name. An empty name is refused too; the forms say 'required'
 * before asking this.
 */
export function personNameProblem(name: string): string | null {
  if (!LETTER.test(name) || !NAME_CHARACTERS.test(name)) return PERSON_NAME_MESSAGES.lettersOnly;
  if (DOMAIN_ENDING.test(name)) return PERSON_NAME_MESSAGES.webAddress;
  const words = name.split(' ').filter((word) => LETTER.test(word));
  if (words.length > PERSON_NAME_MAX_WORDS) return PERSON_NAME_MESSAGES.tooManyWords;
  return null;
}
