import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { waitingText } from '@shared/waitlist-model.js';
import { useSearchParams } from 'react-router';
import { eventDisplayStatus, type EventRecord, type EventStats } from '@shared/events-model.js';
import { EVENT_CANCEL_MESSAGES } from '@shared/event-cancel-model.js';
import { MESSAGES } from '@shared/messages.js';
import { formatCents } from '@shared/payments-model.js';
import { errorText } from '../../api/client.js';
import { useStaff } from '../../staff/StaffContext.js';
import { Card } from '../../ui/Card.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { useToast } from '../../ui/ToastContext.js';
import { cx } from '../../ui/cx.js';
import { formatEventDateTime } from '../format.js';
import { SyncMailchimpDialog } from '../../mailchimp/SyncMailchimpDialog.js';
import { EventForm } from './EventForm.js';
import {
  actionFailure,
  adminEventsQuery,
  eventCalls,
  eventQuery,
  eventStatsQuery,
  eventTagsQuery,
  EVENT_TEXT,
  invalidateEvents,
  isStatusFilter,
  STATUS_FILTERS,
  type StatusFilter,
  waitlistCountsQuery,
} from './eventsApi.js';
import './eventsAdmin.css';

/** Sets some URL parameters (null removes one); a new history entry unless `replace`. */
function useParamSetter() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  return [params, set] as const;
}

/** The dashboard's Events tab (admins): the list with its filters and actions, or the create / edit form (?edit=new | ?edit=ID). */
export default function EventsTab() {
  const [params, set] = useParamSetter();
  const editing = params.get('edit');
  if (editing) return <EventEditor key={editing} eventId={editing === 'new' ? null : editing} onClose={() => set({ edit: null })} />;
  return <EventList onEdit={(id) => set({ edit: id })} />;
}

function EventEditor({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const { api } = useStaff();
  const event = useQuery({ ...eventQuery(api, eventId ?? ''), enabled: eventId !== null });
  if (eventId === null) return <EventForm onClose={onClose} />;
  if (event.isPending) return <StateBlock kind="loading" label="Loading event..." />;
  if (event.isError)
    return (
      <StateBlock kind="error" message={errorText(event.error, MESSAGES.eventDetailsFailed)} onRetry={() => void event.refetch()}>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Back to events
        </button>
      </StateBlock>
    );
  return <EventForm event={event.data} onClose={onClose} />;
}

function EventList({ onEdit }: { onEdit: (id: string) => void }) {
  const { api } = useStaff();
  // The event just restored: it is inactive, and the notice above the list offers to activate it.
  const [restored, setRestored] = useState<EventRecord | null>(null);
  const [params, set] = useParamSetter();
  const requested = params.get('status');
  const status: StatusFilter = isStatusFilter(requested) ? requested : 'Active';
  const tag = params.get('tag') ?? '';
  const events = useQuery(adminEventsQuery(api, status, tag ? [tag] : []));
  const tags = useQuery(eventTagsQuery(api));
  const stats = useQuery(eventStatsQuery(api));
  // Issue 28 item 3: 'n waiting' for events with people on their waitlist.
  const waiting = useQuery(waitlistCountsQuery(api));

  return (
    <div className="events-admin">
      <div className="events-admin-toolbar">
        <div className="field">
          <label htmlFor="events-status">Status</label>
          <select id="events-status" value={status} onChange={(e) => set({ status: e.target.value === 'Active' ? null : e.target.value }, true)}>
            {STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="events-tag">Tag</label>
          <select id="events-tag" value={tag} onChange={(e) => set({ tag: e.target.value || null }, true)}>
            <option value="">All tags</option>
            {(tags.data ?? []).concat(tag && !tags.data?.includes(tag) ? [tag] : []).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-primary events-admin-create" onClick={() => onEdit('new')}>
          Create Event
        </button>
      </div>
      {restored ? <RestoredNotice event={restored} onDone={() => setRestored(null)} /> : null}
      {events.isPending ? (
        <StateBlock kind="loading" label="Loading events..." />
      ) : events.isError ? (
        <StateBlock kind="error" message={errorText(events.error, MESSAGES.eventsFetchAdmin)} onRetry={() => void events.refetch()} />
      ) : events.data.length === 0 ? (
        <StateBlock kind="empty" title={`No ${status === 'All' ? '' : `${status.toLowerCase()} `}events${tag ? ` tagged "${tag}"` : ''}`}>
          <p>Change the filters, or create an event.</p>
        </StateBlock>
      ) : (
        <>
          <p className="events-admin-count" role="status">
            {events.data.length === 1 ? '1 event' : `${events.data.length} events`}
          </p>
          <ul className="events-admin-list">
            {events.data.map((event) => (
              <EventRow key={event.id} event={event} stats={stats.data?.[event.id]} waiting={waiting.data?.[event.id] ?? 0} onEdit={() => onEdit(event.id)} onRestored={setRestored} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

type Action = 'archive' | 'restore' | 'activate' | 'deactivate' | 'mode' | 'cancel';

const BUSY: Record<Action, string> = {
  archive: 'Archiving...',
  restore: 'Restoring...',
  activate: 'Activating...',
  deactivate: 'Deactivating...',
  mode: 'Switching...',
  cancel: 'Cancelling...',
};

const FAILURE: Record<Action, string> = {
  archive: MESSAGES.archiveFailed,
  restore: MESSAGES.restoreFailed,
  activate: EVENT_TEXT.activateFailed,
  deactivate: EVENT_TEXT.activateFailed,
  mode: MESSAGES.toggleModeFailed,
  cancel: EVENT_CANCEL_MESSAGES.failed,
};

function registeredLine(event: EventRecord, stats: EventStats | undefined): string {
  const registered = stats?.registered ?? event.attendeeCount;
  return event.maxAttendees === null ? `${registered} registered (no limit)` : `${registered} / ${event.maxAttendees} registered`;
}

/**
 * The actions asked about first, and how: archiving (an alertdialog: it leaves every list), and deactivating
 * (a plain dialog, undone by Activate; a double click deactivated the next card, issue 24 item 14).
 */
const CONFIRM = {
  archive: { label: 'Archive', tone: 'danger', body: 'It leaves the public site and the event lists. You can restore it from the Archived filter.' },
  deactivate: { label: 'Deactivate', tone: 'default', body: 'It leaves the public pages and registration closes until you activate it again.' },
  // Issue 26 item 3: says what happens to every ticket, the money and the attendees before anything does.
  cancel: { label: EVENT_CANCEL_MESSAGES.confirmAction, tone: 'danger', body: EVENT_CANCEL_MESSAGES.confirmBody },
} as const satisfies Partial<Record<Action, { label: string; tone: 'danger' | 'default'; body: string }>>;

/** What an action did, to an event the public pages show: 'Event archived (Condor Talk). Public pages show …'. */
const changedText = (done: string, event: EventRecord) => `${done} (${event.title}). ${MESSAGES.publicChangeDelay}`;

/** One event: what it is, where it stands, and what can be done with it; each action says how it went. */
function EventRow({ event, stats, waiting, onEdit, onRestored }: { event: EventRecord; stats: EventStats | undefined; waiting: number; onEdit: () => void; onRestored: (event: EventRecord) => void }) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, set] = useParamSetter();
  // The action waiting for its confirmation (CONFIRM).
  const [confirming, setConfirming] = useState<keyof typeof CONFIRM | null>(null);
  const [syncing, setSyncing] = useState(false);
  const display = eventDisplayStatus(event);
  const ticketMode = event.generateTickets;

  const action = useMutation({
    mutationFn: (kind: Action): Promise<{ message?: string; event?: EventRecord }> => {
      if (kind === 'cancel') return eventCalls.cancelEvent(api, event.id).then((reply): { message?: string; event?: EventRecord } => reply);
      if (kind === 'archive') return eventCalls.archive(api, event.id);
      if (kind === 'restore') return eventCalls.restore(api, event.id);
      if (kind === 'mode') return eventCalls.setMode(api, event.id, !ticketMode);
      return eventCalls.setActive(api, event.id, kind === 'activate');
    },
    onSuccess: (reply, kind) => {
      if (kind === 'restore') {
        // Restored events come back inactive, so the public pages do not change: the notice says so and offers Activate.
        onRestored(event);
        return;
      }
      if (kind === 'cancel') {
        // What was done: how many tickets cancelled, refunds queued, attendees told (or that it already was).
        toast.success(`${reply.message ?? EVENT_CANCEL_MESSAGES.cancelled} (${event.title})`);
        return;
      }
      const done: Record<Exclude<Action, 'restore' | 'cancel'>, string> = {
        archive: EVENT_TEXT.archived,
        activate: EVENT_TEXT.activated,
        deactivate: EVENT_TEXT.deactivated,
        mode: reply.event?.generateTickets === false ? EVENT_TEXT.modeRsvp : EVENT_TEXT.modeTickets,
      };
      toast.success(changedText(done[kind], event));
    },
    onError: (error, kind) => toast.error(actionFailure(error, FAILURE[kind])),
    // Returned, so the mutation stays pending (this card's buttons disabled, the list unchanged) until the list has refreshed.
    onSettled: () => invalidateEvents(queryClient).finally(() => setConfirming(null)),
  });
  const busy = action.isPending ? action.variables : null;
  const button = (kind: Action, label: string, onClick = () => action.mutate(kind), className = 'btn btn-outline btn-small') => (
    <button type="button" className={className} onClick={onClick} disabled={action.isPending} aria-busy={busy === kind || undefined}>
      {busy === kind ? BUSY[kind] : label}
    </button>
  );

  return (
    <Card as="li" className="events-admin-item" aria-labelledby={`event-${event.id}-title`}>
      <div className="events-admin-head">
        <h3 id={`event-${event.id}-title`}>{event.title}</h3>
        <span className={cx('events-admin-badge', `events-admin-badge--${display.toLowerCase()}`)}>{display}</span>
        <span className="events-admin-badge">{ticketMode ? 'Tickets' : 'RSVP only'}</span>
        {event.requiresPayment ? <span className="events-admin-badge">Paid</span> : null}
        {event.cancelledAt ? <span className="events-admin-badge events-admin-badge--cancelled">{EVENT_CANCEL_MESSAGES.badge}</span> : null}
      </div>
      <dl className="events-admin-facts">
        <div>
          <dt>When</dt>
          <dd>{formatEventDateTime(event.date)}</dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>{event.location}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd>
            {registeredLine(event, stats)}
            {waiting > 0 ? <span className="events-waiting"> · {waitingText(waiting)}</span> : null}
          </dd>
        </div>
        {event.requiresPayment ? (
          <div>
            <dt>Taken</dt>
            <dd>{stats ? formatCents(stats.amountTaken) : '—'}</dd>
          </div>
        ) : null}
      </dl>
      <div className="events-admin-actions" role="group" aria-label={`Actions for ${event.title}`}>
        <button type="button" className="btn btn-primary btn-small" onClick={onEdit} disabled={action.isPending}>
          Edit
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={() => set({ tab: 'rsvps', event: event.id, status: null, tag: null })}>
          View RSVPs
        </button>
        {/* Issue 30 item 2: the event's figures and charts on the Overview tab. */}
        <button type="button" className="btn btn-outline btn-small" onClick={() => set({ tab: 'overview', event: event.id, status: null, tag: null })}>
          Overview
        </button>
        {event.isArchived ? null : event.isActive ? button('deactivate', 'Deactivate', () => setConfirming('deactivate')) : button('activate', 'Activate')}
        {button('mode', ticketMode ? 'Switch to RSVP-only mode' : 'Switch to ticket mode')}
        <button type="button" className="btn btn-outline btn-small" onClick={() => setSyncing(true)} disabled={action.isPending}>
          Sync to Mailchimp
        </button>
        {event.cancelledAt || event.isArchived
          ? null
          : button('cancel', EVENT_CANCEL_MESSAGES.confirmAction, () => setConfirming('cancel'), 'btn btn-outline btn-small events-admin-danger')}
        {event.isArchived
          ? button('restore', 'Restore')
          : button('archive', 'Archive', () => setConfirming('archive'), 'btn btn-outline btn-small events-admin-danger')}
      </div>
      {confirming ? (
        <ConfirmDialog
          open
          title={confirming === 'cancel' ? `${EVENT_CANCEL_MESSAGES.confirmTitle.replace('this event', `"${event.title}"`)}` : `${CONFIRM[confirming].label} "${event.title}"?`}
          confirmLabel={CONFIRM[confirming].label}
          busyLabel={BUSY[confirming]}
          busy={busy === confirming}
          tone={CONFIRM[confirming].tone}
          {...(confirming === 'cancel' ? { cancelLabel: EVENT_CANCEL_MESSAGES.keep } : {})}
          onConfirm={() => action.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>{CONFIRM[confirming].body}</p>
        </ConfirmDialog>
      ) : null}
      {syncing ? <SyncMailchimpDialog event={event} onClose={() => setSyncing(false)} /> : null}
    </Card>
  );
}

/** After a restore: what happened, and Activate right there (issue 24 item 5). */
function RestoredNotice({ event, onDone }: { event: EventRecord; onDone: () => void }) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const activate = useMutation({
    mutationFn: () => eventCalls.setActive(api, event.id, true),
    onSuccess: () => {
      toast.success(changedText(EVENT_TEXT.activated, event));
      onDone();
    },
    onSettled: () => invalidateEvents(queryClient),
  });
  return (
    <div className="alert alert-success events-admin-restored" role="status">
      <p>
        {EVENT_TEXT.restored} ({event.title}). {EVENT_TEXT.restoredInactive}
      </p>
      {activate.isError ? (
        <p className="events-admin-restored-error" role="alert">
          {actionFailure(activate.error, EVENT_TEXT.activateFailed)}
        </p>
      ) : null}
      <div className="events-admin-restored-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => activate.mutate()} disabled={activate.isPending} aria-busy={activate.isPending || undefined}>
          {activate.isPending ? BUSY.activate : 'Activate'}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onDone} disabled={activate.isPending}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
