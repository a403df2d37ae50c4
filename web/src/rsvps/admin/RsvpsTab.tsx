import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CHECKIN_MESSAGES } from '@shared/checkin-model.js';
import type { EventRecord } from '@shared/events-model.js';
import { MAIL_MESSAGES } from '@shared/mail-model.js';
import { AUDIT_REASON_MAX } from '@shared/audit-model.js';
import { formatCents } from '@shared/payments-model.js';
import { RSVP_MESSAGES, type PaymentStatus, type RsvpRecord, type RsvpStatus } from '@shared/rsvps-model.js';
import { errorText } from '../../api/client.js';
import { rsvpsQuery, staffEventsQuery } from '../../checkin/checkinApi.js';
import { defaultEventId, ticketTypeOf } from '../../checkin/checkin.js';
import { adminEventsQuery } from '../../events/admin/eventsApi.js';
import { formatEventDateTime } from '../../events/format.js';
import { useStaff } from '../../staff/StaffContext.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { Modal } from '../../ui/Modal.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { formatWhen } from '../../events/relativeTime.js';
import { ReminderCounts } from '../../reminders/admin/ReminderCounts.js';
import { useNow } from '../../ui/useNow.js';
import { Table, type Column } from '../../ui/Table.js';
import { useToast } from '../../ui/ToastContext.js';
import {
  allRsvpsQuery,
  filterRsvps,
  formatShortDateTime,
  invalidateRsvps,
  isLive,
  PAYMENT_LABEL,
  refundableCents,
  rsvpCalls,
  rsvpCounts,
  RSVP_ADMIN_TEXT,
  RSVP_DETAIL_FIELDS,
  saveBlob,
  selfServiceNotes,
  STATUS_LABEL,
  type RsvpFilter,
} from './rsvpsApi.js';
import './rsvpsAdmin.css';

// Today's check-ins read relative ('2 minutes ago', 'Today at 7:05 PM MST'; issue 24 item 20), older ones by date.
const checkedInText = (r: RsvpRecord) => (r.checkedIn ? formatWhen(r.checkedInAt, new Date(), formatShortDateTime) || 'Yes' : 'No');

const COLUMNS: Column<RsvpRecord>[] = [
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'email', header: 'E-mail', value: (r) => r.email, className: 'rsvps-email' },
  { key: 'ticketType', header: 'Ticket type', value: (r) => ticketTypeOf(r) },
  {
    key: 'status',
    header: 'Status',
    value: (r) => STATUS_LABEL[r.status] ?? r.status,
    // Who cancelled it and when, whom it went to or came from, the refund (issue 25 item 6).
    cell: (r) => <StatusCell rsvp={r} />,
    className: 'rsvps-status',
  },
  { key: 'payment', header: 'Payment', value: (r) => PAYMENT_LABEL[r.paymentStatus ?? 'free'] ?? r.paymentStatus },
  {
    key: 'amount',
    header: 'Amount',
    value: (r) => (r.amountPaid ? formatCents(r.amountPaid) + (r.amountRefunded ? ` (${formatCents(r.amountRefunded)} refunded)` : '') : '—'),
    sortValue: (r) => r.amountPaid ?? 0,
  },
  { key: 'createdAt', header: 'Registered at', value: (r) => formatShortDateTime(r.createdAt), sortValue: (r) => r.createdAt },
  { key: 'checkedIn', header: 'Checked in', value: checkedInText, sortValue: (r) => r.checkedInAt ?? '' },
];

function StatusCell({ rsvp }: { rsvp: RsvpRecord }) {
  const notes = selfServiceNotes(rsvp);
  // One wrapper: a phone's stacked row lays a cell's children out beside its label.
  return (
    <span className="rsvps-status-cell">
      {STATUS_LABEL[rsvp.status] ?? rsvp.status}
      {notes.map((note) => (
        <span key={note} className="rsvps-status-note">
          {note}
        </span>
      ))}
    </span>
  );
}

const STATUS_ORDER: RsvpStatus[] = ['confirmed', 'pending_payment', 'pending_confirmation', 'cancelled', 'released'];
/**
 * The statuses an admin can always filter by, whether or not the list holds one yet (issue 24
 * item 13: 'Cancelled' was missing until an RSVP was cancelled). 'released' (a lapsed hold) only when present.
 */
const ADMIN_STATUSES: RsvpStatus[] = ['confirmed', 'pending_payment', 'pending_confirmation', 'cancelled'];
const PAYMENT_ORDER: PaymentStatus[] = ['free', 'paid', 'pending', 'failed', 'refunded'];

/** 'all' and the values the list holds (staff get only the RSVPs holding a seat), in a fixed order. */
function choicesIn<T extends string>(order: readonly T[], present: readonly T[], current: T | 'all'): (T | 'all')[] {
  return ['all', ...order.filter((value) => present.includes(value) || value === current)];
}

// Issue 28 item 3: the waitlist's panel is a chunk of its own (it reuses this folder's helpers, so a static import would tie the folders in a circle).
// Issue 28 item 5: an RSVP's History (the audit log's entries about it), a chunk of its own for the same reason.
const RsvpHistory = lazy(() => import('../../audit/admin/RsvpHistory.js'));

const WaitlistPanel = lazy(() => import('../../waitlist/admin/WaitlistPanel.js').then((m) => ({ default: m.WaitlistPanel })));

/**
 * The RSVPs tab: pick an event (?event=), filter, search and count its RSVPs. Staff see the
 * table read-only; admins also resend tickets, cancel (and refund) RSVPs and download the CSV.
 */
export default function RsvpsTab() {
  const { api, role } = useStaff();
  const isAdmin = role === 'admin';
  // Re-rendered each minute so the table's relative check-in times ('2 minutes ago') stay true.
  useNow();
  const [params, setParams] = useSearchParams();
  // Admins may look at an archived event's RSVPs too; staff see the events they can check in for.
  const adminEvents = useQuery({ ...adminEventsQuery(api, 'All'), enabled: isAdmin });
  const staffEvents = useQuery({ ...staffEventsQuery(api), enabled: !isAdmin });
  const events = isAdmin ? adminEvents : staffEvents;
  const choices = useMemo(() => (events.data ?? []).filter((event) => isAdmin || !event.isArchived), [events.data, isAdmin]);
  const requested = params.get('event');
  const eventId = choices.some((event) => event.id === requested) ? requested! : defaultEventId(choices);
  const event = choices.find((e) => e.id === eventId);
  // Admins also see cancelled and refunded RSVPs, with their status; staff the ones holding a seat.
  const allRsvps = useQuery({ ...allRsvpsQuery(api, eventId), enabled: isAdmin && Boolean(eventId) });
  const seatRsvps = useQuery({ ...rsvpsQuery(api, eventId), enabled: !isAdmin && Boolean(eventId) });
  const rsvps = isAdmin ? allRsvps : seatRsvps;
  const [filter, setFilter] = useState<RsvpFilter>({ status: 'all', payment: 'all' });
  const rows = useMemo(() => filterRsvps(rsvps.data ?? [], filter), [rsvps.data, filter]);
  const counts = useMemo(() => rsvpCounts(rsvps.data ?? []), [rsvps.data]);
  const statusChoices = choicesIn(STATUS_ORDER, [...(isAdmin ? ADMIN_STATUSES : []), ...(rsvps.data ?? []).map((r) => r.status)], filter.status);
  const paymentChoices = choicesIn(PAYMENT_ORDER, (rsvps.data ?? []).map((r) => r.paymentStatus ?? 'free'), filter.payment);

  const pick = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('event', id);
        return next;
      },
      { replace: true },
    );

  const columns = useMemo<Column<RsvpRecord>[]>(
    () => (isAdmin && event ? [...COLUMNS, { key: 'actions', header: 'Actions', cell: (r) => <RsvpActions rsvp={r} event={event} /> }] : COLUMNS),
    [isAdmin, event],
  );

  if (events.isPending) return <StateBlock kind="loading" label="Loading events..." />;
  if (events.isError) return <StateBlock kind="error" message={errorText(events.error, CHECKIN_MESSAGES.loadRsvpsFailed)} onRetry={() => void events.refetch()} />;
  if (choices.length === 0) return <StateBlock kind="empty" title="No events yet" />;
  return (
    <div className="rsvps-tab">
      <div className="rsvps-toolbar">
        <div className="field rsvps-event">
          <label htmlFor="rsvps-event">Event</label>
          <select id="rsvps-event" value={eventId} onChange={(e) => pick(e.target.value)}>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.title} ({formatEventDateTime(choice.date)}){choice.isArchived ? ' [archived]' : ''}
              </option>
            ))}
          </select>
        </div>
        <FilterSelect
          id="rsvps-status"
          label="Status"
          value={filter.status}
          choices={statusChoices}
          text={(value) => (value === 'all' ? 'All statuses' : STATUS_LABEL[value])}
          onChange={(status) => setFilter((f) => ({ ...f, status }))}
        />
        <FilterSelect
          id="rsvps-payment"
          label="Payment"
          value={filter.payment}
          choices={paymentChoices}
          text={(value) => (value === 'all' ? 'All payments' : PAYMENT_LABEL[value])}
          onChange={(payment) => setFilter((f) => ({ ...f, payment }))}
        />
        {isAdmin && event ? <CsvButton event={event} /> : null}
      </div>
      {rsvps.isPending ? (
        <StateBlock kind="loading" label="Loading RSVPs..." />
      ) : rsvps.isError ? (
        <StateBlock kind="error" message={errorText(rsvps.error, CHECKIN_MESSAGES.loadRsvpsFailed)} onRetry={() => void rsvps.refetch()} />
      ) : (
        <>
          <p className="rsvps-counts" aria-label="RSVP counts">
            <span>{counts.total === 1 ? '1 RSVP' : `${counts.total} RSVPs`}</span>
            <span>{counts.confirmed} confirmed</span>
            {counts.pendingPayment ? <span>{counts.pendingPayment} pending payment</span> : null}
            {counts.pendingConfirmation ? <span>{counts.pendingConfirmation} awaiting e-mail confirmation</span> : null}
            {counts.cancelled ? <span>{counts.cancelled} cancelled</span> : null}
            <span>{counts.checkedIn} checked in</span>
            {event?.requiresPayment ? <span>{formatCents(counts.taken)} taken</span> : null}
            {rows.length !== counts.total ? <span>{rows.length} shown by the filters</span> : null}
          </p>
          {eventId ? <ReminderCounts eventId={eventId} /> : null}
          {isAdmin ? null : <p className="rsvps-note">Cancelled RSVPs are not listed here.</p>}
          <Table
            rows={rows}
            columns={columns}
            rowKey={(r) => r.id}
            caption="RSVPs of the selected event"
            searchFields={[(r) => r.name, (r) => r.email, (r) => r.id]}
            searchLabel="Search by name, e-mail or ticket ID"
            empty={counts.total ? 'No RSVPs match the filters.' : 'No RSVPs for this event yet.'}
            stackOnPhone
          />
        </>
      )}
      {/* Issue 28 item 3: the event's waitlist, for admins. */}
      {isAdmin && event ? (
        <Suspense fallback={<StateBlock kind="loading" label="Loading the waitlist..." />}>
          <WaitlistPanel event={event} />
        </Suspense>
      ) : null}
    </div>
  );
}

function FilterSelect<T extends string>(props: { id: string; label: string; value: T; choices: readonly T[]; text: (value: T) => string; onChange: (value: T) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.choices.map((value) => (
          <option key={value} value={value}>
            {props.text(value)}
          </option>
        ))}
      </select>
    </div>
  );
}

function CsvButton({ event }: { event: EventRecord }) {
  const { api } = useStaff();
  const toast = useToast();
  const download = useMutation({
    mutationFn: () => rsvpCalls.csv(api, event.id),
    onSuccess: ({ blob, fileName }) => {
      // The API names the file after the event's address; the same name when a proxy drops the header.
      saveBlob(blob, fileName ?? `${event.customUrl || event.id}-rsvps.csv`);
      toast.success(RSVP_ADMIN_TEXT.csvReady);
    },
    onError: (error) => toast.error(errorText(error, RSVP_ADMIN_TEXT.csvFailed)),
  });
  return (
    <button type="button" className="btn btn-outline rsvps-csv" onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending || undefined}>
      {download.isPending ? 'Preparing CSV...' : 'Download CSV'}
    </button>
  );
}

type Dialog = 'cancel' | 'refund' | null;

/** An RSVP's admin actions: resend its ticket, cancel it (freeing the seat), or cancel and refund a paid one. */
function RsvpActions({ rsvp, event }: { rsvp: RsvpRecord; event: EventRecord }) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const refundable = refundableCents(rsvp);

  const resend = useMutation({
    mutationFn: () => rsvpCalls.resend(api, rsvp.id),
    onSuccess: (reply) => toast.success(`${reply.message || RSVP_ADMIN_TEXT.resent} (${rsvp.email})`),
    onError: (error) => toast.error(errorText(error, MAIL_MESSAGES.resendFailed)),
  });
  const change = useMutation({
    mutationFn: (kind: 'cancel' | 'refund') => (kind === 'cancel' ? rsvpCalls.cancel(api, rsvp.id, reason) : rsvpCalls.refund(api, rsvp.id, reason)),
    onSuccess: (reply, kind) => {
      setDialog(null);
      toast.success(`${reply.message || (kind === 'cancel' ? RSVP_MESSAGES.cancelled : RSVP_MESSAGES.refunded)} (${rsvp.name})`);
    },
    onError: (error, kind) => toast.error(errorText(error, kind === 'cancel' ? RSVP_MESSAGES.cancelFailed : RSVP_MESSAGES.refundFailed)),
    onSettled: () => Promise.all([invalidateRsvps(queryClient, event.id), queryClient.invalidateQueries({ queryKey: ['audit'] })]),
  });
  const dialogError = change.isError && change.variables === dialog ? errorText(change.error, dialog === 'cancel' ? RSVP_MESSAGES.cancelFailed : RSVP_MESSAGES.refundFailed) : undefined;
  const open = (kind: Dialog) => {
    change.reset();
    setReason('');
    setDialog(kind);
  };

  const amount = formatCents(refundable);
  const shown =
    dialog === 'cancel'
      ? {
          kind: dialog,
          title: `Cancel ${rsvp.name}'s RSVP?`,
          confirm: 'Cancel RSVP',
          busy: 'Cancelling...',
          body: `${rsvp.email} is no longer registered for ${event.title} and the seat is freed.${refundable > 0 ? ` The ${amount} they paid is not refunded: use 'Cancel and refund' for that.` : ''}`,
        }
      : dialog === 'refund'
        ? {
            kind: dialog,
            title: `Cancel and refund ${amount}?`,
            confirm: `Refund ${amount}`,
            busy: 'Refunding...',
            body: `${rsvp.name} (${rsvp.email}) is no longer registered for ${event.title}, the seat is freed and ${amount} goes back to the card they paid with.`,
          }
        : null;

  // A cancelled or released RSVP keeps only its details (issue 24 item 2); they stay first, so an open one stays open.
  const details = <RsvpDetails rsvp={rsvp} />;
  if (!isLive(rsvp)) return <div className="rsvps-actions">{details}</div>;
  return (
    <div className="rsvps-actions">
      {details}
      {rsvp.status === 'confirmed' ? (
        <button type="button" className="btn btn-outline btn-small" onClick={() => resend.mutate()} disabled={resend.isPending} aria-busy={resend.isPending || undefined}>
          {resend.isPending ? 'Sending...' : 'Resend ticket'}
        </button>
      ) : null}
      <button type="button" className="btn btn-outline btn-small" onClick={() => open('cancel')}>
        Cancel RSVP
      </button>
      {refundable > 0 ? (
        <button type="button" className="btn btn-outline btn-small" onClick={() => open('refund')}>
          Cancel and refund
        </button>
      ) : null}
      {shown ? (
        <ConfirmDialog
          open
          title={shown.title}
          confirmLabel={shown.confirm}
          cancelLabel="Keep RSVP"
          busyLabel={shown.busy}
          busy={change.isPending}
          tone="danger"
          error={dialogError}
          onConfirm={() => change.mutate(shown.kind)}
          onCancel={() => setDialog(null)}
        >
          <p>{shown.body}</p>
          <div className="field">
            <label htmlFor={`rsvp-reason-${rsvp.id}`}>Reason (optional)</label>
            <input
              id={`rsvp-reason-${rsvp.id}`}
              type="text"
              value={reason}
              maxLength={AUDIT_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              disabled={change.isPending}
            />
          </div>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** 'Details': every field the registration form collected, in a dialog (issue 24 item 2). */
function RsvpDetails({ rsvp }: { rsvp: RsvpRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen(true)} aria-label={`Details of ${rsvp.name}'s RSVP`}>
        Details
      </button>
      {open ? (
        <Modal title={`${rsvp.name}'s RSVP`} className="rsvps-details" onDismiss={() => setOpen(false)}>
          <RsvpDetailsList rsvp={rsvp} />
          <Suspense fallback={<StateBlock kind="loading" label="Loading the history..." />}>
            <RsvpHistory rsvpId={rsvp.id} />
          </Suspense>
          <div className="ui-dialog-actions">
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

/** The dialog's fields, formatted only once it is open (not for every row the table shows). */
function RsvpDetailsList({ rsvp }: { rsvp: RsvpRecord }) {
  const history = selfServiceNotes(rsvp);
  const rows: [label: string, value: ReactNode][] = [
    ['E-mail', rsvp.email],
    ...RSVP_DETAIL_FIELDS.map(([field, label]): [string, ReactNode] => [label, rsvp[field]]),
    ['Ticket type', ticketTypeOf(rsvp)],
    ['Status', STATUS_LABEL[rsvp.status] ?? rsvp.status],
    // One line each (the list keeps line breaks): who cancelled it, whom it went to or came from, the refund.
    ...(history.length ? [['History', history.join('\n')] as [string, ReactNode]] : []),
    ['Registered at', formatShortDateTime(rsvp.createdAt)],
    ['Checked in', checkedInText(rsvp)],
    ['Ticket ID', <code key="id">{rsvp.id}</code>],
  ];
  return (
    <dl className="rsvps-details-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          {/* A field left blank on the form says so rather than showing nothing. */}
          <dd className={value ? undefined : 'rsvps-details-empty'}>{value || 'Not given'}</dd>
        </div>
      ))}
    </dl>
  );
}
