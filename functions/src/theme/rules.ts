import { DEFAULT_THEME, SLIDE_FALLBACK, type Theme } from '../shared/theme-model.js';

type Stored = Partial<Record<keyof Theme, unknown>>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stored values over defaults, nested groups included. Only the defaults' keys are read:
 * the reply is an allowlist of the theme's fields, never whatever the document holds.
 */
function mergeGroup<T extends Record<string, unknown>>(defaults: T, stored: unknown): T {
  if (!isObject(stored)) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = stored[key];
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
  if (isObject(stored?.sliderContent)) {
    const slideKeys = Object.keys(SLIDE_FALLBACK);
    theme.sliderContent = Object.fromEntries(
      Object.entries(stored.sliderContent)
        .filter(([, content]) => isObject(content))
        .map(([id, content]) => [id, Object.fromEntries(slideKeys.filter((key) => (content as Record<string, unknown>)[key] !== undefined).map((key) => [key, (content as Record<string, unknown>)[key]]))]),
    ) as Theme['sliderContent'];
  }
  if (isObject(stored?.sliderImages)) {
    theme.sliderImages = Object.fromEntries(Object.entries(stored.sliderImages).filter(([, url]) => typeof url === 'string')) as Theme['sliderImages'];
  }
  return theme;
}
