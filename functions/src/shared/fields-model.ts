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
