/**
 * Per-ticket-type quotas inside an event's capacity (issue 26 item 4): the wording said by the API
 * and the event form alike, and the one check of a set of quotas against the event's types and
 * capacity. Zod-free and apart from events-model.ts, so the public pages carry none of it (they only
 * read `ticketsLeft` and the short words in events-model.ts).
 */

/** A quota's value: a whole number of tickets, at least 1; an empty field is 'no quota'. */
export const QUOTA_MESSAGES = {
  whole: 'A ticket type quota must be a whole number of at least 1, or empty for no quota',
  unknownType: (ticketType: string) => `There is no ticket type '${ticketType}' to give a quota`,
  aboveCapacity: (ticketType: string) => `The quota of '${ticketType}' cannot be more than the maximum attendees`,
  /** Mirrors MESSAGES.capacityBelowRegistered and its count in brackets. */
  belowTaken: (ticketType: string, taken: number) => `The quota of '${ticketType}' cannot be lower than the number of its tickets already taken (${taken})`,
  /** A registration or order refused by its type's quota (the event itself may still have seats). */
  soldOut: (ticketType: string) => `No '${ticketType}' tickets left`,
} as const;

/** Where a quota's error is shown: the form's field of that type (and the API's `field`). */
export const quotaField = (ticketType: string) => `ticketQuotas.${ticketType}`;

/**
 * What is wrong with a set of quotas, each with its type (its field is quotaField(type)): a type the event does not have, a quota
 * above the event's capacity (null: no capacity, no bound). Values are already whole numbers >= 1.
 */
export function quotaProblems(event: { ticketTypes: string[]; maxAttendees: number | null; ticketQuotas: Record<string, number> }): { ticketType: string; message: string }[] {
  const problems: { ticketType: string; message: string }[] = [];
  for (const [ticketType, quota] of Object.entries(event.ticketQuotas)) {
    if (!event.ticketTypes.includes(ticketType)) problems.push({ ticketType, message: QUOTA_MESSAGES.unknownType(ticketType) });
    else if (event.maxAttendees !== null && quota > event.maxAttendees) problems.push({ ticketType, message: QUOTA_MESSAGES.aboveCapacity(ticketType) });
  }
  return problems;
}
