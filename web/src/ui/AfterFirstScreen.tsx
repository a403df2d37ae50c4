import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterFirstScreen } from './firstScreen.js';

/**
 * Renders its children once what the page shows first has painted (afterFirstScreen: the
 * landing page's first slide, an event's picture and title), as a transition (in slices,
 * yielding to the browser). The part below waits: on a phone it takes as long again to render,
 * and its chunks and pictures would share the connection with the first screen's. Until then it
 * holds `minHeight`, so nothing on screen moves when that part arrives: the footer stays below
 * the fold.
 */
export function AfterFirstScreen({ children, minHeight = '100vh' }: { children: ReactNode; minHeight?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => startTransition(() => setReady(true))), []);
  return ready ? children : <div style={{ minHeight }} />;
}
