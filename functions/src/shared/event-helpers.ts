import type { EventRecord } from './events.js';

/** Plain helpers over an event, free of zod so the public site can import them; events.ts re-exports them. */
export type EventDisplayStatus = 'Active' | 'Inactive' | 'Archived';

/** SPEC §4: Archived if isArchived, else Active if isActive, else Inactive. */
export function eventDisplayStatus(event: Pick<EventRecord, 'isActive' | 'isArchived'>): EventDisplayStatus {
  if (event.isArchived) return 'Archived';
  return event.isActive ? 'Active' : 'Inactive';
}

/** The lowest ticket price in dollars, or null when the event has no prices. */
export function lowestPrice(event: Pick<EventRecord, 'ticketPrices' | 'ticketTypes'>): number | null {
  const prices = event.ticketTypes
    .map((type) => event.ticketPrices[type])
    .filter((price): price is number => typeof price === 'number' && Number.isFinite(price));
  return prices.length ? Math.min(...prices) : null;
}

/** The path of an event's page: its custom URL when set, else its id. */
export function eventPath(event: Pick<EventRecord, 'id' | 'customUrl'>): string {
  return `/${event.customUrl || event.id}`;
}

