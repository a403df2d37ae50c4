import { useQuery } from '@tanstack/react-query';
import { AUDIT_MESSAGES, timelineText, type AuditEntry } from '@shared/audit-model.js';
import { errorText } from '../../api/client.js';
import { formatShortDateTime } from '../../rsvps/admin/rsvpsApi.js';
import { useStaff } from '../../staff/StaffContext.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { historyQuery } from './auditApi.js';
import './audit.css';

/** A check-in scanned offline says when the door scanned it and when it reached the server. */
function scanNote(entry: AuditEntry): string | null {
  const scan = entry.checkIn;
  if (!scan?.scannedAt || scan.scannedAt === scan.syncedAt) return null;
  return `scanned ${formatShortDateTime(scan.scannedAt)}, synced ${formatShortDateTime(scan.syncedAt)}`;
}

/**
 * An RSVP's 'History' (issue 28 item 5): who did what to it, oldest first ('Registered by the
 * attendee', 'Checked in by staff@… at Gate 2', 'Check-in undone by admin@…: wrong person').
 */
export function RsvpHistory({ rsvpId }: { rsvpId: string }) {
  const { api } = useStaff();
  const history = useQuery(historyQuery(api, rsvpId));
  return (
    <section className="audit-history" aria-label="History">
      <h3>History</h3>
      {history.isPending ? (
        <StateBlock kind="loading" label="Loading the history..." />
      ) : history.isError ? (
        <StateBlock kind="error" message={errorText(history.error, AUDIT_MESSAGES.historyFailed)} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className="audit-empty">Nothing recorded yet.</p>
      ) : (
        <ol className="audit-timeline">
          {history.data.map((entry) => {
            const note = scanNote(entry);
            return (
              <li key={entry.id}>
                <span className="audit-line">{timelineText(entry)}</span>
                <time dateTime={entry.at}>{formatShortDateTime(entry.at)}</time>
                {note ? <span className="audit-note">{note}</span> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
export default RsvpHistory;
