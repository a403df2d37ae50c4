// WCAG 2.x contrast between two theme colours: a pure function, so the Theme tab's warnings
// are exactly what the tests say. https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio
import type { ThemeColourKey } from '../theme/colourKeys.js';

/** WCAG AA for normal text. */
export const AA_NORMAL_TEXT = 4.5;

type Rgba = [number, number, number, number];

/** #rgb, #rgba, #rrggbb or #rrggbbaa as 0-255 channels and alpha 0-1; null for anything else. */
export function parseHex(value: string): Rgba | null {
  const hex = value.trim().replace(/^#/, '');
  if (!/^[0-9a-f]+$/i.test(hex) || ![3, 4, 6, 8].includes(hex.length)) return null;
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return [channel(0), channel(1), channel(2), full.length === 8 ? channel(3) / 255 : 1];
}

/** A translucent colour as seen over an opaque one. */
function over([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba {
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const WHITE: Rgba = [255, 255, 255, 1];

/**
 * The contrast ratio (1 to 21) of a text colour on a background colour; a translucent
 * background is taken over white (the page), a translucent text over its background.
 * Null when either is not a hex colour.
 */
export function contrastRatio(text: string, background: string): number | null {
  const fg = parseHex(text);
  const bgRaw = parseHex(background);
  if (!fg || !bgRaw) return null;
  const bg = over(bgRaw, WHITE);
  const a = luminance(over(fg, bg));
  const b = luminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The text and background pairs of the public site that must be readable. */
export const CONTRAST_PAIRS: readonly { text: ThemeColourKey; background: ThemeColourKey; label: string }[] = [
  { text: 'textColor', background: 'backgroundColor', label: 'Text on background' },
  { text: 'headerColor', background: 'backgroundColor', label: 'Headings on background' },
  { text: 'linkColor', background: 'backgroundColor', label: 'Links on background' },
  { text: 'navbarTextColor', background: 'navbarColor', label: 'Navbar text on navbar' },
  { text: 'footerTextColor', background: 'footerColor', label: 'Footer text on footer' },
  { text: 'buttonTextColor', background: 'buttonColor', label: 'Button text on button' },
];

export interface ContrastProblem {
  text: ThemeColourKey;
  background: ThemeColourKey;
  label: string;
  ratio: number;
}

/** Every pair below WCAG AA (4.5:1); pairs with an invalid colour are left to the validation. */
export function contrastProblems(colours: Partial<Record<ThemeColourKey, string>>): ContrastProblem[] {
  return CONTRAST_PAIRS.flatMap((pair) => {
    const ratio = contrastRatio(colours[pair.text] ?? '', colours[pair.background] ?? '');
    return ratio !== null && ratio < AA_NORMAL_TEXT ? [{ ...pair, ratio }] : [];
  });
}

/** 4.48 shows as 4.4, never rounded up into a pass. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
