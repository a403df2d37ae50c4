import { eventInputSchema, type EventInput, type EventListQuery, type EventUpdate } from '../shared/events.js';
import { EVENTS_PAGE, EVENTS_PAGE_MESSAGES, LOW_TICKETS_LEFT, isReservedSlug, isSoldOut, type EventRecord, type EventsPageReply, type PublicEventRecord } from '../shared/events-model.js';
import { MESSAGES } from '../shared/messages.js';
import { newId } from '../ids.js';
import type { Clock } from '../clock.js';
import type { DocumentStore, StoredDocument, Transaction, WhereClause } from '../store/port.js';
import { RuleError, validateOrRefuse } from '../rule-error.js';
import { queueCalendarFanout } from '../outbox/calendar-jobs.js';
import type { EventChange } from '../outbox/outbox.js';
import { countExpiringHolds, layOutSeats, readSeatPlan, seatsForNewEvent, seatsTaken } from '../seats/repository.js';
import { layOutQuotas, quotaBelowTaken, quotasForNewEvent, readQuotaPlan, typeSeatsTaken } from '../seats/quotas.js';
import { recordAudit } from '../audit/repository.js';
import { changedFields, eventTarget } from '../audit/actors.js';
import type { AuditAction, AuditActor } from '../shared/audit-model.js';
import { EVENTS, EventNotFoundError, toEventDetails, toEventView, toPublicEventView, type EventDetails, type StoredEvent } from './repository.js';
import {
  EventRuleError,
  archived,
  assertCapacityFits,
  assertQuotaFits,
  eventFieldsFromInput,
  eventStatusOf,
  eventToInput,
  isPublic,
  matchesTags,
  restored,
  withActivation,
  withTicketMode,
} from './rules.js';

/**
 * The types of an event with a quota that have few tickets left (LOW_TICKETS_LEFT or fewer), the
 * event's own seats left included; undefined when none is low.
 */
export function lowTicketsLeft(event: EventRecord, typeTaken: Record<string, number>): Record<string, number> | undefined {
  const totalLeft = event.maxAttendees === null ? Number.POSITIVE_INFINITY : Math.max(0, event.maxAttendees - event.attendeeCount);
  const low = Object.entries(event.ticketQuotas ?? {})
    .filter(([type]) => event.ticketTypes.includes(type))
    .map(([type, quota]) => [type, Math.min(totalLeft, Math.max(0, quota - (typeTaken[type] ?? 0)))] as const)
    .filter(([, left]) => left <= LOW_TICKETS_LEFT);
  return low.length ? Object.fromEntries(low) : undefined;
}

/** Where a page of the public list ends: the last event's date and id (ids order events of the same date). */
type PageCursor = { date: string; id: string };

export function encodePageCursor({ date, id }: PageCursor): string {
  return Buffer.from(JSON.stringify([date, id])).toString('base64url');
}

/** The cursor this service made, or null for anything else. */
export function decodePageCursor(cursor: string): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [date, id] = value as unknown[];
    if (typeof date !== 'string' || typeof id !== 'string' || !id || Number.isNaN(Date.parse(date))) return null;
    return { date, id };
  } catch {
    return null;
  }
}

const byDateThenId = (a: StoredDocument<StoredEvent>, b: StoredDocument<StoredEvent>) =>
  a.data.date < b.data.date ? -1 : a.data.date > b.data.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export interface EventServiceDeps {
  store: DocumentStore;
  clock: Clock;
  timeZone: string;
  /** Called after an update that moved the event queued its calendar fan-out, so it runs at once. */
  onCalendarChanged?: () => void;
  /** Called after a commit that may have freed seats for the waitlist (issue 28 item 2), so offers go out at once. */
  onSeatsFreed?: () => void;
  /**
   * Whether the event has volunteer roles with upcoming shifts open to sign-ups (issue 29 item 1: its
   * page links to them). Given by app.ts from volunteers/, which depends on events/, not the other way.
   */
  hasVolunteerRoles?: (eventId: string) => Promise<boolean>;
}

export function createEventService({ store, clock, timeZone, onCalendarChanged, onSeatsFreed, hasVolunteerRoles }: EventServiceDeps) {
  /** The events as the API shows them, each with its seats taken (one query for the shards of up to 30 events). */
  async function withCounts(docs: StoredDocument<StoredEvent>[]): Promise<EventRecord[]> {
    const counts = await seatsTaken(store, docs);
    return docs.map((doc) => toEventView(doc, counts.get(doc.id) ?? 0));
  }

  /**
   * What visitors see of the events; a full one also says how many of its seats are only held (one query
   * per full event); one with quotas, the types with few tickets left (issue 26 item 4; one query for 30 events).
   */
  async function publicViews(events: EventRecord[]): Promise<PublicEventRecord[]> {
    const withQuotas = events.filter((event) => Object.keys(event.ticketQuotas ?? {}).length > 0);
    const typeTaken = withQuotas.length ? await typeSeatsTaken(store, withQuotas.map((event) => event.id)) : new Map<string, Record<string, number>>();
    return Promise.all(
      events.map(async (event) => {
        const view = isSoldOut(event) ? { ...toPublicEventView(event), heldSeats: await countExpiringHolds(store, event.id) } : toPublicEventView(event);
        const ticketsLeft = lowTicketsLeft(event, typeTaken.get(event.id) ?? {});
        return ticketsLeft ? { ...view, ticketsLeft } : view;
      }),
    );
  }

  async function assertCustomUrlFree(tx: Transaction, customUrl: string, ownId?: string) {
    if (!customUrl) return;
    const [sameSlug, sameId] = await Promise.all([
      tx.query(EVENTS, { where: [['customUrl', '==', customUrl]], limit: 2 }),
      tx.get(EVENTS, customUrl),
    ]);
    if (sameSlug.some((doc) => doc.id !== ownId) || (sameId && sameId.id !== ownId)) {
      throw new EventRuleError('CUSTOM_URL_TAKEN', MESSAGES.customUrlTaken, 'customUrl', 'conflict');
    }
  }

  /** Changes one event in a transaction (`change` does all its reads before answering); answers it with its seats taken. */
  async function mutate(
    id: string,
    change: (event: EventDetails, tx: Transaction, doc: StoredDocument<StoredEvent>) => Promise<Partial<StoredEvent>> | Partial<StoredEvent>,
    audit?: { actor: AuditActor; action: AuditAction },
  ) {
    const updated = await store.runTransaction(async (tx) => {
      const doc = await tx.get(EVENTS, id);
      if (!doc) throw new EventNotFoundError();
      const fields = { ...(await change(toEventDetails(doc), tx, doc)), updatedAt: clock.now().toISOString() };
      tx.update(EVENTS, id, fields);
      if (audit) {
        const changes = changedFields(eventToInput(toEventDetails(doc)), eventToInput(toEventDetails({ id, data: { ...doc.data, ...fields } })));
        recordAudit(tx, { ...audit, target: eventTarget(id, doc.data.title), changes }, clock.now());
      }
      return { id, data: { ...doc.data, ...fields } };
    });
    return (await withCounts([updated]))[0];
  }

  /**
   * An event moved in date, time or place (issue 25 item 2): its calendar SEQUENCE goes up and ONE
   * fan-out job is written, in the update's transaction; the scheduled work e-mails each ticket
   * holder. A title or description edit changes no calendar entry anyone must be told about: null.
   */
  function calendarChange(
    tx: Transaction,
    id: string,
    before: StoredEvent,
    after: { date: string; location: string; endDate?: string | null },
  ): Pick<StoredEvent, 'calendarSequence'> | null {
    const changes: EventChange[] = [];
    if (Date.parse(after.date) !== Date.parse(before.date)) changes.push('date');
    if (after.location !== before.location) changes.push('location');
    // The end is in every calendar entry (DTEND) and on the ticket: moving it alone is a change of time too.
    if (!sameInstant(after.endDate, before.endDate)) changes.push('end');
    if (!changes.length) return null;
    const sequence = (before.calendarSequence ?? 0) + 1;
    queueCalendarFanout(tx, { eventId: id, sequence, changes, previous: { date: before.date, location: before.location, endDate: before.endDate ?? null } }, clock.now());
    return { calendarSequence: sequence };
  }

  /** Two optional instants the same (both absent, or the same moment however written). */
  function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
    if (!a || !b) return !a && !b;
    return Date.parse(a) === Date.parse(b);
  }

  async function listEvents(query: EventListQuery, isStaff: boolean): Promise<EventRecord[]> {
    const where: WhereClause[] = [];
    if (!isStaff) {
      where.push(['isActive', '==', true], ['isArchived', '==', false]);
    } else {
      const archivedFilter = query.archived ?? 'false';
      if (archivedFilter !== 'all') where.push(['isArchived', '==', archivedFilter === 'true']);
      if (query.active && query.active !== 'all') where.push(['isActive', '==', query.active === 'true']);
    }
    const docs = await store.query(EVENTS, { where, orderBy: [['date', 'asc']] });
    // Issue 26 item 3: a cancelled event leaves the public list (its own page still says it was cancelled).
    const listed = isStaff ? docs : docs.filter((doc) => !doc.data.cancelledAt);
    return (await withCounts(listed)).filter((event) => matchesTags(event, query.tags));
  }

  return {
    /** Visitors get active, non-archived events whatever they ask, as the public projection; staff may filter and see every field. */
    async list(query: EventListQuery, isStaff: boolean): Promise<EventRecord[] | PublicEventRecord[]> {
      const events = await listEvents(query, isStaff);
      return isStaff ? events : publicViews(events);
    },

    /**
     * One page of the public list: upcoming active events (from now on), soonest first, at most
     * `limit`, after `cursor`. The store orders by date only, so a batch the limit cut short drops
     * its last date's events (some of that date may be missing) and ids order what is left; a
     * batch left with too few asks for twice as many.
     */
    async page(limit: number = EVENTS_PAGE.size, cursor?: string): Promise<Omit<EventsPageReply, 'success'>> {
      const after = cursor === undefined ? null : decodePageCursor(cursor);
      if (cursor !== undefined && !after) throw new RuleError('INVALID_INPUT', EVENTS_PAGE_MESSAGES.cursor, 'invalid', 'cursor');
      const from = after?.date ?? clock.now().toISOString();
      const where: WhereClause[] = [['isActive', '==', true], ['isArchived', '==', false], ['date', '>=', from]];
      for (let batch = limit + 1; ; batch *= 2) {
        const docs = await store.query(EVENTS, { where, orderBy: [['date', 'asc']], limit: batch });
        const cut = docs.length === batch;
        const lastDate = docs.at(-1)?.data.date;
        const whole = (cut ? docs.filter((doc) => doc.data.date !== lastDate) : docs).sort(byDateThenId);
        // Issue 26 item 3: cancelled events are not on the landing page.
        const next = (after ? whole.filter((doc) => doc.data.date > after.date || (doc.data.date === after.date && doc.id > after.id)) : whole).filter(
          (doc) => !doc.data.cancelledAt,
        );
        if (cut && next.length <= limit) continue;
        const page = next.slice(0, limit);
        const last = page.at(-1);
        return {
          events: await publicViews(await withCounts(page)),
          nextCursor: next.length > limit && last ? encodePageCursor({ date: last.data.date, id: last.id }) : null,
        };
      }
    },

    async tags(isStaff: boolean): Promise<string[]> {
      const events = await listEvents({ archived: 'all' }, isStaff);
      return [...new Set(events.flatMap((event) => event.tags))].sort((a, b) => a.localeCompare(b));
    },

    /** By custom URL first, then by id; reserved words and hidden events are not found for visitors, who get the public projection. */
    async get(idOrSlug: string, isStaff: boolean): Promise<EventRecord | PublicEventRecord> {
      const key = idOrSlug.trim();
      if (isReservedSlug(key)) throw new EventNotFoundError();
      const [bySlug] = await store.query(EVENTS, { where: [['customUrl', '==', key.toLowerCase()]], limit: 1 });
      const doc = bySlug ?? (await store.get(EVENTS, key));
      if (!doc) throw new EventNotFoundError();
      const [event] = await withCounts([doc]);
      if (!isStaff && !isPublic(event)) throw new EventNotFoundError();
      // Issue 29 item 1: the page links to the event's volunteer roles; the flag only when it has some.
      const volunteers = (await hasVolunteerRoles?.(event.id)) ? { hasVolunteerRoles: true } : {};
      if (isStaff) return { ...event, ...volunteers };
      return { ...(await publicViews([event]))[0], ...volunteers };
    },

    async create(input: EventInput, actor?: AuditActor): Promise<EventRecord> {
      const fields = eventFieldsFromInput(input, timeZone);
      const now = clock.now().toISOString();
      const id = newId();
      const data: StoredEvent = {
        ...fields,
        isArchived: false,
        eventStatus: eventStatusOf({ isActive: fields.isActive, isArchived: false }),
        createdAt: now,
        updatedAt: now,
        perEmailKeys: true,
      };
      await store.runTransaction(async (tx) => {
        await assertCustomUrlFree(tx, fields.customUrl);
        tx.create(EVENTS, id, { ...data, ...seatsForNewEvent(tx, id, fields.maxAttendees) });
        quotasForNewEvent(tx, id, fields.ticketQuotas);
        if (actor) recordAudit(tx, { actor, action: 'event.created', target: eventTarget(id, fields.title) }, clock.now());
      });
      return toEventView({ id, data }, 0);
    },

    /** Partial update: the merged event is validated as a whole, like a fresh form. */
    async update(id: string, patch: EventUpdate, actor?: AuditActor): Promise<EventRecord> {
      let moved = false;
      const updated = await mutate(id, async (event, tx, doc) => {
        const merged = validateOrRefuse(eventInputSchema, { ...eventToInput(event), ...patch });
        const customUrlChanged = patch.customUrl !== undefined && merged.customUrl !== event.customUrl;
        const fields = eventFieldsFromInput(merged, timeZone, { customUrlChanged });
        if (customUrlChanged) await assertCustomUrlFree(tx, fields.customUrl, id);
        // Quotas per type (issue 26 item 4): a changed quota is read and checked here, laid out with the other writes.
        const quotaPlan = await readQuotaPlan(tx, id, doc.data.ticketQuotas ?? {}, fields.ticketQuotas);
        assertQuotaFits(quotaBelowTaken(quotaPlan, fields.ticketQuotas));
        // Written after every read of the transaction (Firestore's rule), hence a function called last.
        const moveCalendar = () => {
          // Only the fields this edit changed, before and after; an edit that changed nothing is not recorded.
          const changes = changedFields(eventToInput(event), merged);
          if (actor && changes.length) recordAudit(tx, { actor, action: 'event.updated', target: eventTarget(id, event.title), changes }, clock.now());
          layOutQuotas(tx, id, quotaPlan, fields.ticketQuotas);
          const calendar = calendarChange(tx, id, doc.data, fields);
          moved = calendar !== null;
          return calendar;
        };
        if (fields.maxAttendees === event.maxAttendees && doc.data.seatShards !== undefined) return { ...fields, ...withActivation(event, fields.isActive), ...moveCalendar() };
        // A new capacity (or an event still on the old single counter): the seats are laid out again, in this transaction.
        const plan = await readSeatPlan(tx, doc);
        assertCapacityFits(fields.maxAttendees, plan.taken);
        return { ...fields, ...withActivation(event, fields.isActive), ...layOutSeats(tx, id, plan, fields.maxAttendees, doc.data.waitlistActive === true), ...moveCalendar() };
      });
      if (moved) onCalendarChanged?.();
      // A raised capacity may have freed seats for the waitlist (seats/repository.ts FREED_SEATS).
      onSeatsFreed?.();
      return updated;
    },

    archive: (id: string, actor?: AuditActor) => mutate(id, archived, actor && { actor, action: 'event.archived' }),
    unarchive: (id: string, actor?: AuditActor) => mutate(id, restored, actor && { actor, action: 'event.unarchived' }),
    toggleTickets: (id: string, generateTickets?: boolean, actor?: AuditActor) =>
      mutate(id, (event) => withTicketMode(event, generateTickets), actor && { actor, action: 'event.updated' }),
  };
}

export type EventService = ReturnType<typeof createEventService>;
