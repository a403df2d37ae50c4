// The first script a page runs: a separate small chunk (vite.config.ts, bootScript), the page's
// only <script>, so it runs as soon as it arrives rather than after the app's script (the larger
// download, which the HTML preloads and this script runs once the first paint is shown:
// appScript.ts). It asks for the page's data at once, in parallel with that download, and preloads
// the picture the page opens with as soon as the reply that names it is in: the landing page's
// first slide (the theme), an event page's picture (the event).
// The app imports this module too: the same instance, so the client finds its replies.
import { API_BASE, THEME_PATH } from '../api/paths.js';
import { requestEarly } from '../api/earlyResponses.js';
import { eventImagePreload, heroImagePreload, type ImagePreload } from './heroPreload.js';
import { afterFirstContentfulPaint } from '../ui/afterNextPaint.js';
import { runAppScript } from './appScript.js';
import { dataPathsOf, publicPage } from './pageData.js';

const page = publicPage(location.pathname);
const bodies = new Map(dataPathsOf(page).map((path) => [path, requestEarly(`${API_BASE}${path}`)]));

/**
 * The body of the page's GET /theme reply once it has arrived; null when it failed. On a first
 * visit (no theme kept on the device) main.tsx renders the app with it, so the first render has
 * the right theme and images: the page shows 'Loading...' until the theme is in either way.
 */
export const themeReply: Promise<unknown> = bodies.get(THEME_PATH) ?? Promise.resolve(null);

function preloadImage(image: ImagePreload | null) {
  if (!image) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = image.href;
  if (image.srcset) {
    link.setAttribute('imagesrcset', image.srcset);
    link.setAttribute('imagesizes', '100vw');
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

if (page.kind === 'landing') void themeReply.then((body) => preloadImage(heroImagePreload(body)));
if (page.kind === 'event') void bodies.get(page.dataPath)?.then((body) => preloadImage(eventImagePreload(body)));

/**
 * Resolves once the browser reports the page's 'Loading...' (index.html) as shown
 * (afterFirstContentfulPaint; in a background tab or a browser without such reports, a moment
 * after the next frame). The app's script runs after it (appScript.ts), and main.tsx renders after
 * it: an app that arrived before the first frame would otherwise evaluate and run its first render
 * (the page's longest task) first, and hold the first paint back by their whole length on a slow
 * phone.
 */
export const firstPaint = new Promise<void>((resolve) => afterFirstContentfulPaint(resolve));

runAppScript(firstPaint);

/**
 * The app's stylesheets: the build lists them as preloads (vite.config.ts, firstPaintCss), so the
 * first paint ('Loading...', styled by the HTML's own inline stylesheet) waits for none of them.
 * Each is applied here, as soon as this script runs; resolves once all have loaded (or failed:
 * the app then renders as it would have with a failed stylesheet before). On the dev server there
 * are none: the stylesheets come with the modules.
 */
export const stylesApplied = Promise.all(
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-style]')].map(
    (preload) =>
      new Promise<void>((resolve) => {
        const sheet = document.createElement('link');
        sheet.rel = 'stylesheet';
        sheet.crossOrigin = preload.crossOrigin;
        sheet.href = preload.href;
        sheet.addEventListener('load', () => resolve());
        sheet.addEventListener('error', () => resolve());
        preload.after(sheet);
      }),
  ),
);

/** When main.tsx renders the app: after the first paint, with its stylesheets applied. */
export const appMayRender: Promise<unknown> = Promise.all([firstPaint, stylesApplied]);
