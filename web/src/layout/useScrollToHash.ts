import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Client-side navigation does not scroll to `#anchor` targets, and sections
 * filled by a request only get their final height later; this scrolls to the
 * hash target on navigation and again whenever `ready` turns true.
 */
export function useScrollToHash(ready = true): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || !ready) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      return;
    }
    const target = document.getElementById(id);
    if (!target) return;
    const frame = requestAnimationFrame(() => target.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash, key, ready]);
}

/** useScrollToHash as an element: placed inside a part rendered later (AfterFirstScreen), it waits for that part too. */
export function ScrollToHash({ ready = true }: { ready?: boolean }): null {
  useScrollToHash(ready);
  return null;
}
