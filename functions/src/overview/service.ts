import type { Clock } from '../clock.js';
import { EventNotFoundError } from '../events/repository.js';
import type { EventOverviewReply, OverviewEventCard, OverviewReply } from '../shared/overview-model.js';
import type { DocumentStore } from '../store/port.js';
import { readAllEvents, readCheckInDoors, readEventById, readOverviewRsvps, readWaitlistLength, type EventDocument } from './repository.js';
import {
  arrivalBuckets,
  countsAsRegistered,
  dayOf,
  eventDays,
  doorCounts,
  isCancellation,
  lastDays,
  lineDays,
  moneyDays,
  moneyMoves,
  netAmount,
  registrationDays,
  seatMoves,
  ticketTypeSplit,
  warningOf,
  type FillHistory,
  type OverviewRsvp,
} from './rules.js';

export interface OverviewServiceDeps {
  store: DocumentStore;
  clock: Clock;
  /** The organisation's time zone: every day of the figures is a day there. */
  timeZone: string;
}

/** Listed on the Overview tab: active, not archived, not cancelled, and its last day (in the organisation's zone) not past. */
function isUpcoming(event: EventDocument, today: string, timeZone: string): boolean {
  const { isActive, isArchived, cancelledAt } = event.data;
  return isActive && !isArchived && !cancelledAt && eventDays(event.data, timeZone).last >= today;
}

/** Seats held, checked in, and paid less refunded, over an event's RSVPs. */
function totalsOf(rsvps: readonly OverviewRsvp[], nowIso: string) {
  let registered = 0;
  let checkedIn = 0;
  let amountTaken = 0;
  for (const rsvp of rsvps) {
    if (countsAsRegistered(rsvp, nowIso)) {
      registered += 1;
      if (rsvp.checkedIn) checkedIn += 1;
    }
    amountTaken += netAmount(rsvp);
  }
  return { registered, checkedIn, amountTaken };
}

/**
 * The organiser's overview (issue 30): each figure computed on request from the stored records, with
 * the lists' rules (rules.ts), one request per view. An event's RSVPs are read with one query on its
 * id (rsvps/repository.ts listRsvpsOfEventUnordered); no aggregate is kept (the one field added to a write is markPaid's paidAt). The bench
 * measures the overview of an event of 2,000 (docs/measurements.md).
 */
export function createOverviewService({ store, clock, timeZone }: OverviewServiceDeps) {
  return {
    /** GET /overview: the upcoming events' cards, soonest first. */
    async overview(): Promise<OverviewReply> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const today = dayOf(now, timeZone);
      const events = (await readAllEvents(store)).filter((event) => isUpcoming(event, today, timeZone)).sort((a, b) => a.data.date.localeCompare(b.data.date) || a.id.localeCompare(b.id));
      const read = await Promise.all(
        events.map(async (event) => {
          const [rsvps, waitlist] = await Promise.all([readOverviewRsvps(store, event.id), readWaitlistLength(store, event)]);
          const history: FillHistory = { id: event.id, eventDay: dayOf(event.data.date, timeZone), capacity: event.data.maxAttendees, moves: seatMoves(rsvps, nowIso, timeZone) };
          return { event, rsvps, waitlist, history };
        }),
      );
      const histories = read.map(({ history }) => history);
      const cards = read.map(({ event, rsvps, waitlist, history }): OverviewEventCard => {
        const totals = totalsOf(rsvps, nowIso);
        return {
          id: event.id,
          title: event.data.title,
          date: event.data.date,
          customUrl: event.data.customUrl,
          capacity: event.data.maxAttendees,
          ...totals,
          last7Days: lastDays(history.moves, today),
          waitlist,
          warning: warningOf({ ...history, registered: totals.registered }, histories, today),
        };
      });
      return { success: true, generatedAt: nowIso, timeZone, events: cards };
    },

    /** GET /events/{id}/overview: one event's totals, lines, ticket types and, from its day on, its door. */
    async eventOverview(eventId: string): Promise<EventOverviewReply> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const today = dayOf(now, timeZone);
      const event = await readEventById(store, eventId);
      if (!event) throw new EventNotFoundError();
      const { first: eventDay, last: lastDay } = eventDays(event.data, timeZone);
      const doorOpen = today >= eventDay;
      const [rsvps, waitlist, doors] = await Promise.all([
        readOverviewRsvps(store, event.id),
        readWaitlistLength(store, event),
        doorOpen ? readCheckInDoors(store, event.id) : Promise.resolve(null),
      ]);
      const totals = totalsOf(rsvps, nowIso);
      const seats = seatMoves(rsvps, nowIso, timeZone);
      const money = moneyMoves(rsvps, timeZone);
      const days = lineDays([...seats.map((move) => move.day), ...money.map((move) => move.day)], today, eventDay);
      const cancelled = rsvps.filter(isCancellation);
      const moneyLine = moneyDays(money, days);
      const checkedIn = rsvps.filter((rsvp) => countsAsRegistered(rsvp, nowIso) && rsvp.checkedIn);
      return {
        success: true,
        generatedAt: nowIso,
        timeZone,
        event: { id: event.id, title: event.data.title, date: event.data.date, customUrl: event.data.customUrl, capacity: event.data.maxAttendees },
        totals: {
          ...totals,
          amountRefunded: money.reduce((sum, move) => sum + move.refunded, 0),
          selfCancellations: cancelled.filter((rsvp) => rsvp.cancelledBy === 'attendee').length,
          adminCancellations: cancelled.filter((rsvp) => rsvp.cancelledBy !== 'attendee').length,
          refunds: rsvps.filter((rsvp) => !rsvp.transferredTo && (rsvp.paymentStatus === 'refunded' || rsvp.amountRefunded > 0)).length,
          waitlist,
        },
        registrations: registrationDays(seats, days),
        money: moneyLine,
        ticketTypes: ticketTypeSplit(rsvps, event.data.ticketTypes, nowIso),
        checkIn: doors
          ? {
              expected: totals.registered,
              checkedIn: checkedIn.length,
              // While the event's days last the line runs to now, so the chart moves on its own.
              arrivals: arrivalBuckets(
                checkedIn.map((rsvp) => rsvp.checkedInAt).filter((at): at is string => Boolean(at)),
                today <= lastDay ? now : null,
              ),
              byDoor: doorCounts(checkedIn.map((rsvp) => doors.get(rsvp.id) ?? null)),
            }
          : null,
      };
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
