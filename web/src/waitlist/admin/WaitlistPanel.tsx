import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventRecord } from '@shared/events-model.js';
import { WAITLIST_MESSAGES, WAITLIST_STATUS_LABELS, offeredUntilText, type WaitlistAdminEntry } from '@shared/waitlist-model.js';
import { formatEventTime } from '../../events/format.js';
import { errorText } from '../../api/client.js';
import { formatShortDateTime, saveBlob } from '../../rsvps/admin/rsvpsApi.js';
import { useStaff } from '../../staff/StaffContext.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { Table, type Column } from '../../ui/Table.js';
import { useToast } from '../../ui/ToastContext.js';
import { WAITLIST_ADMIN_TEXT, isOfferable, isRemovable, waitlistCalls, waitlistKeys, waitlistQuery } from './waitlistApi.js';
import './waitlistAdmin.css';

/**
 * Issue 28 item 3: the RSVPs tab's waitlist of the chosen event, for admins: place, name, e-mail, seats,
 * together or fewer, joined, status ('Offered until 7:30 PM MST' while offered); 'Make offer' on a waiting
 * entry (item 2), 'Remove' after a confirmation, and its CSV.
 */
export function WaitlistPanel({ event }: { event: Pick<EventRecord, 'id' | 'customUrl' | 'title'> }) {
  const { api } = useStaff();
  const entries = useQuery(waitlistQuery(api, event.id));
  const columns = useMemo<Column<WaitlistAdminEntry>[]>(
    () => [
      { key: 'position', header: 'Place', value: (e) => e.position ?? Number.MAX_SAFE_INTEGER, cell: (e) => (e.position === null ? '–' : String(e.position)) },
      { key: 'name', header: 'Name', value: (e) => e.name },
      { key: 'email', header: 'E-mail', value: (e) => e.email },
      { key: 'seats', header: 'Seats', value: (e) => e.seats },
      { key: 'together', header: 'Together', value: (e) => (e.together ? WAITLIST_MESSAGES.togetherLabel : WAITLIST_MESSAGES.fewerLabel) },
      { key: 'joined', header: 'Joined', value: (e) => e.joinedAt, cell: (e) => formatShortDateTime(e.joinedAt) },
      { key: 'status', header: 'Status', value: (e) => statusLabel(e) },
      {
        key: 'actions',
        header: 'Actions',
        cell: (e) => (
          <div className="waitlist-admin-actions">
            {isOfferable(e) ? <MakeOffer entry={e} eventId={event.id} /> : null}
            {isRemovable(e) ? <RemoveEntry entry={e} eventId={event.id} /> : null}
          </div>
        ),
      },
    ],
    [event.id],
  );
  return (
    <section className="waitlist-admin" aria-labelledby="waitlist-admin-heading">
      <div className="waitlist-admin-head">
        <h3 id="waitlist-admin-heading">{WAITLIST_ADMIN_TEXT.heading}</h3>
        <WaitlistCsvButton event={event} />
      </div>
      {entries.isPending ? (
        <StateBlock kind="loading" label="Loading the waitlist..." />
      ) : entries.isError ? (
        <StateBlock kind="error" message={errorText(entries.error, WAITLIST_MESSAGES.loadFailed)} onRetry={() => void entries.refetch()} />
      ) : (
        <Table rows={entries.data} columns={columns} rowKey={(e) => e.id} caption={`Waitlist of ${event.title}`} empty={WAITLIST_ADMIN_TEXT.empty} stackOnPhone />
      )}
    </section>
  );
}

/** 'Waiting', 'Offered until 7:30 PM MST', 'Claimed', ... */
export function statusLabel(entry: Pick<WaitlistAdminEntry, 'status' | 'offerExpiresAt'>): string {
  if (entry.status === 'offered' && entry.offerExpiresAt) return offeredUntilText(formatEventTime(entry.offerExpiresAt));
  return WAITLIST_STATUS_LABELS[entry.status] ?? entry.status;
}

/** Issue 28 item 2: 'Make offer' by hand on a waiting entry (seats held for the line first, then seats on sale). */
function MakeOffer({ entry, eventId }: { entry: WaitlistAdminEntry; eventId: string }) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const offer = useMutation({
    mutationFn: () => waitlistCalls.offer(api, entry.id),
    onSuccess: async (reply) => {
      toast.success(reply.message ?? WAITLIST_MESSAGES.offerMade);
      await Promise.all([queryClient.invalidateQueries({ queryKey: waitlistKeys.event(eventId) }), queryClient.invalidateQueries({ queryKey: waitlistKeys.counts() })]);
    },
    onError: (failure) => toast.error(errorText(failure, WAITLIST_MESSAGES.offerFailed)),
  });
  return (
    <button
      type="button"
      className="btn btn-primary btn-small"
      onClick={() => offer.mutate()}
      disabled={offer.isPending}
      aria-busy={offer.isPending || undefined}
      aria-label={`${WAITLIST_MESSAGES.makeOfferButton} to ${entry.name}`}
    >
      {WAITLIST_MESSAGES.makeOfferButton}
    </button>
  );
}

function RemoveEntry({ entry, eventId }: { entry: WaitlistAdminEntry; eventId: string }) {
  const { api } = useStaff();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => waitlistCalls.remove(api, entry.id),
    onSuccess: async (reply) => {
      setOpen(false);
      toast.success(reply.message ?? WAITLIST_MESSAGES.removed);
      await Promise.all([queryClient.invalidateQueries({ queryKey: waitlistKeys.event(eventId) }), queryClient.invalidateQueries({ queryKey: waitlistKeys.counts() })]);
    },
    onError: (failure) => setError(errorText(failure, WAITLIST_MESSAGES.removeFailed)),
  });
  return (
    <>
      <button type="button" className="btn btn-outline btn-small" onClick={() => (setError(null), setOpen(true))} aria-label={`Remove ${entry.name} from the waitlist`}>
        {WAITLIST_ADMIN_TEXT.remove}
      </button>
      {open ? (
        <ConfirmDialog
          open
          title={WAITLIST_ADMIN_TEXT.removeTitle(entry.name)}
          confirmLabel={WAITLIST_ADMIN_TEXT.remove}
          cancelLabel={WAITLIST_ADMIN_TEXT.keep}
          busyLabel={WAITLIST_ADMIN_TEXT.removing}
          busy={remove.isPending}
          tone="danger"
          error={error ?? undefined}
          onConfirm={() => remove.mutate()}
          onCancel={() => setOpen(false)}
        >
          <p>{WAITLIST_ADMIN_TEXT.removeBody}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function WaitlistCsvButton({ event }: { event: Pick<EventRecord, 'id' | 'customUrl'> }) {
  const { api } = useStaff();
  const toast = useToast();
  const download = useMutation({
    mutationFn: () => waitlistCalls.csv(api, event.id),
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName ?? `${event.customUrl || event.id}-waitlist.csv`);
      toast.success(WAITLIST_ADMIN_TEXT.csvReady);
    },
    onError: (error) => toast.error(errorText(error, WAITLIST_ADMIN_TEXT.csvFailed)),
  });
  return (
    <button type="button" className="btn btn-outline rsvps-csv" onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending || undefined}>
      {download.isPending ? 'Preparing CSV...' : 'Download waitlist CSV'}
    </button>
  );
}
