import { useEffect, useState } from 'react';
import type { PublicEventRecord } from '@shared/events-model.js';
import { api } from '../api/client.js';
import { StateBlock } from '../ui/StateBlock.js';
import { EventCard } from './EventCard.js';
import { eventsLoadErrorText } from './errors.js';
import { visibleEvents } from './format.js';
import './events.css';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; events: PublicEventRecord[] };

export function EventsList({ onSettled }: { onSettled?: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api
      .listEvents(controller.signal)
      .then((events) => setState({ status: 'loaded', events: visibleEvents(events) }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: eventsLoadErrorText(error) });
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (state.status !== 'loading') onSettled?.();
  }, [state.status, onSettled]);

  return (
    <section id="events" className="section events-section" aria-labelledby="events-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">Get involved</span>
          <h2 id="events-title">Upcoming Events</h2>
          <p>Hikes, talks, restoration days and evenings under the stars. Pick one and join us.</p>
        </div>
        {state.status === 'loading' ? (
          <StateBlock kind="loading" label="Loading events..." />
        ) : state.status === 'error' ? (
          <StateBlock kind="error" plain message={state.message} />
        ) : state.events.length === 0 ? (
          <StateBlock kind="empty" title="No upcoming events">
            <p>Check back soon for new events!</p>
          </StateBlock>
        ) : (
          <ul className="events-grid" aria-label="Upcoming events">
            {state.events.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
