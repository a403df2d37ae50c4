import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// Where the reader was on each history entry, by its key (this tab only: a reload is the browser's).
const positions = new Map<string, number>();
let shown = '';
addEventListener('scroll', () => positions.set(shown, scrollY), { passive: true });

/**
 * The site scrolls smoothly (base.css) for a reader's own jumps; a new page is not such a jump. An
 * animated scroll to the top is cut short when the page grows under it (its data arriving), leaving
 * the new page where the last one was (seen in CI on a phone), so a page change moves at once.
 */
function jumpTo(top: number): void {
  scrollTo({ top, left: 0, behavior: 'instant' });
}

/**
 * Where each page starts (issue 24 item 1): a new page at its top, a page reached by back or forward
 * where the reader left it, a `#anchor` address at its target (useScrollToHash, which waits for parts
 * rendered later). React Router's ScrollRestoration needs its data router, whose code every public
 * page would download (the budgets leave no room); this is the same rule for the site's BrowserRouter.
 */
export function ScrollOnNavigate(): null {
  const { key } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    shown = key;
    const saved = positions.get(key);
    if (navigation !== 'POP') {
      // An anchor's target may render later: the page starts at its top meanwhile, never where the last page was.
      jumpTo(0);
      return;
    }
    if (saved === undefined) return;
    // The page may still be growing (its data on the way): tried again as it grows, for up to 3 s,
    // until the position is reached.
    const observer = new ResizeObserver(() => {
      jumpTo(saved);
      if (Math.abs(scrollY - saved) < 2) observer.disconnect();
    });
    observer.observe(document.body);
    const timer = setTimeout(() => observer.disconnect(), 3000);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [key, navigation]);
  return null;
}
