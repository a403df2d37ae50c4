export interface SponsorLogo {
  id: string;
  name: string;
  logo: string;
  /** http(s) only, checked by the API (issue 26 item 6); absent or '' leaves the logo unlinked. */
  website?: string;
}

/** Shown when the sponsors request fails (SPEC §4): three placeholder logos. */
export const FALLBACK_SPONSORS: SponsorLogo[] = [
  { id: 'placeholder-1', name: 'Sponsor placeholder 1', logo: '/images/sponsor-placeholder-1.svg' },
  { id: 'placeholder-2', name: 'Sponsor placeholder 2', logo: '/images/sponsor-placeholder-2.svg' },
  { id: 'placeholder-3', name: 'Sponsor placeholder 3', logo: '/images/sponsor-placeholder-3.svg' },
];

/**
 * One copy of the scrolling strip: the list repeated until it holds at least
 * `minItems` logos, so a short list still fills wide screens. The strip shows
 * this copy twice and scrolls by one copy's width, which makes the loop seamless.
 */
export function stripCopy<T>(items: T[], minItems = 8): T[] {
  if (items.length === 0) return [];
  const times = Math.max(1, Math.ceil(minItems / items.length));
  return Array.from({ length: times }, () => items).flat();
}
