import { createContext, useContext, useEffect } from 'react';
import { PROJECT_NAME } from '@shared/constants.js';
import type { Theme } from '@shared/theme-model.js';
import { DEFAULT_THEME } from '@shared/theme-model.js';

export type ThemeStatus = 'loading' | 'loaded' | 'failed';

export interface ThemeState {
  theme: Theme;
  status: ThemeStatus;
  /** Shows a theme the dashboard just saved on the open site, without a reload. */
  apply?: (theme: Theme) => void;
}

export const ThemeContext = createContext<ThemeState>({ theme: DEFAULT_THEME, status: 'loading' });

export function useTheme(): Theme {
  return useContext(ThemeContext).theme;
}

/** The page title: "{page} | {site name}", or the site name alone. */
export function useDocumentTitle(page?: string): void {
  const siteName = useTheme().siteName.trim() || PROJECT_NAME;
  useEffect(() => {
    document.title = page ? `${page} | ${siteName}` : siteName;
  }, [page, siteName]);
}

/** False while a first visit waits for its theme: the page is mounted (loading its data) but hidden. */
export function useThemeShown(): boolean {
  return useContext(ThemeContext).status !== 'loading';
}
