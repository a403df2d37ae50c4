/**
 * Calls `callback` once the browser has painted its next frame: in a task after the next animation
 * frame, whose paint comes between the two. A tab in the background paints no frames: then after
 * `timeoutMs`. Returns a function that cancels the call.
 */
export function afterNextPaint(callback: () => void, timeoutMs = 100): () => void {
  let timer = setTimeout(run, timeoutMs);
  const frame = requestAnimationFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  });
  function cancel() {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  }
  function run() {
    cancel();
    callback();
  }
  return cancel;
}

/** Whether this browser makes Performance Timeline reports of `entryType` ('paint', 'largest-contentful-paint'). */
export function browserReports(entryType: string): boolean {
  return typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes(entryType);
}

/**
 * Calls `callback` once the browser reports the page's first contentful paint (a paint timing
 * entry, made when that frame reached the screen: a frame or two after it was painted, which is
 * later than afterNextPaint's moment). Where no report comes (a browser without paint timing, a
 * tab in the background), `graceMs` after afterNextPaint's moment. Returns a function that cancels
 * the call.
 */
export function afterFirstContentfulPaint(callback: () => void, graceMs = 250): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reports: PerformanceObserver | undefined;
  const cancelFrame = afterNextPaint(() => {
    timer = setTimeout(run, graceMs);
  });
  function cancel() {
    cancelFrame();
    clearTimeout(timer);
    reports?.disconnect();
  }
  function run() {
    cancel();
    callback();
  }
  if (browserReports('paint')) {
    reports = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    // A report made before this script ran comes too (buffered).
    reports.observe({ type: 'paint', buffered: true });
  }
  return cancel;
}
