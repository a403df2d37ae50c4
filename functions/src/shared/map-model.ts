/**
 * The map link of an event's location (issue 26 item 5), declared once for the site (the event
 * page) and the e-mails. A map search needs no API key and takes any free-text place, which is
 * what an event's location is; no zod: public pages import it.
 */

/** A map search for the location, or '' when there is no location to find (then nothing is linked). */
export function mapSearchUrl(location: string | null | undefined): string {
  const place = (location ?? '').trim();
  if (!place) return '';
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}
