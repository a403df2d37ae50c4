import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { DEFAULT_THEME, type Theme } from '@shared/theme-model.js';
import { api } from '../api/client.js';
import { LoadingBlock } from '../ui/Spinner.js';
import { ThemeContext, type ThemeState } from './ThemeContext.js';
import { themeToCssVariables, withThemeDefaults } from './themeVars.js';
import { useSlicedState } from '../ui/useSlicedState.js';
import { afterFirstScreen } from '../ui/firstScreen.js';

const DEFAULT_FAVICON = '/favicon.svg';

/** Where the device keeps the last theme it was given (localStorage). */
export const THEME_STORAGE_KEY = 'theme';

function setFavicon(href: string) {
  let link = document.querySelector<HTMLLinkElement>('link#favicon') ?? document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    link.id = 'favicon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

/** The theme this device was last given, or null (none kept, unreadable, or storage refused). */
export function storedTheme(): Theme | null {
  try {
    const text = localStorage[THEME_STORAGE_KEY] as string | undefined;
    return text ? withThemeDefaults(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

function keep(theme: Theme) {
  try {
    localStorage[THEME_STORAGE_KEY] = JSON.stringify(theme);
  } catch {
    // Private mode or a full storage: the next visit waits for the theme, as a first one does.
  }
}

/**
 * Asks GET /theme at once and shows the theme this device was last given
 * meanwhile, so the page asks for its own data at the same time (no waterfall)
 * and never shows the wrong colours; the answer replaces it and is kept for the
 * next visit. A first visit (nothing kept) shows 'Loading...' until the theme
 * arrives, while the page underneath already loads its data out of sight. When
 * the theme fails, the page renders with the defaults (silently, SPEC §8), or
 * with the kept theme. `firstTheme`, the theme this page load has already
 * received (main.tsx waits for it on a first visit), shows at once, is kept, and
 * is not asked again. Colours become CSS custom properties on :root; favicon
 * and title follow the theme; the custom CSS is applied by PublicPageCss, on
 * the public pages only.
 */
export function ThemeProvider({ children, firstTheme = null }: { children: ReactNode; firstTheme?: Theme | null }) {
  const [state, setState] = useSlicedState<ThemeState>(() => {
    const kept = firstTheme ?? storedTheme();
    return kept ? { theme: kept, status: 'loaded' } : { theme: DEFAULT_THEME, status: 'loading' };
  });

  useEffect(() => {
    if (firstTheme) {
      keep(firstTheme);
      return;
    }
    const controller = new AbortController();
    api
      .getTheme(controller.signal)
      .then((reply) => {
        const theme = withThemeDefaults(reply);
        keep(theme);
        setState({ theme, status: 'loaded' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState((last) => ({ theme: last.status === 'loading' ? DEFAULT_THEME : last.theme, status: 'failed' }));
      });
    return () => controller.abort();
  }, [firstTheme, setState]);

  const { theme, status } = state;
  const loading = status === 'loading';

  useLayoutEffect(() => {
    const root = document.documentElement.style;
    for (const [name, value] of Object.entries(themeToCssVariables(theme))) root.setProperty(name, value);
  }, [theme]);

  // The theme's favicon is asked for once the page's first screen has painted: it can wait.
  useEffect(() => (loading ? undefined : afterFirstScreen(() => setFavicon(theme.favicon || DEFAULT_FAVICON))), [theme.favicon, loading]);

  return (
    <ThemeContext.Provider
      value={{
        theme,
        status,
        apply: (saved) => {
          keep(saved);
          setState({ theme: saved, status });
        },
      }}
    >
      {/* The custom CSS is PublicPageCss's, inside the router: public pages only. */}
      {loading ? <PageLoading /> : null}
      {/* Mounted (and loading its data) while the theme is on its way; shown once it is here. */}
      <div hidden={loading}>{children}</div>
    </ThemeContext.Provider>
  );
}

/**
 * A whole page's 'Loading...', on the page's background. index.html carries the same markup,
 * shown from the first paint until the script replaces it (PageLoading.test.tsx keeps them equal).
 */
export function PageLoading() {
  return <LoadingBlock className="page-loading" />;
}
