import { stringify } from 'csv-stringify/sync';
import { AUDIT_ACTION_LABELS, AUDIT_CSV_COLUMNS, actorLabel, changesText, type AuditEntry } from '../shared/audit-model.js';

/**
 * The Activity view's export (GET /audit.csv): like the RSVP export (rsvps/csv.ts), RFC 4180, every
 * field quoted, UTF-8 with a byte-order mark, formula triggers neutralised by the RSVP export's own
 * `neutraliseFormulas` (passed in: audit/ depends on no other capability); times in UTC ISO form.
 */
export function auditToCsv(entries: readonly AuditEntry[], neutraliseFormulas: (text: string) => string): string {
  const rows = entries.map((entry) =>
    [
      entry.at,
      actorLabel(entry.actor),
      entry.actor.kind === 'staff' ? entry.actor.role : entry.actor.kind,
      AUDIT_ACTION_LABELS[entry.action],
      entry.target.label,
      entry.target.id,
      entry.target.eventId ?? '',
      changesText(entry.changes),
      entry.reason ?? '',
      entry.checkIn?.door ?? '',
      entry.checkIn?.scannedAt ?? '',
      entry.checkIn?.syncedAt ?? '',
    ].map(neutraliseFormulas),
  );
  return stringify([[...AUDIT_CSV_COLUMNS], ...rows], { bom: true, record_delimiter: 'windows', quoted: true, quoted_empty: true, escape_formulas: false });
}
