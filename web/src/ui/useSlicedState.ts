import { startTransition, useCallback, useState, type SetStateAction } from 'react';

/**
 * useState whose updates render as a transition: React renders what they change in slices of a
 * few milliseconds, yielding to the browser between them, instead of one long task. For state a
 * page sets when its data arrives (the theme, the events, the sponsors, an event, a ticket): on a
 * phone, a whole list rendered at once blocks input for a quarter of a second (Total Blocking Time).
 */
export function useSlicedState<T>(initial: T | (() => T)) {
  const [state, setState] = useState(initial);
  const setSliced = useCallback((next: SetStateAction<T>) => startTransition(() => setState(next)), []);
  return [state, setSliced] as const;
}
