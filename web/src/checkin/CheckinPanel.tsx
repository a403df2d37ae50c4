import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CHECKIN_FILTERS } from '@shared/constants.js';
import { CHECKIN_DOOR_MAX, CHECKIN_MESSAGES, type DoorListEntry } from '@shared/checkin-model.js';
import { VOLUNTEER_DOOR_MESSAGES, doorScanOf, looksLikePass } from '@shared/volunteer-door-model.js';
import { errorText } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { useStaff } from '../staff/StaffContext.js';
import { Card } from '../ui/Card.js';
import { CheckmarkIcon, DotIcon } from '../ui/icons.js';
import { formatWhen, whenPhrase } from '../events/relativeTime.js';
import { useNow } from '../ui/useNow.js';
import { StateBlock } from '../ui/StateBlock.js';
import { CHECKIN_TEXT, FILTER_LABELS, checkInEvents, connectionText, checkedInCountText, defaultEventId, expectedAtDoor, filterAttendees, isRepeatScan, ticketTypeOf, type CheckinFilter } from './checkin.js';
import { checkinsQuery, staffEventsQuery } from './checkinApi.js';
import { DoorSearch } from './DoorSearch.js';
import { Scanner } from './Scanner.js';
import { TicketInfo, TicketLookup, ticketFoundText } from './TicketLookup.js';
import { useDoor, useDoorEvent } from './useDoor.js';
import { expectedVolunteers, useVolunteerDoor } from './volunteerDoor.js';
import { VolunteerInfo, VolunteersList, volunteerFoundText } from './VolunteerDoor.js';
import { rememberDoorName, rememberedDoorName } from './offline.js';
import './checkin.css';

export interface CheckinPanelProps {
  /** 'page': /checkin with show/hide lists; 'tab': the dashboard's tab with filter, search and list/grid view. */
  variant: 'page' | 'tab';
}

/** The door: event select, scanner, manual lookup, ticket panel, RSVP cards and the checked-in list. */
export function CheckinPanel({ variant }: CheckinPanelProps) {
  const { api, role } = useStaff();
  const events = useQuery(staffEventsQuery(api));
  const choices = useMemo(() => checkInEvents(events.data ?? [], new Date()), [events.data]);
  const [eventId, setPicked] = useDoorEvent(choices, defaultEventId(choices));
  const event = choices.find((item) => item.id === eventId);
  const door = useDoor(eventId);
  // Volunteers (issue 29 item 5): their passes go through the same scanner and field, apart from tickets.
  const volunteers = useVolunteerDoor(eventId, door.setMessage);
  const [showing, setShowing] = useState<'ticket' | 'volunteer'>('ticket');
  const busy = door.busy !== null || volunteers.busy !== null;
  const lastScan = useRef<{ id: string; at: number } | null>(null);

  const [showRsvps, setShowRsvps] = useState(variant === 'tab');
  const [showCheckedIn, setShowCheckedIn] = useState(false);
  const [filter, setFilter] = useState<CheckinFilter>('all');
  const [query, setQuery] = useState('');
  const [view, setView] = useState<'list' | 'grid'>('list');

  // Cards and the count show the people the door expects; the device's list still knows the others.
  const attendees = useMemo(() => (door.doorList.data?.attendees ?? []).filter(expectedAtDoor), [door.doorList.data]);
  const shown = useMemo(() => filterAttendees(attendees, variant === 'tab' ? filter : 'all', variant === 'tab' ? query : ''), [attendees, filter, query, variant]);

  // A lookup's result is brought into view when it is off screen (on a phone it lands below the
  // fold: issue 24 item 11), once the door has rendered it: the ticket's panel, else the status line.
  const [reveal, setReveal] = useState(0);
  const ticketRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal > 0) bringIntoView(ticketRef.current ?? statusRef.current);
  }, [reveal]);
  const lookUp = async (value: string, admit = false) => {
    const scan = doorScanOf(value);
    // A pass is a volunteer's; so is a typed code of one of this event's volunteers. A pass scanned is admitted at once.
    if (scan.kind === 'volunteer' || (scan.id && volunteers.has(scan.id))) {
      setShowing('volunteer');
      await volunteers.lookUp(scan.id, admit || looksLikePass(value));
    } else {
      setShowing('ticket');
      await door.lookUp(value, admit);
    }
    setReveal((n) => n + 1);
  };

  const onScan = (text: string) => {
    const scan = doorScanOf(text);
    const id = scan.id && `${scan.kind}:${scan.id}`;
    const now = Date.now();
    if (!id || busy || isRepeatScan(lastScan.current, id, now)) return;
    lastScan.current = { id, at: now };
    void lookUp(text, true);
  };

  const clickCard = (entry: DoorListEntry) => {
    if (busy) return;
    setShowing('ticket');
    if (entry.checkedIn) void lookUp(entry.id);
    else void door.checkIn(entry);
  };

  return (
    <div className={`checkin-panel checkin-panel--${variant}`}>
      <Card as="section" className="checkin-card" aria-label="Choose the event">
        {events.isPending ? (
          <StateBlock kind="loading" label="Loading events..." />
        ) : events.isError ? (
          <StateBlock kind="error" message={errorText(events.error, CHECKIN_MESSAGES.loadRsvpsFailed)} onRetry={() => void events.refetch()} />
        ) : choices.length === 0 ? (
          <p className="muted">{CHECKIN_TEXT.noEvents}</p>
        ) : (
          <div className="checkin-event-row">
            <div className="field checkin-event">
              <label htmlFor={`checkin-event-${variant}`}>{CHECKIN_TEXT.event}</label>
              <select id={`checkin-event-${variant}`} value={eventId} onChange={(e) => setPicked(e.target.value)}>
                {choices.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.title} ({formatEventDateTime(item.date)})
                  </option>
                ))}
              </select>
            </div>
            <DoorName variant={variant} />
            <p className="checkin-count" aria-live="polite">
              {door.doorList.data ? checkedInCountText(attendees) : null}
            </p>
          </div>
        )}
        {variant === 'page' ? (
          <div className="checkin-toggles">
            <button type="button" className="btn btn-outline btn-small" aria-expanded={showRsvps} onClick={() => setShowRsvps((v) => !v)}>
              {showRsvps ? CHECKIN_TEXT.hideRsvps : CHECKIN_TEXT.showRsvps}
            </button>
            <button type="button" className="btn btn-outline btn-small" aria-expanded={showCheckedIn} onClick={() => setShowCheckedIn((v) => !v)}>
              {showCheckedIn ? CHECKIN_TEXT.hideCheckedIn : CHECKIN_TEXT.showCheckedIn}
            </button>
          </div>
        ) : null}
      </Card>

      <div ref={statusRef} className={door.message ? `checkin-status checkin-status--${door.message.kind}` : 'checkin-status checkin-status--empty'} role="status" aria-live="assertive">
        {door.message?.text ?? ''}
      </div>
      {/* Always shown: whether the door's calls reach the server, and what waits to be sent (issue 24 item 4). */}
      <p className={`checkin-connection checkin-connection--${door.connection}`} aria-live="polite">
        {connectionText(door.connection, door.waiting)}
      </p>
      {door.conflicts.length > 0 ? <Conflicts door={door} /> : null}

      <div className="checkin-grid">
        <Card as="section" className="checkin-card" aria-label="Scan or type a ticket">
          <Scanner onScan={onScan} onStatus={(message) => door.setMessage(message.text ? message : null)} busy={busy} />
          <TicketLookup value={door.ticketId} onChange={door.setTicketId} onLookUp={(value, admit) => void lookUp(value, admit)} busy={door.busy ?? volunteers.busy} />
        </Card>
        {/* The ticket found, said to a screen reader too: the panel itself is not a live region. */}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {showing === 'volunteer' ? (volunteers.selected ? volunteerFoundText(volunteers.selected, eventId) : '') : door.selected ? ticketFoundText(door.selected, eventId) : ''}
        </p>
        {showing === 'volunteer' && volunteers.selected ? (
          <div ref={ticketRef} className="checkin-ticket">
            <Card as="div" className="checkin-card">
              <VolunteerInfo volunteer={volunteers.selected} eventId={eventId} busy={busy} onCheckIn={(volunteer) => void volunteers.checkIn(volunteer)} />
            </Card>
          </div>
        ) : null}
        {showing === 'ticket' && door.selected ? (
          <div ref={ticketRef} className="checkin-ticket">
            <Card as="div" className="checkin-card">
            <TicketInfo
              entry={door.selected}
              eventTitle={event?.title ?? ''}
              eventId={eventId}
              busy={door.busy}
              canUndo={role === 'admin'}
              onCheckIn={(entry) => void door.checkIn(entry)}
              onUndo={(entry, reason) => void door.undo(entry, reason)}
            />
            </Card>
          </div>
        ) : null}
      </div>

      {/* The door page's search (issue 26 item 7); the dashboard's tab searches its cards below instead. */}
      {variant === 'page' && eventId && door.doorList.data ? (
        <Card as="section" className="checkin-card" aria-labelledby="door-search-title">
          <h2 id="door-search-title">{CHECKIN_TEXT.doorSearchTitle}</h2>
          <DoorSearch entries={door.doorList.data.attendees} eventId={eventId} busy={door.busy} onCheckIn={(entry) => void door.checkIn(entry)} />
        </Card>
      ) : null}

      {variant === 'page' && showCheckedIn && eventId ? <CheckedInList eventId={eventId} /> : null}

      {/* The event's volunteers, apart from its attendees and never in their count (issue 29 item 5). */}
      {eventId && expectedVolunteers(volunteers.list.data ?? []).length > 0 ? (
        <Card as="section" className="checkin-card" aria-labelledby={`volunteers-title-${variant}`}>
          <h2 id={`volunteers-title-${variant}`}>{VOLUNTEER_DOOR_MESSAGES.listTitle}</h2>
          <VolunteersList
            volunteers={expectedVolunteers(volunteers.list.data ?? [])}
            busy={busy}
            onCheckIn={(volunteer) => {
              setShowing('volunteer');
              void volunteers.checkIn(volunteer);
            }}
          />
        </Card>
      ) : null}

      {showRsvps && eventId ? (
        <Card as="section" className="checkin-card" aria-labelledby={`rsvps-title-${variant}`}>
          <h2 id={`rsvps-title-${variant}`}>{CHECKIN_TEXT.rsvpsTitle}</h2>
          {variant === 'tab' ? (
            <div className="checkin-filters">
              <div className="field">
                <label htmlFor="checkin-filter">{CHECKIN_TEXT.filter}</label>
                <select id="checkin-filter" value={filter} onChange={(e) => setFilter(e.target.value as CheckinFilter)}>
                  {CHECKIN_FILTERS.map((value) => (
                    <option key={value} value={value}>
                      {FILTER_LABELS[value]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field checkin-search">
                <label htmlFor="checkin-search">{CHECKIN_TEXT.search}</label>
                <input id="checkin-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
              </div>
              <div className="checkin-view" role="group" aria-label="View">
                {(['list', 'grid'] as const).map((value) => (
                  <button key={value} type="button" className="btn btn-outline btn-small" aria-pressed={view === value} onClick={() => setView(value)}>
                    {value === 'list' ? CHECKIN_TEXT.listView : CHECKIN_TEXT.gridView}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          {door.doorList.isPending ? (
            <StateBlock kind="loading" label="Loading RSVPs..." />
          ) : door.doorList.isError ? (
            <StateBlock kind="error" message={errorText(door.doorList.error, CHECKIN_MESSAGES.loadRsvpsFailed)} onRetry={() => void door.doorList.refetch()} />
          ) : attendees.length === 0 ? (
            <p className="muted">{CHECKIN_TEXT.noRsvps}</p>
          ) : shown.length === 0 ? (
            <p className="muted">{CHECKIN_TEXT.noMatches}</p>
          ) : (
            <ul className={`rsvp-cards rsvp-cards--${variant === 'tab' ? view : 'grid'}`}>
              {shown.map((entry) => (
                <li key={entry.id}>
                  <button type="button" className={entry.checkedIn ? 'rsvp-card rsvp-card--in' : 'rsvp-card'} onClick={() => clickCard(entry)} disabled={door.busy !== null}>
                    <strong>{entry.name}</strong>
                    <span className="muted">{entry.email}</span>
                    <span>{ticketTypeOf(entry)}</span>
                    <span className="rsvp-card-status">
                      {entry.checkedIn ? <CheckmarkIcon size={16} /> : <DotIcon />} {entry.checkedIn ? CHECKIN_TEXT.checkedInBadge : CHECKIN_TEXT.pendingBadge}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </div>
  );
}

/** Scrolls `element` into view when it is not wholly on screen; instantly for those who ask for reduced motion. */
function bringIntoView(element: HTMLElement | null) {
  if (!element?.scrollIntoView) return;
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'nearest' });
}

function CheckedInList({ eventId }: { eventId: string }) {
  const now = useNow();
  const { api } = useStaff();
  const checkins = useQuery(checkinsQuery(api, eventId));
  return (
    <Card as="section" className="checkin-card" aria-labelledby="checked-in-title">
      <h2 id="checked-in-title">{CHECKIN_TEXT.checkedInTitle}</h2>
      {checkins.isPending ? (
        <StateBlock kind="loading" label="Loading..." />
      ) : checkins.isError ? (
        <StateBlock kind="error" message={errorText(checkins.error, CHECKIN_MESSAGES.loadRsvpsFailed)} onRetry={() => void checkins.refetch()} />
      ) : checkins.data.length === 0 ? (
        <p className="muted">{CHECKIN_TEXT.noCheckedIn}</p>
      ) : (
        <ul className="checked-in-list">
          {checkins.data.map((item) => (
            <li key={item.id}>
              <strong>{item.name}</strong>
              <span className="muted">{item.email}</span>
              <span>{ticketTypeOf(item)}</span>
              <time dateTime={item.checkedInAt}>{formatWhen(item.checkedInAt, now)}</time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Conflicts({ door }: { door: ReturnType<typeof useDoor> }) {
  const now = useNow();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="checkin-conflicts" role="alert" aria-labelledby="conflicts-title">
      <h2 id="conflicts-title">{CHECKIN_TEXT.conflictsTitle}</h2>
      <ul>
        {door.conflicts.map((item) => (
          <li key={`${item.ticketId}-${item.checkedInAt}`}>
            <strong>{item.name}</strong> ({item.ticketId}): {item.message}
            {item.checkedInBy || item.serverCheckedInAt
              ? ` (${[item.checkedInBy ? `by ${item.checkedInBy}` : '', item.serverCheckedInAt ? whenPhrase(item.serverCheckedInAt, now) : ''].filter(Boolean).join(' ')})`
              : ''}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-outline btn-small" onClick={door.dismissConflicts}>
        {CHECKIN_TEXT.dismiss}
      </button>
    </section>
  );
}

/** The door's own name ('Gate 2'), optional: kept on the device and sent with each check-in for the activity log. */
function DoorName({ variant }: { variant: string }) {
  const [name, setName] = useState(rememberedDoorName);
  return (
    <div className="field checkin-door">
      <label htmlFor={`checkin-door-${variant}`}>{CHECKIN_TEXT.doorName}</label>
      <input
        id={`checkin-door-${variant}`}
        type="text"
        value={name}
        maxLength={CHECKIN_DOOR_MAX}
        placeholder={CHECKIN_TEXT.doorNamePlaceholder}
        onChange={(e) => {
          setName(e.target.value);
          rememberDoorName(e.target.value);
        }}
      />
    </div>
  );
}
