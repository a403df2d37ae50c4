import { DEFAULT_THEME, type Theme } from '../shared/theme-model.js';

type Stored = Partial<Record<keyof Theme, unknown>>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stored values over defaults, one level deep for the nested groups. */
function mergeGroup<T extends Record<string, unknown>>(defaults: T, stored: unknown): T {
  if (!isObject(stored)) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(stored)) {
    if (value === undefined || value === null) continue;
    merged[key] = isObject(defaults[key]) ? mergeGroup(defaults[key] as Record<string, unknown>, value) : value;
  }
  return merged as T;
}

/**
 * The theme a visitor receives: every field of SPEC §3, stored values over the
 * defaults. Button and link colours follow the primary colour unless set (SPEC §9).
 */
export function resolveTheme(stored: Stored | null): Theme {
  const theme = mergeGroup(DEFAULT_THEME as unknown as Record<string, unknown>, stored ?? {}) as unknown as Theme;
  const primaryOverridden = Boolean(stored?.primaryColor);
  if (primaryOverridden && !stored?.buttonColor) theme.buttonColor = theme.primaryColor;
  if (primaryOverridden && !stored?.linkColor) theme.linkColor = theme.primaryColor;
  // Slides the admin saved replace the default slide set rather than mixing with it.
  if (isObject(stored?.sliderContent)) theme.sliderContent = stored.sliderContent as Theme['sliderContent'];
  if (isObject(stored?.sliderImages)) theme.sliderImages = stored.sliderImages as Theme['sliderImages'];
  return theme;
}
