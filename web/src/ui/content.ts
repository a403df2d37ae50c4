/** Plain content helpers used by more than one capability (the landing page, event pages). */

/** The local stock image used when a slide, the about section or an event has no image, or it fails to load. */
export const FALLBACK_IMAGE = '/images/fallback-landscape.svg';

/** Splits text into paragraphs on line breaks, dropping blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
