import type { AuditAction, AuditActor, AuditChange, AuditCheckIn, AuditEntry, AuditTarget } from '../shared/audit-model.js';
import { newId } from '../ids.js';
import { collection, type DocumentStore, type StoredDocument, type Transaction, type WhereClause } from '../store/port.js';

/**
 * The audit log's collection (issue 28 item 4). Append-only: this module is the only one that
 * names it, and it has no update or delete; firestore.rules deny every client read and write.
 * Besides the entry, each document carries what the Activity view filters and orders by:
 * `eventId`, `actorKind`, `actorKey` (a member of staff's e-mail, else the kind), `targetId`, and
 * `seq` (the time, then a counter of this process, then the id: newest first, a page's cursor).
 */
export interface StoredAuditEntry extends Omit<AuditEntry, 'id'> {
  [key: string]: unknown;
  eventId: string | null;
  actorKind: AuditActor['kind'];
  actorKey: string;
  targetId: string;
  seq: string;
}

export const AUDIT_LOG = collection<StoredAuditEntry>('auditLog');

/** What a service says happened; the time is the action's own. */
export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget;
  changes?: AuditChange[];
  reason?: string | null;
  checkIn?: AuditCheckIn | null;
}

let counter = 0;

/** Entries written in the same millisecond by this process keep the order they were written in. */
function sequenceOf(at: string, id: string): string {
  counter = (counter + 1) % 1_000_000_000;
  return `${at}~${String(counter).padStart(9, '0')}~${id}`;
}

/**
 * Writes one entry in the transaction of the action it records, so the action is never recorded
 * without happening, nor the reverse. Call it after the transaction's reads (Firestore's rule).
 */
export function recordAudit(tx: Transaction, record: AuditRecord, now: Date): string {
  const id = newId();
  const at = now.toISOString();
  const { actor } = record;
  tx.create(AUDIT_LOG, id, {
    at,
    actor,
    action: record.action,
    target: record.target,
    changes: record.changes ?? [],
    reason: record.reason ?? null,
    checkIn: record.checkIn ?? null,
    eventId: record.target.eventId,
    actorKind: actor.kind,
    actorKey: actor.kind === 'staff' ? actor.email.toLowerCase() : actor.kind,
    targetId: record.target.id,
    seq: sequenceOf(at, id),
  });
  return id;
}

/** An action that is no transaction of its own (or runs after one): its entry alone, in one. */
export function appendAudit(store: DocumentStore, record: AuditRecord, now: Date): Promise<string> {
  return store.runTransaction(async (tx) => recordAudit(tx, record, now));
}

export function toAuditEntry(doc: StoredDocument<StoredAuditEntry>): AuditEntry {
  const { at, actor, action, target, changes, reason, checkIn } = doc.data;
  return { id: doc.id, at, actor, action, target, changes, reason, checkIn };
}

export interface AuditFilter {
  eventId?: string;
  actorKind?: AuditActor['kind'];
  actorKey?: string;
  action?: AuditAction;
  /** seq >= from */
  from?: string;
  /** seq < before */
  before?: string;
}

/** Newest first, at most `limit`. */
export function queryAudit(store: DocumentStore, filter: AuditFilter, limit: number): Promise<StoredDocument<StoredAuditEntry>[]> {
  const where: WhereClause[] = [];
  if (filter.eventId !== undefined) where.push(['eventId', '==', filter.eventId]);
  if (filter.actorKind !== undefined) where.push(['actorKind', '==', filter.actorKind]);
  if (filter.actorKey !== undefined) where.push(['actorKey', '==', filter.actorKey]);
  if (filter.action !== undefined) where.push(['action', '==', filter.action]);
  if (filter.from !== undefined) where.push(['seq', '>=', filter.from]);
  if (filter.before !== undefined) where.push(['seq', '<', filter.before]);
  return store.query(AUDIT_LOG, { where, orderBy: [['seq', 'desc']], limit });
}

/** Every entry about one target (an RSVP's timeline), oldest first. */
export async function auditOfTarget(store: DocumentStore, targetId: string): Promise<StoredDocument<StoredAuditEntry>[]> {
  const docs = await store.query(AUDIT_LOG, { where: [['targetId', '==', targetId]] });
  return docs.sort((a, b) => (a.data.seq < b.data.seq ? -1 : a.data.seq > b.data.seq ? 1 : 0));
}

/**
 * The door each ticket of an event was last admitted through (issue 30: the overview's check-in by
 * door), by RSVP id: the door the latest check-in entry of each named, null where it named none. The
 * door is recorded only here (checkin/service.ts writes it with the check-in). Equality filters only:
 * Firestore serves them from its single-field indexes.
 */
export async function checkInDoorsOfEvent(store: DocumentStore, eventId: string): Promise<Map<string, string | null>> {
  const docs = await store.query(AUDIT_LOG, { where: [['eventId', '==', eventId], ['action', '==', 'checkin.checkedIn']] });
  docs.sort((a, b) => (a.data.seq < b.data.seq ? -1 : a.data.seq > b.data.seq ? 1 : 0));
  // The latest entry of each ticket wins (a Map built from pairs: this file writes nothing but new entries).
  return new Map(docs.map((doc) => [doc.data.targetId, doc.data.checkIn?.door ?? null] as const));
}
