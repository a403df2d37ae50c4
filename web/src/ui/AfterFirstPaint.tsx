import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the rest of the page has been committed and painted, as a transition
 * (in slices, yielding to the browser): what a page shows first (the landing page's hero, an
 * event's picture and title) paints without waiting for the part below it, which on a phone takes
 * as long again to render. Until then it holds `minHeight`, so nothing on screen moves when that
 * part arrives: the footer stays below the fold.
 *
 * "Painted": the next animation frame, then a task (the frame's paint comes between the two). A
 * React effect alone runs before the browser paints, so the part below was rendered and committed
 * first, and the page's first picture painted after it. A background tab runs no frames: the
 * timer covers it.
 */
export function AfterFirstPaint({ children, minHeight = '100vh' }: { children: ReactNode; minHeight?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      startTransition(() => setReady(true));
    };
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(show, 0);
    });
    timer = setTimeout(show, 100);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready ? children : <div style={{ minHeight }} />;
}
