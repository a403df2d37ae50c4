import { SYSTEM, waitlistTarget } from '../audit/actors.js';
import { recordAudit } from '../audit/repository.js';
import type { Clock } from '../clock.js';
import { EVENTS, toEventDetails, type StoredEvent } from '../events/repository.js';
import { coalescingRunner } from '../outbox/leased-jobs.js';
import { queueMail } from '../outbox/outbox.js';
import { assertAcceptingRegistrations } from '../rsvps/rules.js';
import { FREED_SEATS, holdFreedSeatsForWaitlist, putSeatsBackOnSale, readEventShards } from '../seats/repository.js';
import { offerWindowEnd, seatsToOffer } from '../shared/waitlist-model.js';
import type { AuditActor } from '../shared/audit-model.js';
import type { DocumentStore, StoredDocument, Transaction } from '../store/port.js';
import { WAITLIST_ENTRIES, offerMailId, readEntriesOfEvent, type WaitlistEntryDocument } from './repository.js';

/*
 * Issue 28 item 2: automatic offers. Seats freed on an event with a waitlist are recorded by the
 * transaction that frees them (seats/repository.ts FREED_SEATS, which says why there and not here)
 * and stay counted as taken. This worker settles an event in ONE transaction of its own: it reads the
 * event's freed-seat records, its whole line and its shards; expires the offers past their window
 * (their seats join the free ones); holds the free seats for the first entries that fit, in line
 * order (an entry asking more than there is keeps its place, 'accept fewer' takes what there is, and
 * its running offer gets more seats as they free up, up to what it asked),
 * each with its offer e-mail under the offer's own job id; and deletes the records it used. What no
 * entry fits stays held for the line as one record while someone waits; with nobody waiting, or past
 * the offer cut-off, it goes back on sale. Two runs at once read the same documents, so one of them
 * commits and the other runs again on what it left: an offer is made, and an expiry happens, once.
 * Run right after a commit that freed seats and on every scheduled run.
 */

/** Whether offers may still be made for the event now: open for registration and before the cut-off. */
export function offerDeadline(event: StoredDocument<StoredEvent>, now: Date): string | null {
  const details = toEventDetails(event);
  try {
    assertAcceptingRegistrations(details, now);
  } catch {
    return null;
  }
  return offerWindowEnd(details.date, event.data.waitlistClaimHours, now);
}

/** Holds `seats` seats for an entry until `until` and queues its offer e-mail (once per offer: its own job id). */
/** `actor`: the system for an offer made as seats free up, the admin for 'Make offer' by hand (the audit log says which). */
export function makeOffer(tx: Transaction, entry: WaitlistEntryDocument, seats: number, until: string, now: Date, actor: AuditActor = SYSTEM) {
  const offerCount = (entry.data.offerCount ?? 0) + 1;
  tx.update(WAITLIST_ENTRIES, entry.id, { status: 'offered', offerSeats: seats, offerExpiresAt: until, offerCount, updatedAt: now.toISOString() });
  recordAudit(
    tx,
    {
      actor,
      action: 'waitlist.offered',
      target: waitlistTarget(entry.id, entry.data),
      changes: [
        { field: 'offerSeats', before: entry.data.offerSeats ?? null, after: seats },
        { field: 'offerExpiresAt', before: null, after: until },
      ],
    },
    now,
  );
  queueMail(tx, { kind: 'waitlistOffer', to: entry.data.email, waitlistEntryId: entry.id }, now, offerMailId(entry.id, offerCount));
}

export interface SettleResult {
  offers: number;
  expired: number;
  backOnSale: number;
}

/** One event's freed seats and expired offers, settled in one transaction (see above). */
export async function settleEvent(store: DocumentStore, eventId: string, now: Date): Promise<SettleResult> {
  const nowIso = now.toISOString();
  return store.runTransaction(async (tx) => {
    const event = await tx.get(EVENTS, eventId);
    const freed = await tx.query(FREED_SEATS, { where: [['eventId', '==', eventId]] });
    const entries = await readEntriesOfEvent(tx, eventId);
    const shards = event ? await readEventShards(tx, event) : [];
    const result: SettleResult = { offers: 0, expired: 0, backOnSale: 0 };
    let free = freed.reduce((sum, record) => sum + record.data.seats, 0);
    // In line order: those waiting, and running offers of 'accept fewer' that got fewer seats than asked.
    const serve: WaitlistEntryDocument[] = [];
    for (const entry of entries) {
      if (entry.data.status === 'waiting') serve.push(entry);
      if (entry.data.status !== 'offered') continue;
      if (entry.data.offerExpiresAt && entry.data.offerExpiresAt > nowIso) {
        if (!entry.data.together && (entry.data.offerSeats ?? 0) < entry.data.seats) serve.push(entry);
        continue;
      }
      tx.update(WAITLIST_ENTRIES, entry.id, { status: 'expired', offerExpiresAt: null, updatedAt: nowIso });
      recordAudit(tx, { actor: SYSTEM, action: 'waitlist.expired', target: waitlistTarget(entry.id, entry.data) }, now);
      free += entry.data.offerSeats ?? 0;
      result.expired += 1;
    }
    if (!event) {
      for (const record of freed) tx.delete(FREED_SEATS, record.id);
      return result;
    }
    const until = offerDeadline(event, now);
    const stillWaiting: WaitlistEntryDocument[] = [];
    for (const entry of serve) {
      if (entry.data.status === 'offered') {
        // More seats for a running 'accept fewer' offer, up to what it asked, in its same window (no second e-mail: its page shows them).
        const more = until ? Math.min(free, entry.data.seats - (entry.data.offerSeats ?? 0)) : 0;
        if (more > 0) {
          tx.update(WAITLIST_ENTRIES, entry.id, { offerSeats: (entry.data.offerSeats ?? 0) + more, updatedAt: nowIso });
          const change = { field: 'offerSeats', before: entry.data.offerSeats ?? 0, after: (entry.data.offerSeats ?? 0) + more };
          recordAudit(tx, { actor: SYSTEM, action: 'waitlist.offered', target: waitlistTarget(entry.id, entry.data), changes: [change] }, now);
          free -= more;
          result.offers += 1;
        }
        continue;
      }
      const seats = until ? seatsToOffer(entry.data, free) : 0;
      if (seats === 0) {
        stillWaiting.push(entry);
        continue;
      }
      makeOffer(tx, entry, seats, until!, now);
      free -= seats;
      result.offers += 1;
    }
    const keepForLine = until !== null && stillWaiting.length > 0;
    // Nothing changed: the one record of seats kept for the line stays as it is (no rewrite each run).
    if (result.offers === 0 && result.expired === 0 && keepForLine && freed.length <= 1) return result;
    for (const record of freed) tx.delete(FREED_SEATS, record.id);
    if (free > 0 && keepForLine) holdFreedSeatsForWaitlist(tx, eventId, free, now);
    else if (free > 0) {
      putSeatsBackOnSale(tx, event, shards, free);
      result.backOnSale = free;
    }
    return result;
  });
}

/** The events with seats waiting to be settled or offers past their window. */
async function eventsToSettle(store: DocumentStore, nowIso: string): Promise<string[]> {
  const [freed, offered] = await Promise.all([
    store.query(FREED_SEATS),
    store.query(WAITLIST_ENTRIES, { where: [['status', '==', 'offered']] }),
  ]);
  const ids = new Set(freed.map((record) => record.data.eventId));
  for (const entry of offered) if (entry.data.offerExpiresAt && entry.data.offerExpiresAt <= nowIso) ids.add(entry.data.eventId);
  return [...ids];
}

export function createOfferWorker({ store, clock, onMailQueued, logger = console }: { store: DocumentStore; clock: Clock; onMailQueued?: () => void; logger?: Pick<Console, 'error'> }) {
  async function processDue(): Promise<SettleResult> {
    const now = clock.now();
    const total: SettleResult = { offers: 0, expired: 0, backOnSale: 0 };
    for (const eventId of await eventsToSettle(store, now.toISOString())) {
      try {
        const result = await settleEvent(store, eventId, now);
        total.offers += result.offers;
        total.expired += result.expired;
        total.backOnSale += result.backOnSale;
      } catch (error) {
        logger.error(`Settling the waitlist of event ${eventId} failed; retried on the next run`, error);
      }
    }
    if (total.offers > 0) onMailQueued?.();
    return total;
  }
  const runner = coalescingRunner(processDue, (error) => logger.error('The waitlist offer worker failed', error));
  return { processDue, kick: runner.kick, whenIdle: runner.whenIdle };
}
export type OfferWorker = ReturnType<typeof createOfferWorker>;
