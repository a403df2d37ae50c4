import { useMemo, useState } from 'react';
import { admissionRefusal, REFUSAL_MESSAGES, type DoorListEntry } from '@shared/checkin-model.js';
import { whenPhrase } from '../events/relativeTime.js';
import { Field } from '../ui/Field.js';
import { useNow } from '../ui/useNow.js';
import { CHECKIN_TEXT, DOOR_SEARCH_MAX_RESULTS, checkedInLine, doorSearchResultsText, filterAttendees, ticketTypeOf } from './checkin.js';
import type { Busy } from './useDoor.js';

export interface DoorSearchProps {
  /** The whole door list on the device, refused tickets included, so a search can say why one is not admitted. */
  entries: readonly DoorListEntry[];
  eventId: string;
  busy: Busy;
  /** The door's own check-in (useDoor.checkIn): online, or queued on the device when offline, as a scan is. */
  onCheckIn: (entry: DoorListEntry) => void;
}

/**
 * The door page's search (issue 26 item 7): finds a person in the door list by name, e-mail or
 * ticket id with the dashboard tab's matching (filterAttendees), says each one's state and offers
 * 'Check in' to an admissible ticket. It reads only the list kept on the device: no call, so it
 * works offline.
 */
export function DoorSearch({ entries, eventId, busy, onCheckIn }: DoorSearchProps) {
  const now = useNow();
  const [query, setQuery] = useState('');
  const found = useMemo(() => (query.trim() ? filterAttendees(entries, 'all', query) : []), [entries, query]);
  const searching = query.trim() !== '';
  return (
    <div className="door-search">
      <Field label={CHECKIN_TEXT.doorSearchLabel} hint={CHECKIN_TEXT.doorSearchHint} className="checkin-search">
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" autoCapitalize="off" spellCheck={false} enterKeyHint="search" />
      </Field>
      {/* Announced as the results change; nothing said before the first letter. Named, so it is told
          apart from the door's own status line (the outcome of a scan or a check-in). */}
      <p className="door-search-count" role="status" aria-live="polite" aria-label={CHECKIN_TEXT.doorSearchResults}>
        {searching ? doorSearchResultsText(found.length) : ''}
      </p>
      {found.length > 0 ? (
        <ul className="door-search-results">
          {found.slice(0, DOOR_SEARCH_MAX_RESULTS).map((entry) => {
            const refusal = admissionRefusal(entry, eventId);
            return (
              <li key={entry.id} className={entry.checkedIn ? 'door-result door-result--in' : refusal ? 'door-result door-result--refused' : 'door-result'}>
                <div className="door-result-who">
                  <strong>{entry.name}</strong>
                  <span className="muted">{entry.email}</span>
                  <span className="muted">
                    {ticketTypeOf(entry)} · <span className="door-result-id">{entry.id}</span>
                  </span>
                </div>
                {entry.checkedIn ? (
                  <span className="ticket-info-in">{checkedInLine(whenPhrase(entry.checkedInAt, now) || null, entry.checkedInBy)}</span>
                ) : refusal ? (
                  <span className="ticket-info-refused">{REFUSAL_MESSAGES[refusal]}</span>
                ) : (
                  <span className="door-result-action">
                    <span className="muted">{CHECKIN_TEXT.notCheckedIn}</span>
                    <button type="button" className="btn btn-primary btn-small" aria-label={`${CHECKIN_TEXT.checkInResult}: ${entry.name}`} onClick={() => onCheckIn(entry)} disabled={busy !== null}>
                      {CHECKIN_TEXT.checkInResult}
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
