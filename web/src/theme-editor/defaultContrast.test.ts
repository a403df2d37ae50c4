import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@shared/theme-model.js';
import { AA_NORMAL_TEXT, contrastRatio, parseHex } from './contrast.js';

// Every colour pair the public and staff pages draw with the default theme passes WCAG AA
// (issue 13, item 6), measured with the same function as the Theme tab's warnings. The pairs
// follow the stylesheets: styles/first-paint.css derives the muted text, the primary tint and the pressed
// button from the theme with color-mix, mirrored by `mix` here.

const t = DEFAULT_THEME;
const WHITE = '#ffffff'; // --color-surface: cards, forms, the navbar, dialogs

/** CSS color-mix(in srgb, a p%, b) of two opaque hex colours. */
function mix(a: string, p: number, b: string): string {
  const [ar, ag, ab] = parseHex(a)!;
  const [br, bg, bb] = parseHex(b)!;
  const channel = (x: number, y: number) =>
    Math.round(x * p + y * (1 - p))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

/** A colour drawn at an opacity, as #rrggbbaa (contrastRatio lays it over its background). */
function withOpacity(hex: string, opacity: number): string {
  return `${hex}${Math.round(opacity * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

const muted = mix(t.textColor, 0.68, t.backgroundColor); // --color-muted
const primarySoft = mix(t.primaryColor, 0.12, t.backgroundColor); // --color-primary-soft: tags, badges, hovered links
const buttonPressed = mix(t.buttonColor, 0.85, '#000000'); // .btn-primary:hover
const fieldBorder = mix(t.textColor, 0.5, t.borderColor); // --color-field-border: inputs, selects, the card field

const TEXT_PAIRS: [label: string, text: string, background: string][] = [
  ['text on the cream background', t.textColor, t.backgroundColor],
  ['text on cards', t.textColor, WHITE],
  ['muted text on the cream background', muted, t.backgroundColor],
  ['muted text on cards', muted, WHITE],
  ['placeholders (muted) in fields', muted, WHITE],
  ['headings on the cream background', t.headerColor, t.backgroundColor],
  ['headings on cards', t.headerColor, WHITE],
  ['secondary text (check-in) on cards', t.secondaryColor, WHITE],
  ['links on the cream background', t.linkColor, t.backgroundColor],
  ['links on cards', t.linkColor, WHITE],
  ['primary text (eyebrows, prices, date badges) on the cream background', t.primaryColor, t.backgroundColor],
  ['primary text on cards', t.primaryColor, WHITE],
  ['primary text on its tint (tags, role badge, hovered navbar links)', t.primaryColor, primarySoft],
  ['navbar text on the navbar', t.navbarTextColor, t.navbarColor],
  ['footer text on the footer', t.footerTextColor, t.footerColor],
  // The footer's headings are drawn at 80 % opacity, its small print at 85 %.
  ['footer headings on the footer', withOpacity(t.footerTextColor, 0.8), t.footerColor],
  ['button text on buttons', t.buttonTextColor, t.buttonColor],
  ['button text on a pressed button', t.buttonTextColor, buttonPressed],
];

describe('the default theme passes WCAG AA contrast', () => {
  it.each(TEXT_PAIRS)('%s (at least 4.5:1)', (_label, text, background) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it('keeps the warm terracotta primary: red over green over blue, and the links and buttons use it', () => {
    const [r, g, b] = parseHex(t.primaryColor)!;
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    expect(t.linkColor).toBe(t.primaryColor);
    expect(t.buttonColor).toBe(t.primaryColor);
  });

  it('draws focus rings at least 3:1 against what is around them (WCAG 1.4.11)', () => {
    for (const background of [t.backgroundColor, WHITE, t.navbarColor]) {
      expect(contrastRatio(t.primaryColor, background)).toBeGreaterThanOrEqual(3);
    }
    expect(contrastRatio(t.footerTextColor, t.footerColor)).toBeGreaterThanOrEqual(3);
  });

  it('outlines form fields at least 3:1 against the card and the page (WCAG 1.4.11)', () => {
    expect(contrastRatio(fieldBorder, WHITE)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(fieldBorder, t.backgroundColor)).toBeGreaterThanOrEqual(3);
  });
});
