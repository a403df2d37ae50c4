import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from './afterNextPaint.js';

/**
 * Renders its children once the rest of the page has been committed and painted, as a transition
 * (in slices, yielding to the browser): what a page shows first (the landing page's hero, an
 * event's picture and title) paints without waiting for the part below it, which on a phone takes
 * as long again to render. Until then it holds `minHeight`, so nothing on screen moves when that
 * part arrives: the footer stays below the fold.
 *
 * "Painted" (afterNextPaint): a React effect alone runs before the browser paints, so the part
 * below was rendered and committed first, and the page's first picture painted after it.
 */
export function AfterFirstPaint({ children, minHeight = '100vh' }: { children: ReactNode; minHeight?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setReady(true))), []);
  return ready ? children : <div style={{ minHeight }} />;
}
