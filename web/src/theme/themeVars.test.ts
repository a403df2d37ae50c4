import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, THEME_COLOUR_FIELDS } from '@shared/theme-model.js';
import { THEME_COLOUR_KEYS } from './colourKeys.js';
import { cssVariableName, themeOfReply, themeToCssVariables, withThemeDefaults } from './themeVars.js';

describe('theme → CSS variables', () => {
  it('names each colour field as a --color-* property', () => {
    expect(cssVariableName('primaryColor')).toBe('--color-primary');
    expect(cssVariableName('navbarTextColor')).toBe('--color-navbar-text');
    expect(cssVariableName('outerBackgroundColor')).toBe('--color-outer-background');
  });

  it('maps every colour of the theme', () => {
    const vars = themeToCssVariables({ ...DEFAULT_THEME, primaryColor: '#123456', footerColor: '#abc' });
    expect(Object.keys(vars)).toHaveLength(THEME_COLOUR_FIELDS.length);
    expect(vars['--color-primary']).toBe('#123456');
    expect(vars['--color-footer']).toBe('#abc');
    expect(vars['--color-background']).toBe(DEFAULT_THEME.backgroundColor);
    expect(vars['--color-button-text']).toBe('#ffffff');
  });

  it('replaces a value that is not a hex colour with the default, so nothing can be injected', () => {
    const vars = themeToCssVariables({ primaryColor: 'red; background: url(x)' as string, textColor: undefined });
    expect(vars['--color-primary']).toBe(DEFAULT_THEME.primaryColor);
    expect(vars['--color-text']).toBe(DEFAULT_THEME.textColor);
  });

  it('knows the same colour fields as the shared schema', () => {
    expect([...THEME_COLOUR_KEYS].sort()).toEqual([...THEME_COLOUR_FIELDS].sort());
  });
});

describe('withThemeDefaults', () => {
  it('returns the defaults for nothing usable', () => {
    expect(withThemeDefaults(null)).toEqual(DEFAULT_THEME);
    expect(withThemeDefaults('theme')).toEqual(DEFAULT_THEME);
  });

  it('keeps given fields, fills missing ones and ignores wrongly typed ones', () => {
    const theme = withThemeDefaults({ siteName: 'Canyon Friends', primaryColor: 42, socialLinks: { website: 'https://example.org' } });
    expect(theme.siteName).toBe('Canyon Friends');
    expect(theme.primaryColor).toBe(DEFAULT_THEME.primaryColor);
    expect(theme.socialLinks).toEqual({ ...DEFAULT_THEME.socialLinks, website: 'https://example.org' });
    expect(theme.activeSlides).toEqual(DEFAULT_THEME.activeSlides);
  });
});

describe('themeOfReply', () => {
  it("a GET /theme reply's theme, with the defaults filled in", () => {
    const theme = themeOfReply({ success: true, theme: { siteName: 'Canyon Friends', primaryColor: 42 } });
    expect(theme).toEqual({ ...DEFAULT_THEME, siteName: 'Canyon Friends' });
  });

  it('null for a body without a theme', () => {
    for (const reply of [null, undefined, 'x', [], { success: false, message: 'down' }, { theme: 'x' }, { theme: [] }]) expect(themeOfReply(reply)).toBeNull();
  });
});
