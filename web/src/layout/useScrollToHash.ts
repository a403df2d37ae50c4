import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Client-side navigation does not scroll to `#anchor` targets, and sections
 * filled by a request only get their final height later; this scrolls to the
 * hash target on navigation and again whenever `ready` turns true.
 */
export function useScrollToHash(ready = true): void {
  const { hash, key } = useLocation();
  // Back and forward come back to where the reader was (ScrollOnNavigate), not to the anchor; the
  // first page opened ('default' entry) still goes to its anchor.
  const returning = useNavigationType() === 'POP' && key !== 'default';
  useEffect(() => {
    if (!hash || !ready || returning) return;
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
  }, [hash, key, ready, returning]);
}

/** useScrollToHash as an element: placed inside a part rendered later (AfterFirstScreen), it waits for that part too. */
export function ScrollToHash({ ready = true }: { ready?: boolean }): null {
  useScrollToHash(ready);
  return null;
}
