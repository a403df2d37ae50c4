import type { Theme } from '@shared/theme-model.js';
import { DEFAULT_THEME } from '@shared/theme-model.js';

export type ThemeColourKey = Extract<keyof Theme, `${string}Color`>;

/**
 * The theme's colour fields, derived from the shared defaults (the shared
 * THEME_COLOUR_FIELDS sits next to the zod schema, which the public bundle must
 * not pull in; a unit test keeps the two equal).
 */
export const THEME_COLOUR_KEYS = Object.keys(DEFAULT_THEME).filter((key): key is ThemeColourKey => key.endsWith('Color'));
