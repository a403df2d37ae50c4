// Already run by its own script tag (index.html); imported so the app shares its instance, and
// renders once the page's 'Loading...' has been painted and the app's stylesheets apply.
import { appMayRender, themeReply } from './boot/boot.js';
// Base styles first, so each capability's stylesheet can refine them: the first paint's (which
// index.html also carries inline), then the site's foundations.
import './styles/first-paint.css';
import './styles/base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/client.js';
import { THEME_PATH } from './api/paths.js';
import { App, preloadRoute } from './App.js';
import { storedTheme } from './theme/ThemeProvider.js';
import { themeOfReply } from './theme/themeVars.js';

// After a deploy, a page opened before it asks for chunks the new build no longer has (every
// lazy import goes through Vite's preload helper, which reports the failure here): reload once to
// get the new build. A second failure within 10 s is left to the page's own fallback, not a loop.
addEventListener('vite:preloadError', () => {
  // The stored time is a string that `>` compares as a number; with none stored the comparison is false.
  if (!(sessionStorage.reloadAt > Date.now() - 1e4)) {
    sessionStorage.reloadAt = Date.now();
    location.reload();
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A first visit (no theme kept on the device) shows 'Loading...' until the theme is in either way:
// the app waits for it and renders once, with the right theme and the right images, instead of
// rendering the page out of sight with the defaults and again when the theme comes. A returning
// visit renders at once: with the theme if it is already in, else with the kept one meanwhile.
const firstTheme = storedTheme() ? Promise.resolve(null) : themeReply.then(themeOfReply);

// A transition: React renders the first page in slices of a few milliseconds, yielding between
// them, instead of one long task that would hold a phone's main thread (Total Blocking Time).
// index.html's 'Loading...' stays on screen until the page is ready.
// A page in a chunk of its own (the ticket page, the staff area) renders once its chunk is in, at once.
void Promise.all([firstTheme, appMayRender, preloadRoute(location.pathname)]).then(([received]) => {
  const theme = received ?? themeOfReply(api.arrived(THEME_PATH));
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App firstTheme={theme} />
      </StrictMode>,
    );
  });
});
