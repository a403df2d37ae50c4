/**
 * A feature's icon on the About section (issue 24 item 15): an emoji shows as an empty box where the
 * system has no emoji font, so the theme's emoji are drawn as SVG, in the site's colours. The
 * defaults' emoji have drawings of their own; any other emoji a generic
 * leaf; an icon that is no emoji (a letter, a number) is shown as typed.
 */
const DRAWINGS: Record<string, string> = {
  // A sprout: restoration, planting.
  sprout: 'M12 21v-9M12 12c0-4 3-7 8-7 0 4-3 7-8 7zM12 14c0-3-2.5-5.5-7-5.5 0 3 2.5 5.5 7 5.5z',
  // A bird in flight: wildlife.
  bird: 'M2.5 9c3-2 6-1.5 9.5 2 3.5-3.5 6.5-4 9.5-2-3 .5-5.5 2.5-7 6-1 2.2-2 3-2.5 3s-1.5-.8-2.5-3c-1.5-3.5-4-5.5-7-6z',
  // Four-pointed stars: dark skies, night programmes.
  sparkles: 'M10 3l1.6 4.4L16 9l-4.4 1.6L10 15l-1.6-4.4L4 9l4.4-1.6zM18 13l.9 2.1L21 16l-2.1.9L18 19l-.9-2.1L15 16l2.1-.9z',
  // A leaf: anything else.
  leaf: 'M5 19c0-8 5-14 15-14 0 10-6 15-14 15M5 19c3-4 6-7 10-9',
};

const BY_EMOJI: Record<string, keyof typeof DRAWINGS> = { '🌱': 'sprout', '🦅': 'bird', '✨': 'sparkles' };

const EMOJI = /\p{Extended_Pictographic}/u;

export function FeatureIcon({ icon }: { icon: string }) {
  const text = icon.trim();
  // Variation selectors (U+FE0F) and joiners follow some emoji: the first character names it.
  const drawing = BY_EMOJI[[...text][0] ?? ''] ?? (EMOJI.test(text) ? 'leaf' : null);
  if (!drawing) return <>{text}</>;
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
      <path d={DRAWINGS[drawing]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
