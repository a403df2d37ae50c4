import { afterNextPaint } from './afterNextPaint.js';

/** The pictures a page shows first (the landing page's first slide, an event's picture) carry this. */
export const FIRST_SCREEN_IMAGES = 'img[fetchpriority="high"]';

/** How long what can wait waits at most for the first screen, on a very slow connection. */
export const FIRST_SCREEN_CAP_MS = 1_500;

/** Events after which the browser reports no more Largest Contentful Paint. */
const INPUTS = ['pointerdown', 'keydown', 'scroll'] as const;

/**
 * Whether this page load's first screen is known to be on screen already, or can no longer be
 * told by the browser's reports (someone has pressed, typed or scrolled; a later page of the
 * app): then the next frames are enough.
 */
let firstScreenDone = false;

/** Whether this browser reports Largest Contentful Paint (Chromium and Firefox do, older Safari not). */
function reportsLargestPaint(): boolean {
  return typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');
}

/**
 * Calls `callback` once what the page shows first is on screen: the pictures it asked for first
 * (FIRST_SCREEN_IMAGES, in the document now) have loaded or failed, and then, on the page load's
 * first screen, the browser has presented its largest element (a Largest Contentful Paint report
 * for an element still in the page). Without such reports, and on later pages or after someone has
 * pressed, typed or scrolled (the reports stop): the next frame and one more (afterPresented). Call
 * it from an effect, once the page's first screen is committed.
 *
 * Why: on a phone's slow connection, every byte fetched before the page's main picture or text is
 * on screen delays it. What can wait (the part below the fold and its chunks, the other slides,
 * the favicon, the sign-in library) starts after this, not beside the first screen. After `capMs`
 * it starts anyway. Returns a function that cancels the call.
 */
export function afterFirstScreen(callback: () => void, { capMs = FIRST_SCREEN_CAP_MS } = {}): () => void {
  const waiting = new Set([...document.querySelectorAll<HTMLImageElement>(FIRST_SCREEN_IMAGES)].filter((image) => !image.complete));
  const cap = setTimeout(() => run(true), capMs);
  let cancelFrames: (() => void) | undefined;
  let reports: PerformanceObserver | undefined;
  let done = false;

  /** The pictures are in (`at`: when; 0 when none was loading, the first screen being committed already). */
  function picturesIn(at: number) {
    if (firstScreenDone || !reportsLargestPaint()) {
      cancelFrames = afterPresented(() => run(false));
      return;
    }
    for (const type of INPUTS) addEventListener(type, onInput, { capture: true, passive: true });
    reports = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => presented(entry, at))) run(true);
    });
    // Reports already made come too (buffered): the first screen may be on screen already.
    reports.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  function onInput() {
    reports?.disconnect();
    firstScreenDone = true;
    cancelFrames ??= afterPresented(() => run(false));
  }
  function pictureSettled(this: HTMLImageElement) {
    waiting.delete(this);
    if (waiting.size === 0) picturesIn(performance.now());
  }
  function stop() {
    done = true;
    clearTimeout(cap);
    reports?.disconnect();
    cancelFrames?.();
    for (const type of INPUTS) removeEventListener(type, onInput, true);
    for (const image of waiting) {
      image.removeEventListener('load', pictureSettled);
      image.removeEventListener('error', pictureSettled);
    }
  }
  function run(firstScreenShown: boolean) {
    if (done) return;
    if (firstScreenShown) firstScreenDone = true;
    stop();
    callback();
  }

  for (const image of waiting) {
    image.addEventListener('load', pictureSettled);
    image.addEventListener('error', pictureSettled);
  }
  if (waiting.size === 0) picturesIn(0);
  return stop;
}

/** A Largest Contentful Paint report of an element still in the page, painted at or after `since`. */
function presented(entry: PerformanceEntry, since: number): boolean {
  const element = (entry as PerformanceEntry & { element?: Element | null }).element;
  return entry.startTime >= since && !!element?.isConnected;
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
