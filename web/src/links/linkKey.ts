// The secret of a link in an e-mail (a ticket's manage link, a payment or confirmation link, an
// order's receipt, a waitlist place) rides in the address's fragment, which browsers never send to
// a server nor put in a Referer. Every page such a link opens reads it here, whatever its capability.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The link's secret from the address's fragment ('#key=...'); '' when there is none. Read by
 * hand, not with URLSearchParams, which would turn a '+' of the secret into a space.
 */
export function linkKeyFromHash(hash: string): string {
  const match = /(?:^|&)key=([^&]*)/.exec(hash.replace(/^#/, ''));
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]).trim();
  } catch {
    return '';
  }
}

/**
 * The link's secret, read once when the page opens. The fragment then leaves the address bar
 * (a replaced history entry), so the secret is not kept in the browser's history nor shown to
 * whoever looks at the screen; the page keeps it in memory for its call (and a retry).
 */
export function useLinkKey(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const [key] = useState(() => linkKeyFromHash(location.hash));
  const hasHash = location.hash !== '';
  useEffect(() => {
    if (hasHash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
  }, [hasHash, navigate, location.pathname, location.search, location.state]);
  return key;
}
