import { useSearchParams } from 'react-router';
import { EventOverview } from './EventOverview.js';
import { OverviewCards } from './OverviewCards.js';
import './overview.css';

/**
 * The Overview tab (issue 30, admins' first tab): the upcoming events as cards, or one event's
 * page when ?event= names it (?tab=overview&event=<id>, deep-linkable; the Events tab links there).
 */
export default function OverviewTab() {
  const [params] = useSearchParams();
  const eventId = params.get('event');
  return eventId ? <EventOverview key={eventId} eventId={eventId} /> : <OverviewCards />;
}
