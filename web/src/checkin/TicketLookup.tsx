import { useState, type FormEvent } from 'react';
import { AUDIT_REASON_MAX } from '@shared/audit-model.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import type { DoorListEntry } from '@shared/checkin-model.js';
import { admissionRefusal, REFUSAL_MESSAGES } from '@shared/checkin-model.js';
import { Field } from '../ui/Field.js';
import { whenPhrase } from '../events/relativeTime.js';
import { useNow } from '../ui/useNow.js';
import { CHECKIN_TEXT, checkedInLine, looksScanned, ticketTypeOf } from './checkin.js';
import type { Busy } from './useDoor.js';

export interface TicketLookupProps {
  value: string;
  onChange: (value: string) => void;
  /** `admit`: the value came from a scanner (a ticket URL + Enter), so admit straight away. */
  onLookUp: (value: string, admit: boolean) => void;
  busy: Busy;
}

/**
 * The manual 'Ticket ID' field. A keyboard-wedge (USB) scanner types the ticket URL and Enter
 * here: a value containing '/checkin/' is treated like a camera scan.
 */
export function TicketLookup({ value, onChange, onLookUp, busy }: TicketLookupProps) {
  const blank = value.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    onLookUp(value, looksScanned(value));
  };
  return (
    <form className="ticket-lookup" onSubmit={submit}>
      <Field label={CHECKIN_TEXT.ticketId} hint={CHECKIN_TEXT.ticketIdHint}>
        <input value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" autoCapitalize="off" spellCheck={false} enterKeyHint="search" />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={blank || busy !== null}>
        {busy === 'lookup' ? CHECKIN_TEXT.lookingUp : CHECKIN_TEXT.lookUp}
      </button>
    </form>
  );
}

const LOOKUP_TEXT = { found: 'Ticket found', notCheckedIn: 'Not checked in' } as const;

/** What a screen reader hears when a lookup finds a ticket: 'Ticket found: Ada Lovelace. Not checked in.' */
export function ticketFoundText(entry: DoorListEntry, eventId: string): string {
  const refusal = admissionRefusal(entry, eventId);
  const state = entry.checkedIn ? checkedInLine(whenPhrase(entry.checkedInAt) || null, entry.checkedInBy) : refusal ? REFUSAL_MESSAGES[refusal] : LOOKUP_TEXT.notCheckedIn;
  return `${LOOKUP_TEXT.found}: ${entry.name}. ${state}.`;
}

export interface TicketInfoProps {
  entry: DoorListEntry;
  eventTitle: string;
  eventId: string;
  busy: Busy;
  canUndo: boolean;
  onCheckIn: (entry: DoorListEntry) => void;
  /** `reason`: the admin's optional reason, kept in the audit log (issue 28 item 4). */
  onUndo: (entry: DoorListEntry, reason: string) => void;
}

/** The ticket information panel: attendee, event, check-in status with time and by whom, or 'Check In Now'. */
export function TicketInfo({ entry, eventTitle, eventId, busy, canUndo, onCheckIn, onUndo }: TicketInfoProps) {
  const now = useNow();
  const refusal = admissionRefusal(entry, eventId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const ask = () => {
    setReason('');
    setAsking(true);
  };
  return (
    <section className={entry.checkedIn ? 'ticket-info ticket-info--in' : 'ticket-info'} aria-labelledby="ticket-info-title">
      <h3 id="ticket-info-title">{CHECKIN_TEXT.ticketTitle}</h3>
      <dl className="ticket-details">
        <div>
          <dt>{CHECKIN_TEXT.attendee}</dt>
          <dd>
            {entry.name}
            <br />
            <span className="muted">{entry.email}</span>
            <br />
            <span className="muted">{ticketTypeOf(entry)}</span>
          </dd>
        </div>
        <div>
          <dt>{CHECKIN_TEXT.eventLabel}</dt>
          <dd>{eventTitle}</dd>
        </div>
        <div>
          <dt>{CHECKIN_TEXT.status}</dt>
          <dd>
            {entry.checkedIn ? (
              <span className="ticket-info-in">{checkedInLine(whenPhrase(entry.checkedInAt, now) || null, entry.checkedInBy)}</span>
            ) : refusal ? (
              <span className="ticket-info-refused">{REFUSAL_MESSAGES[refusal]}</span>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => onCheckIn(entry)} disabled={busy !== null}>
                {busy === 'checkin' ? CHECKIN_TEXT.checkingIn : CHECKIN_TEXT.checkInNow}
              </button>
            )}
          </dd>
        </div>
      </dl>
      {entry.checkedIn && canUndo ? (
        <button type="button" className="btn btn-outline btn-small" onClick={ask} disabled={busy !== null}>
          {busy === 'undo' ? CHECKIN_TEXT.undoing : CHECKIN_TEXT.undo}
        </button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`Undo ${entry.name}'s check-in?`}
        confirmLabel={CHECKIN_TEXT.undo}
        cancelLabel={CHECKIN_TEXT.keepCheckIn}
        onConfirm={() => {
          setAsking(false);
          onUndo(entry, reason);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>{CHECKIN_TEXT.undoBody}</p>
        <div className="field">
          <label htmlFor="undo-reason">Reason (optional)</label>
          <input id="undo-reason" type="text" value={reason} maxLength={AUDIT_REASON_MAX} onChange={(e) => setReason(e.target.value)} />
        </div>
      </ConfirmDialog>
    </section>
  );
}
