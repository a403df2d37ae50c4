import { afterNextPaint, browserReports } from './afterNextPaint.js';

/** The pictures a page shows first (the landing page's first slide, an event's picture) carry this. */
export const FIRST_SCREEN_IMAGES = 'img[fetchpriority="high"]';

/**
 * A page still showing its own 'Loading...' (the theme's, an event's, a ticket's): its first screen
 * is not there yet, and it is not known which pictures it will ask for first.
 */
export const PAGE_LOADING = '.page-loading, [data-page-loading]';

/**
 * How long what can wait waits at most once the first screen is committed (for its pictures on a
 * very slow connection, or for the browser's report). Waiting for a page's own 'Loading...' to go
 * has no cap: the page's data comes, or its error replaces it.
 */
export const FIRST_SCREEN_CAP_MS = 1_500;

/**
 * How long after the first screen's pictures are in a Largest Contentful Paint report may take
 * before the next frames stand in for it. A report comes a frame or two after the paint; none comes
 * when nothing larger than before was painted.
 */
export const FIRST_SCREEN_REPORT_GRACE_MS = 500;

/**
 * How a wait ended, as a performance mark (`first-screen:report`, `first-screen:frames`,
 * `first-screen:cap`): the browser's Performance panel shows when what can wait started and why,
 * and a test tells the browser's report from a fallback that a busy machine can reach first.
 */
export type FirstScreenOpenedBy = 'report' | 'frames' | 'cap';

/** After these the browser reports no more Largest Contentful Paint (a press, a key, a scroll; a hidden tab). */
const REPORTS_END = ['pointerdown', 'keydown', 'scroll', 'visibilitychange'] as const;

/**
 * Whether this page load's first screen is over: once a call has run, later ones (a later page of
 * the app) wait for the next frames only, as they do once someone has pressed, typed or scrolled.
 */
let firstScreenDone = false;

/**
 * Calls `callback` once what the page shows first is on screen: the page has stopped showing its
 * own 'Loading...' (PAGE_LOADING), the pictures it asked for first (FIRST_SCREEN_IMAGES) have
 * loaded or failed, and then, on the page load's first screen, the browser has reported its
 * Largest Contentful Paint: one of those pictures, or (with no picture to wait for) an element
 * still in the page, painted since. Without such reports (none within
 * FIRST_SCREEN_REPORT_GRACE_MS, a browser that makes none, a later page of the app, or once
 * someone has pressed, typed or scrolled): the next frame and one more (afterPresented). Call it
 * from an effect, once the page's first screen (or its 'Loading...') is committed. After `capMs`
 * from the first screen it starts anyway.
 *
 * Why: on a phone's slow connection, every byte fetched before the page's main picture or text is
 * on screen delays it. What can wait (the part below the fold and its chunks, the other slides,
 * the favicon, the sign-in library) starts after this, not beside the first screen. Returns a
 * function that cancels the call.
 */
export function afterFirstScreen(callback: () => void, { capMs = FIRST_SCREEN_CAP_MS } = {}): () => void {
  let pictures: HTMLImageElement[] = [];
  const waiting = new Set<HTMLImageElement>();
  // When the page's own 'Loading...' gave way to its first screen (0: the first screen was there at the call).
  let shownSince = 0;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let pageLoading: MutationObserver | undefined;
  let reports: PerformanceObserver | undefined;
  let cancelFrames: (() => void) | undefined;
  let done = false;
  // Chromium and Firefox report Largest Contentful Paint, older Safari not.
  const waitForReport = !firstScreenDone && browserReports('largest-contentful-paint');

  /** The first screen is committed: wait for its pictures (at most `capMs` from now). */
  function firstScreenIn() {
    timers.push(setTimeout(run, capMs, 'cap'));
    // A picture already loaded may still be painted a frame later: its report is awaited all the same.
    pictures = [...document.querySelectorAll<HTMLImageElement>(FIRST_SCREEN_IMAGES)];
    for (const image of pictures.filter((picture) => !picture.complete)) {
      waiting.add(image);
      image.addEventListener('load', pictureSettled);
      image.addEventListener('error', pictureSettled);
    }
    if (waiting.size === 0) picturesIn();
  }
  /** The reports have ended (or never come): the next frames it is. */
  function byFrames() {
    reports?.disconnect();
    cancelFrames ??= afterPresented(() => run('frames'));
  }
  function reportsEnded(event: Event) {
    if (event.type === 'visibilitychange' && !document.hidden) return;
    firstScreenDone = true;
    if (!pageLoading && waiting.size === 0) byFrames();
  }
  /** The pictures are in: now the report that they, or the page (no picture), are on screen. */
  function picturesIn() {
    if (!waitForReport || firstScreenDone) return byFrames();
    reports = new PerformanceObserver((list) => {
      if (list.getEntries().some(isFirstScreen)) run('report');
    });
    // Reports already made come too (buffered): with no picture to wait for, the page may be on screen already.
    reports.observe({ type: 'largest-contentful-paint', buffered: true });
    timers.push(setTimeout(byFrames, FIRST_SCREEN_REPORT_GRACE_MS));
  }
  function isFirstScreen(entry: PerformanceEntry): boolean {
    const element = (entry as PerformanceEntry & { element?: Element | null }).element;
    if (pictures.length) return pictures.includes(element as HTMLImageElement);
    return !!element?.isConnected && entry.startTime >= shownSince;
  }
  function unlisten(image: HTMLImageElement) {
    image.removeEventListener('load', pictureSettled);
    image.removeEventListener('error', pictureSettled);
  }
  function pictureSettled(this: HTMLImageElement) {
    unlisten(this);
    if (done || !waiting.delete(this)) return;
    if (waiting.size === 0) picturesIn();
  }
  function stop() {
    done = true;
    timers.forEach(clearTimeout);
    pageLoading?.disconnect();
    reports?.disconnect();
    cancelFrames?.();
    if (waitForReport) for (const type of REPORTS_END) removeEventListener(type, reportsEnded, true);
    waiting.forEach(unlisten);
  }
  function run(openedBy: FirstScreenOpenedBy) {
    if (done) return;
    firstScreenDone = true;
    stop();
    performance.mark?.(`first-screen:${openedBy}`);
    callback();
  }

  if (waitForReport) for (const type of REPORTS_END) addEventListener(type, reportsEnded, { capture: true, passive: true });
  if (document.querySelector(PAGE_LOADING)) {
    pageLoading = new MutationObserver(() => {
      if (document.querySelector(PAGE_LOADING)) return;
      pageLoading?.disconnect();
      pageLoading = undefined;
      shownSince = performance.now();
      firstScreenIn();
    });
    pageLoading.observe(document.body, { childList: true, subtree: true });
  } else firstScreenIn();
  return stop;
}

/**
 * afterNextPaint, one frame later. A browser presents a painted frame a little after the task that
 * follows it: waiting for the next frame as well makes sure what starts now comes after the first
 * screen is on screen, not beside it.
 */
function afterPresented(callback: () => void): () => void {
  let cancelSecond: (() => void) | undefined;
  const cancelFirst = afterNextPaint(() => {
    cancelSecond = afterNextPaint(callback);
  });
  return () => {
    cancelFirst();
    cancelSecond?.();
  };
}
