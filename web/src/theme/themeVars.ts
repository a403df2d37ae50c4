import type { Theme } from '@shared/theme-model.js';
import { THEME_COLOUR_KEYS, type ThemeColourKey } from './colourKeys.js';
import { DEFAULT_THEME } from '@shared/theme-model.js';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** primaryColor → --color-primary, navbarTextColor → --color-navbar-text. */
export function cssVariableName(key: ThemeColourKey): string {
  const base = key.replace(/Color$/, '');
  return `--color-${base.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * The theme's colours as CSS custom properties for :root. A value that is not
 * a hex colour falls back to the default, so a bad value can never inject CSS.
 */
export function themeToCssVariables(theme: Partial<Theme>): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const key of THEME_COLOUR_KEYS) {
    const value = theme[key];
    vars[cssVariableName(key)] = typeof value === 'string' && HEX.test(value.trim()) ? value.trim() : DEFAULT_THEME[key];
  }
  return vars;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The server fills every field, but the site must never crash on a partial or
 * odd theme: missing or wrongly typed fields take the defaults.
 */
export function withThemeDefaults(input: unknown): Theme {
  if (!isRecord(input)) return DEFAULT_THEME;
  const merged: Record<string, unknown> = { ...DEFAULT_THEME };
  for (const [key, fallback] of Object.entries(DEFAULT_THEME)) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(fallback)) {
      if (Array.isArray(value)) merged[key] = value.filter((item) => typeof item === 'string');
    } else if (isRecord(fallback)) {
      if (isRecord(value)) merged[key] = key === 'sliderContent' || key === 'sliderImages' ? value : { ...fallback, ...value };
    } else if (typeof value === typeof fallback) {
      merged[key] = value;
    }
  }
  return merged as Theme;
}

/** The theme of a GET /theme reply body ({ theme }), with the defaults filled in; null when the body has none. */
export function themeOfReply(reply: unknown): Theme | null {
  const theme = isRecord(reply) ? reply.theme : undefined;
  return isRecord(theme) ? withThemeDefaults(theme) : null;
}
