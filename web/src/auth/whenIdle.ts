import { afterFirstScreen } from '../ui/firstScreen.js';

/** Events that mean someone has started on the page: the wait ends at once. */
const STARTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Calls `callback` once: when the browser is next idle after the page's first screen has painted
 * (afterFirstScreen; an idle moment can come before that paint, and what the callback fetches
 * would then share a slow connection with it), or as soon as someone presses, types or focuses
 * anything, whichever comes first. Browsers without requestIdleCallback (Safari) wait 300 ms
 * after that paint instead. Returns a cancel function.
 */
export function whenIdle(callback: () => void, { timeoutMs = 1_500 } = {}): () => void {
  let done = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    done = true;
    for (const type of STARTS) removeEventListener(type, run, true);
    cancelFirstScreen();
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
  function run() {
    if (done) return;
    stop();
    callback();
  }
  const cancelFirstScreen = afterFirstScreen(() => {
    if (done) return;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: timeoutMs });
    else timer = setTimeout(run, 300);
  });
  for (const type of STARTS) addEventListener(type, run, { capture: true, passive: true });
  return stop;
}
