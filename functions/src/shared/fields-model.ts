/**
 * Field shapes without zod, for forms in the browser and the API's validators
 * (fields.ts) alike: the site checks exactly what the server will.
 */

/** zod's own `z.email()` pattern, declared once so the site and the API accept the same addresses. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** #rgb, #rrggbb or #rrggbbaa. */
export const HEX_COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/**
 * A link or image address: an absolute http(s) URL, a site-relative path, or a
 * page anchor. Anything else (javascript:, data:) is refused so a stored value can
 * never run script when it lands in an href or src. Browsers read a backslash as
 * a slash, so `/\evil.example` would be the protocol-relative `//evil.example`:
 * no backslash anywhere.
 */
export function isSafeUrl(value: string): boolean {
  if (value.includes('\\')) return false;
  return value === '' || /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value) || /^#[\w-]*$/.test(value);
}

/**
 * True when a text holds a web address: http(s)://, www., an IP address or a bare
 * domain such as example.com or evil.co.uk. Names are printed in e-mails we send, so a
 * name must not carry a link (issue 12). 'J. Smith' and "Mary-Jane O'Neil" pass: a
 * domain has no space after its dots.
 */
// After the two-letter country codes: the generic top-level domains mail clients turn into links and
// spam uses most, and the names reserved for examples (RFC 2606). A literal, so bundles that do not
// use it drop it (the landing page reads this file).
const WEB_ADDRESS_PATTERN =
  /https?:|www\.|\b\d{1,3}(?:\.\d{1,3}){3}\b|[a-z0-9-]\.(?:[a-z]{2}|com|net|org|info|biz|xyz|top|site|online|app|dev|io|link|click|shop|store|club|live|pro|win|vip|icu|buzz|cam|gov|edu|zip|mov|tech|fun|space|website|ninja|host|email|cloud|digital|world|today|life|news|blog|page|one|monster|rest|bar|cfd|sbs|lol|quest|bond|ltd|group|agency|company|network|support|services|money|cash|loan|finance|bank|bet|casino|games|work|science|party|review|download|stream|men|mobi|name|asia|cyou|beauty|hair|skin|makeup|example|test|invalid|localhost)\b/i;

export function containsWebAddress(value: string): boolean {
  return WEB_ADDRESS_PATTERN.test(value);
}
