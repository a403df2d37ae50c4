import type { CSSProperties } from 'react';
import { VOLUNTEER_DOOR_MESSAGES, VOLUNTEER_REFUSAL_MESSAGES, volunteerCountText, volunteerRefusal, type DoorVolunteer } from '@shared/volunteer-door-model.js';
import { eventWhen } from '../events/format.js';
import { whenPhrase } from '../events/relativeTime.js';
import { CheckmarkIcon, DotIcon } from '../ui/icons.js';
import { useNow } from '../ui/useNow.js';
import { alreadyCheckedInText } from './volunteerDoor.js';
import { checkedInLine } from './checkin.js';

/**
 * The 'Volunteer' mark on the result card, styled here: a rule in checkin.css would ship with the
 * public ticket page, which shares that stylesheet.
 */
const BADGE_STYLE: CSSProperties = {
  display: 'inline-block',
  padding: '0.1rem 0.5rem',
  borderRadius: '999px',
  background: 'var(--color-button)',
  color: 'var(--color-button-text)',
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
  verticalAlign: 'middle',
};

/** 'Saturday, December 5, 2026, 8:00 AM – 11:00 AM MST · Grafton trailhead'. */
export function shiftText(shift: DoorVolunteer['shift']): string {
  if (!shift.start) return shift.place;
  const when = eventWhen(shift.start, shift.end);
  return [`${when.date}, ${when.time}`, shift.place].filter(Boolean).join(' · ');
}

/** What a screen reader hears when a lookup finds a volunteer: 'Volunteer found: Ada Lovelace, Planting crew. Not checked in.' */
export function volunteerFoundText(volunteer: DoorVolunteer, eventId: string): string {
  const refusal = volunteerRefusal(volunteer, eventId);
  const state = refusal === 'VOLUNTEER_ALREADY_CHECKED_IN' ? alreadyCheckedInText(volunteer) : refusal ? VOLUNTEER_REFUSAL_MESSAGES[refusal] : VOLUNTEER_DOOR_MESSAGES.notCheckedIn;
  return `${VOLUNTEER_DOOR_MESSAGES.badge} found: ${volunteer.name}, ${volunteer.role}. ${state}.`;
}

export interface VolunteerInfoProps {
  volunteer: DoorVolunteer;
  eventId: string;
  busy: boolean;
  onCheckIn: (volunteer: DoorVolunteer) => void;
}

/** The door's result card of a volunteer (issue 29 item 5): marked 'Volunteer', with the role and the shift, never an attendee's ticket. */
export function VolunteerInfo({ volunteer, eventId, busy, onCheckIn }: VolunteerInfoProps) {
  const now = useNow();
  const refusal = volunteerRefusal(volunteer, eventId);
  return (
    <section className={volunteer.checkedIn ? 'ticket-info ticket-info--in volunteer-info' : 'ticket-info volunteer-info'} aria-labelledby="volunteer-info-title">
      <h3 id="volunteer-info-title">
        <span className="volunteer-badge" style={BADGE_STYLE}>{VOLUNTEER_DOOR_MESSAGES.badge}</span> {volunteer.name}
      </h3>
      <dl className="ticket-details">
        <div>
          <dt>{VOLUNTEER_DOOR_MESSAGES.role}</dt>
          <dd>{volunteer.role}</dd>
        </div>
        <div>
          <dt>{VOLUNTEER_DOOR_MESSAGES.shift}</dt>
          <dd>{shiftText(volunteer.shift)}</dd>
        </div>
        <div>
          <dt>{VOLUNTEER_DOOR_MESSAGES.status}</dt>
          <dd>
            {volunteer.checkedIn ? (
              <span className="ticket-info-in">
                {checkedInLine(whenPhrase(volunteer.checkedInAt, now) || null, volunteer.checkedInBy)}
                {volunteer.door ? ` at ${volunteer.door}` : ''}
              </span>
            ) : refusal ? (
              <span className="ticket-info-refused">{VOLUNTEER_REFUSAL_MESSAGES[refusal]}</span>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => onCheckIn(volunteer)} disabled={busy}>
                {VOLUNTEER_DOOR_MESSAGES.checkIn}
              </button>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export interface VolunteersListProps {
  /** The event's active volunteers. */
  volunteers: readonly DoorVolunteer[];
  busy: boolean;
  onCheckIn: (volunteer: DoorVolunteer) => void;
}

/** The door's 'Volunteers' section: name, role, shift, checked in or not; apart from the attendees and their count. */
export function VolunteersList({ volunteers, busy, onCheckIn }: VolunteersListProps) {
  const now = useNow();
  return (
    <>
      <p className="checkin-count">{volunteerCountText(volunteers)}</p>
      {volunteers.length === 0 ? (
        <p className="muted">{VOLUNTEER_DOOR_MESSAGES.none}</p>
      ) : (
        <ul className="door-search-results volunteer-door-list">
          {volunteers.map((volunteer) => (
            <li key={volunteer.id} className={volunteer.checkedIn ? 'door-result door-result--in' : 'door-result'} aria-label={volunteer.name}>
              <div className="door-result-who">
                <strong>{volunteer.name}</strong>
                <span>{volunteer.role}</span>
                <span className="muted">{shiftText(volunteer.shift)}</span>
              </div>
              {volunteer.checkedIn ? (
                <span className="ticket-info-in">
                  <CheckmarkIcon size={16} /> {checkedInLine(whenPhrase(volunteer.checkedInAt, now) || null, volunteer.checkedInBy)}
                </span>
              ) : (
                <span className="door-result-action">
                  <span className="muted">
                    <DotIcon /> {VOLUNTEER_DOOR_MESSAGES.notCheckedIn}
                  </span>
                  <button type="button" className="btn btn-primary btn-small" aria-label={`${VOLUNTEER_DOOR_MESSAGES.checkIn}: ${volunteer.name}`} onClick={() => onCheckIn(volunteer)} disabled={busy}>
                    {VOLUNTEER_DOOR_MESSAGES.checkIn}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
