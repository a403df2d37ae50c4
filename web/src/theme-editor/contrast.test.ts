import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@shared/theme-model.js';
import { contrastProblems, contrastRatio, formatRatio, parseHex } from './contrast.js';

describe('contrastRatio (WCAG 2.x)', () => {
  it('is 21 for black on white and 1 for a colour on itself, whichever way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#c4622d', '#c4622d')).toBeCloseTo(1, 5);
  });

  it('matches known values', () => {
    // WebAIM's checker: #777777 on white is 4.48:1 (fails AA), #767676 is 4.54:1 (passes).
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 2);
  });

  it('reads #rgb and #rrggbbaa; a translucent text is seen over its background', () => {
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#00000000', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#00000080', '#ffffff')!).toBeLessThan(21);
  });

  it('is null for anything that is not a hex colour', () => {
    expect(contrastRatio('red', '#ffffff')).toBeNull();
    expect(contrastRatio('#12345', '#ffffff')).toBeNull();
    expect(parseHex('#ggg')).toBeNull();
  });

  it('never rounds a failing ratio up to a pass when shown', () => {
    expect(formatRatio(4.4999)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });
});

describe('contrastProblems', () => {
  it('finds nothing in the default theme, and flags a terracotta too light for the cream (#c4622d, 3.8:1)', () => {
    expect(contrastProblems(DEFAULT_THEME)).toEqual([]);
    const problems = contrastProblems({ ...DEFAULT_THEME, linkColor: '#c4622d', buttonColor: '#c4622d' });
    expect(problems.map((p) => p.text)).toEqual(['linkColor', 'buttonTextColor']);
    for (const problem of problems) expect(problem.ratio).toBeGreaterThan(3.5);
  });

  it('names each failing pair: text, navbar, footer, button, link', () => {
    const problems = contrastProblems({
      ...DEFAULT_THEME,
      textColor: '#eeeeee',
      navbarTextColor: '#fafafa',
      footerTextColor: '#2c3e51',
      buttonColor: '#ffff00',
      linkColor: '#faf6ee',
    });
    expect(problems.map((p) => `${p.text}/${p.background}`)).toEqual([
      'textColor/backgroundColor',
      'linkColor/backgroundColor',
      'navbarTextColor/navbarColor',
      'footerTextColor/footerColor',
      'buttonTextColor/buttonColor',
    ]);
    expect(problems.every((p) => p.ratio < 4.5)).toBe(true);
  });

  it('leaves a pair with an invalid colour to the validation', () => {
    const colours = { ...DEFAULT_THEME, linkColor: '#8a3f17', buttonColor: '#8a3f17' };
    expect(contrastProblems({ ...colours, textColor: 'nope' })).toEqual([]);
  });
});
