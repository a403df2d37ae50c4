import { useEffect, useState } from 'react';

/** How often a shown relative time is brought up to date: '1 minute ago' is at most this late. */
export const RELATIVE_TIME_REFRESH_MS = 15_000;

/**
 * The current time, renewed every `everyMs` while the component is shown, so that a relative time
 * ('2 minutes ago', 'Today at 7:05 PM') does not go stale on a screen left open at the door (issue
 * 24 item 20). A wall-clock minute tick would not do: each time turns its minute at its own second.
 */
export function useNow(everyMs: number = RELATIVE_TIME_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
