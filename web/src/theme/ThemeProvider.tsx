import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { DEFAULT_THEME } from '@shared/theme-model.js';
import { api } from '../api/client.js';
import { Spinner } from '../ui/Spinner.js';
import { ThemeContext, type ThemeState } from './ThemeContext.js';
import { themeToCssVariables, withThemeDefaults } from './themeVars.js';
import './theme.css';

const DEFAULT_FAVICON = '/favicon.svg';

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

/**
 * Loads GET /theme once, shows 'Loading...' meanwhile, and renders with the
 * defaults when it fails (silently, SPEC §8). Colours become CSS custom
 * properties on :root; favicon and title follow the theme; the custom CSS goes
 * into a <style> element as text, so it cannot break out into markup.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ThemeState>({ theme: DEFAULT_THEME, status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api
      .getTheme(controller.signal)
      .then((theme) => setState({ theme: withThemeDefaults(theme), status: 'loaded' }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ theme: DEFAULT_THEME, status: 'failed' });
      });
    return () => controller.abort();
  }, []);

  const { theme, status } = state;

  useLayoutEffect(() => {
    const root = document.documentElement.style;
    for (const [name, value] of Object.entries(themeToCssVariables(theme))) root.setProperty(name, value);
  }, [theme]);

  useEffect(() => {
    if (status === 'loading') return;
    setFavicon(theme.favicon || DEFAULT_FAVICON);
  }, [theme.favicon, status]);

  if (status === 'loading') {
    return (
      <div className="page-loading">
        <Spinner label="Loading..." />
      </div>
    );
  }

  return (
    <ThemeContext.Provider value={{ theme, status, apply: (saved) => setState({ theme: saved, status }) }}>
      {theme.customCSS ? <style data-theme-css="">{theme.customCSS}</style> : null}
      {children}
    </ThemeContext.Provider>
  );
}
