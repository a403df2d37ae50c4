import { useEffect, useState } from 'react';
import { useSlicedState } from './useSlicedState.js';

/** What a page shows of its own data: a spinner, a message, or the data. */
export type PageData<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; data: T };

export type PageDataSource<T> = {
  /** A refusal known from the address alone (a reserved slug, a blank id): shown at once, nothing is asked. */
  refusal?: string | null;
  /** The reply the boot script already has (api.arrived…), if it is in: the page starts with it and asks nothing. */
  arrived: () => T | undefined;
  /** Asks the API, when neither of the above settled it at the first render. */
  load: (signal: AbortSignal) => Promise<T>;
  /** The message a failed `load` shows. */
  errorText: (error: unknown) => string;
};

/**
 * The data a page is about (an event, a ticket). A page shown with data the boot script brought
 * renders it in its first commit, with no spinner of its own (issue 13); otherwise it asks once
 * it has mounted, and a reply that comes after the page has gone is dropped.
 *
 * Read at mount only: each page is keyed by its id, so a new address is a new page.
 */
export function usePageData<T>(source: PageDataSource<T>): PageData<T> {
  const [mounted] = useState(source);
  const [state, setState] = useSlicedState<PageData<T>>(() => {
    if (mounted.refusal) return { status: 'error', message: mounted.refusal };
    const data = mounted.arrived();
    return data === undefined ? { status: 'loading' } : { status: 'loaded', data };
  });
  // Settled at the first render (refused, or arrived): then nothing is asked, now or later.
  const [mustLoad] = useState(state.status === 'loading');

  useEffect(() => {
    if (!mustLoad) return;
    const controller = new AbortController();
    mounted
      .load(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', data });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: mounted.errorText(error) });
      });
    return () => controller.abort();
  }, [mounted, mustLoad, setState]);

  return state;
}
