import { useEffect } from 'react';
import type { PublicEventRecord } from '@shared/events-model.js';
import { api } from '../api/client.js';
import { StateBlock } from '../ui/StateBlock.js';
import { EventCard } from './EventCard.js';
import { eventsLoadErrorText } from './errors.js';
import { useSlicedState } from '../ui/useSlicedState.js';
import './events.css';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  // `more`: a next page is on its way ('loading') or failed (its message).
  | { status: 'loaded'; events: PublicEventRecord[]; next: string | null; more?: string };

/**
 * The next upcoming events, a page at a time (GET /events?limit=): the page's work does not grow
 * with the number of events, and 'Show more' adds the next page below the cards already shown.
 */
export function EventsList({ onSettled }: { onSettled?: () => void }) {
  const [state, setState] = useSlicedState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api
      .listEventsPage(null, controller.signal)
      .then((page) => setState({ status: 'loaded', events: page.events ?? [], next: page.nextCursor ?? null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: eventsLoadErrorText(error) });
      });
    return () => controller.abort();
  }, [setState]);

  useEffect(() => {
    if (state.status !== 'loading') onSettled?.();
  }, [state.status, onSettled]);

  const showMore = (shown: Extract<State, { status: 'loaded' }>) => {
    setState({ ...shown, more: 'loading' });
    api.listEventsPage(shown.next).then(
      (page) => setState({ status: 'loaded', events: [...shown.events, ...(page.events ?? [])], next: page.nextCursor ?? null }),
      (error: unknown) => setState({ ...shown, more: eventsLoadErrorText(error) }),
    );
  };

  return (
    <section id="events" className="section events-section" aria-labelledby="events-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">Get involved</span>
          <h2 id="events-title">Upcoming Events</h2>
          <p>Hikes, talks, restoration days and evenings under the stars. Pick one and join us.</p>
        </div>
        {state.status === 'loading' ? (
          <StateBlock kind="loading" className="events-loading" label="Loading events..." />
        ) : state.status === 'error' ? (
          <StateBlock kind="error" plain message={state.message} />
        ) : state.events.length === 0 ? (
          <StateBlock kind="empty" title="No upcoming events">
            <p>Check back soon for new events!</p>
          </StateBlock>
        ) : (
          <>
            <ul className="events-grid" aria-label="Upcoming events">
              {state.events.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
            {state.next ? (
              <div className="events-more">
                {state.more && state.more !== 'loading' ? <StateBlock kind="error" plain message={state.more} /> : null}
                {/* Not disabled while loading: a disabled button would drop the keyboard focus. */}
                <button type="button" className="btn btn-outline" aria-busy={state.more === 'loading'} onClick={() => state.more !== 'loading' && showMore(state)}>
                  {state.more === 'loading' ? 'Loading...' : 'Show more'}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
