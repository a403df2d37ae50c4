// Already run by its own script tag (index.html); imported so the app shares its instance, and
// renders once the page's 'Loading...' has been painted and the app's stylesheets apply.
import { appMayRender } from './boot/boot.js';
// Base styles first, so each capability's stylesheet can refine them: the first paint's (which
// index.html also carries inline), then the site's foundations.
import './styles/first-paint.css';
import './styles/base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

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

// A transition: React renders the first page in slices of a few milliseconds, yielding between
// them, instead of one long task that would hold a phone's main thread (Total Blocking Time).
// index.html's 'Loading...' stays on screen until the page is ready.
void appMayRender.then(() => {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
