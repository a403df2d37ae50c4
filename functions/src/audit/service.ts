import { AUDIT_MESSAGES, AUDIT_PAGE, type AuditEntry, type AuditHistoryReply, type AuditPageReply } from '../shared/audit-model.js';
import { isActorKind, type AuditQuery } from '../shared/audit.js';
import type { AuditActor } from '../shared/audit-model.js';
import { RSVP_MESSAGES } from '../shared/rsvps-model.js';
import type { Role } from '../shared/session-model.js';
import { RuleError } from '../rule-error.js';
import type { DocumentStore } from '../store/port.js';
import { auditOfTarget, queryAudit, toAuditEntry, type AuditFilter } from './repository.js';
import { auditToCsv } from './csv.js';

/** The most entries one export writes (newest first). */
export const AUDIT_EXPORT_MAX = 20_000;

const SEQ_SHAPE = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z~\d{9}~[A-Za-z0-9_-]+$/;

export function encodeAuditCursor(seq: string): string {
  return Buffer.from(seq, 'utf8').toString('base64url');
}

/** The cursor this service made, or null for anything else. */
export function decodeAuditCursor(cursor: string): string | null {
  const seq = Buffer.from(cursor, 'base64url').toString('utf8');
  return SEQ_SHAPE.test(seq) ? seq : null;
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD (every `seq` of the day sorts before it). */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The store filter of a query's filters (the cursor aside). */
export function auditFilterOf(query: Omit<AuditQuery, 'limit' | 'cursor'>): AuditFilter {
  const filter: AuditFilter = {};
  if (query.eventId) filter.eventId = query.eventId;
  if (query.action) filter.action = query.action;
  if (query.actor) {
    if (isActorKind(query.actor)) filter.actorKind = query.actor as AuditActor['kind'];
    else filter.actorKey = query.actor;
  }
  if (query.from) filter.from = query.from;
  if (query.to) filter.before = dayAfter(query.to);
  return filter;
}

export interface AuditServiceDeps {
  store: DocumentStore;
  /**
   * Whether an RSVP exists, and the waitlist entry a claim made it from (rsvps/repository.ts): the log
   * depends on no other capability, which all record into it. Null: no such RSVP.
   */
  rsvpOrigin: (rsvpId: string) => Promise<{ waitlistEntryId: string | null } | null>;
  /** The CSV exports' one formula guard (rsvps/csv.ts neutraliseFormulas). */
  neutraliseFormulas: (text: string) => string;
}

export function createAuditService({ store, rsvpOrigin, neutraliseFormulas }: AuditServiceDeps) {
  return {
    /** GET /audit: one page, newest first. */
    async page(query: AuditQuery): Promise<AuditPageReply> {
      const limit = query.limit ?? AUDIT_PAGE.size;
      const filter = auditFilterOf(query);
      if (query.cursor !== undefined) {
        const after = decodeAuditCursor(query.cursor);
        if (!after) throw new RuleError('INVALID_INPUT', AUDIT_MESSAGES.cursorInvalid, 'invalid', 'cursor');
        filter.before = filter.before === undefined || after < filter.before ? after : filter.before;
      }
      const docs = await queryAudit(store, filter, limit + 1);
      const page = docs.slice(0, limit);
      const last = page.at(-1);
      return { success: true, entries: page.map(toAuditEntry), nextCursor: docs.length > limit && last ? encodeAuditCursor(last.data.seq) : null };
    },

    /** GET /audit.csv: every entry the filters select (at most AUDIT_EXPORT_MAX), newest first. */
    async exportCsv(query: AuditQuery): Promise<{ fileName: string; csv: string }> {
      const docs = await queryAudit(store, auditFilterOf(query), AUDIT_EXPORT_MAX);
      return { fileName: 'activity.csv', csv: auditToCsv(docs.map(toAuditEntry), neutraliseFormulas) };
    },

    /**
     * GET /rsvps/{id}/history: the RSVP's timeline, oldest first. Admins read all of it; staff only
     * its check-ins and their undos (the door's business). A ticket a waitlist claim made starts with
     * its entry's story: joined, offered (and any earlier offer that expired), claimed.
     */
    async history(rsvpId: string, role: Role): Promise<AuditHistoryReply> {
      const origin = await rsvpOrigin(rsvpId);
      if (!origin) throw new RuleError('RSVP_NOT_FOUND', RSVP_MESSAGES.rsvpNotFound, 'not-found');
      const own = await auditOfTarget(store, rsvpId);
      const before = origin.waitlistEntryId ? await auditOfTarget(store, origin.waitlistEntryId) : [];
      const docs = [...before, ...own].sort((a, b) => (a.data.seq < b.data.seq ? -1 : a.data.seq > b.data.seq ? 1 : 0));
      const entries: AuditEntry[] = docs.map(toAuditEntry);
      return { success: true, entries: role === 'admin' ? entries : entries.filter((entry) => entry.action.startsWith('checkin.')) };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
