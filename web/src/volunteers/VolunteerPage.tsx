import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { VOLUNTEER_MESSAGES, filledText, needsText, type VolunteerGroupView, type VolunteerOpportunitiesReply, type VolunteerShiftView } from '@shared/volunteers-model.js';
import { api } from '../api/client.js';
import { eventWhen, formatEventDate } from '../events/format.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { ScrollToHash } from '../layout/useScrollToHash.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Spinner } from '../ui/Spinner.js';
import { VolunteerSignUpForm } from './VolunteerSignUpForm.js';
import './volunteers.css';

export const VOLUNTEER_PAGE_TEXT = { loading: 'Loading volunteer shifts...', place: 'Place' } as const;

type View = { kind: 'loading' } | { kind: 'ready'; groups: VolunteerGroupView[] } | { kind: 'failed' };

/**
 * /volunteer (issue 29 item 1): the footer's Volunteer page. Open roles grouped by event (the
 * standalone ones last), each with its description and upcoming shifts: when (the organisation's
 * time zone), where, 'filled 3 of 5', 'needs 2 more' under the minimum, 'Full'; a shift's
 * 'Sign up' opens its form in place.
 */
export default function VolunteerPage() {
  useDocumentTitle(VOLUNTEER_MESSAGES.pageTitle);
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    api
      .request<VolunteerOpportunitiesReply>('/volunteer')
      .then((reply) => live && setView({ kind: 'ready', groups: reply.groups }))
      .catch(() => live && setView({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, []);

  /** A sign-up took a place: the count shown follows without asking again. */
  const countSignUp = (shiftId: string) =>
    setView((current) =>
      current.kind !== 'ready'
        ? current
        : {
            kind: 'ready',
            groups: current.groups.map((group) => ({
              ...group,
              roles: group.roles.map((role) => ({ ...role, shifts: role.shifts.map((shift) => (shift.id === shiftId ? { ...shift, filled: shift.filled + 1 } : shift)) })),
            })),
          },
    );

  return (
    <PublicLayout>
      <div className="container volunteer-page">
        <header className="volunteer-header">
          <h1>{VOLUNTEER_MESSAGES.pageTitle}</h1>
          <p>{VOLUNTEER_MESSAGES.pageIntro}</p>
        </header>
        {view.kind === 'loading' ? <Spinner label={VOLUNTEER_PAGE_TEXT.loading} /> : null}
        {view.kind === 'failed' ? (
          <p className="alert alert-error" role="alert">
            {VOLUNTEER_MESSAGES.loadFailed}
          </p>
        ) : null}
        {/* An event page's 'Volunteer at this event' opens /volunteer#event-<id>: its group, once loaded. */}
        <ScrollToHash ready={view.kind === 'ready'} />
        {view.kind === 'ready' && view.groups.length === 0 ? <p className="volunteer-none">{VOLUNTEER_MESSAGES.none}</p> : null}
        {view.kind === 'ready'
          ? view.groups.map((group) => <Group key={group.event?.id ?? 'standalone'} group={group} onSignedUp={countSignUp} />)
          : null}
      </div>
    </PublicLayout>
  );
}

function Group({ group, onSignedUp }: { group: VolunteerGroupView; onSignedUp: (shiftId: string) => void }) {
  const headingId = `volunteer-group-${group.event?.id ?? 'standalone'}`;
  return (
    <section className="volunteer-group" id={group.event ? `event-${group.event.id}` : 'standalone'} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {group.event ? <Link to={`/${encodeURIComponent(group.event.customUrl || group.event.id)}`}>{group.event.title}</Link> : VOLUNTEER_MESSAGES.standaloneHeading}
      </h2>
      {group.event ? <p className="volunteer-event-date">{formatEventDate(group.event.date)}</p> : null}
      {group.roles.map((role) => (
        <article key={role.id} className="volunteer-role" aria-labelledby={`volunteer-role-${role.id}`}>
          <h3 id={`volunteer-role-${role.id}`}>{role.title}</h3>
          {role.description ? <p className="volunteer-role-description">{role.description}</p> : null}
          {role.freeTicket ? <p className="volunteer-role-ticket">{VOLUNTEER_MESSAGES.freeTicketNote}</p> : null}
          <ul className="volunteer-shifts">
            {role.shifts.map((shift) => (
              <Shift key={shift.id} shift={shift} role={role.title} onSignedUp={() => onSignedUp(shift.id)} />
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}

function Shift({ shift, role, onSignedUp }: { shift: VolunteerShiftView; role: string; onSignedUp: () => void }) {
  const [open, setOpen] = useState(false);
  const [signedUp, setSignedUp] = useState(false);
  const when = eventWhen(shift.start, shift.end);
  const full = shift.filled >= shift.capacity;
  const needs = needsText(shift.filled, shift.minimum);
  const label = `${role}, ${when.date}, ${when.time}`;
  return (
    <li className="volunteer-shift" aria-label={label}>
      <div className="volunteer-shift-info">
        <p className="volunteer-shift-when">
          <strong>{when.date}</strong>
          <span>{when.time}</span>
        </p>
        {shift.place ? <p className="volunteer-shift-place">{shift.place}</p> : null}
        <p className="volunteer-shift-count">
          <span>{filledText(shift.filled, shift.capacity)}</span>
          {full ? <span className="volunteer-badge volunteer-badge--full">{VOLUNTEER_MESSAGES.full}</span> : null}
          {!full && needs ? <span className="volunteer-badge volunteer-badge--needs">{needs}</span> : null}
        </p>
      </div>
      {!full && !open && !signedUp ? (
        <button type="button" className="btn btn-primary volunteer-signup-button" aria-expanded={false} onClick={() => setOpen(true)}>
          {VOLUNTEER_MESSAGES.signUpButton}
        </button>
      ) : null}
      {open || signedUp ? (
        <div className="volunteer-shift-form">
          <VolunteerSignUpForm
            shiftId={shift.id}
            label={`${VOLUNTEER_MESSAGES.signUpHeading}: ${label}`}
            onSignedUp={() => {
              setSignedUp(true);
              onSignedUp();
            }}
          />
        </div>
      ) : null}
    </li>
  );
}
