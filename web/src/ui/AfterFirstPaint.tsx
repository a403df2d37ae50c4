import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the rest of the page has been committed, as a transition (in slices,
 * yielding to the browser): what a page shows first (the landing page's hero, an event's picture
 * and title) paints without waiting for the part below it, which on a phone takes as long again to
 * render. Until then it holds `minHeight`, so nothing on screen moves when that part arrives: the
 * footer stays below the fold.
 */
export function AfterFirstPaint({ children, minHeight = '100vh' }: { children: ReactNode; minHeight?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : <div style={{ minHeight }} />;
}
