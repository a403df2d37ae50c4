import type { Theme } from '../shared/theme-model.js';
import type { DocumentStore } from '../store/port.js';
import { resolveTheme } from './rules.js';

export const SETTINGS = 'settings';
export const THEME_DOC = 'theme';

export function createThemeService(store: DocumentStore) {
  return {
    async get(): Promise<Theme> {
      return resolveTheme((await store.get(SETTINGS, THEME_DOC))?.data ?? null);
    },
    async save(theme: Theme): Promise<void> {
      await store.set(SETTINGS, THEME_DOC, theme);
    },
  };
}
export type ThemeService = ReturnType<typeof createThemeService>;
