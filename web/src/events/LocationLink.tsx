import { mapSearchUrl } from '@shared/map-model.js';

/**
 * An event's location as a link to a map search (issue 26 item 5), in a new tab so the event page
 * stays open; the tab gets no opener nor referrer. A location that is empty is not linked.
 */
export function LocationLink({ location }: { location: string }) {
  const href = mapSearchUrl(location);
  if (!href) return null;
  return (
    <a className="event-map-link" href={href} target="_blank" rel="noopener noreferrer">
      {location}
      <span className="visually-hidden"> (map, opens in a new tab)</span>
    </a>
  );
}
