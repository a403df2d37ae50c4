import { useMemo, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { AUDIT_ACTION_LABELS, AUDIT_MESSAGES, actorLabel, changesText, type AuditEntry } from '@shared/audit-model.js';
import { errorText } from '../../api/client.js';
import { adminEventsQuery } from '../../events/admin/eventsApi.js';
import { formatShortDateTime, saveBlob } from '../../rsvps/admin/rsvpsApi.js';
import { useStaff } from '../../staff/StaffContext.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { Table, type Column } from '../../ui/Table.js';
import { useToast } from '../../ui/ToastContext.js';
import { ACTION_CHOICES, activityQuery, auditCalls, NO_FILTER, type ActivityFilter } from './auditApi.js';
import './audit.css';

/** What an entry says beyond its action: the changed fields, the reason, the door. */
function details(entry: AuditEntry): string {
  const parts = [changesText(entry.changes), entry.reason ? `Reason: ${entry.reason}` : '', entry.checkIn?.door ? `Door: ${entry.checkIn.door}` : ''];
  return parts.filter(Boolean).join(' · ');
}

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'at', header: 'When', value: (e) => formatShortDateTime(e.at), sortValue: (e) => e.at },
  { key: 'actor', header: 'Who', value: (e) => actorLabel(e.actor), className: 'audit-actor' },
  { key: 'action', header: 'Action', value: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action },
  { key: 'target', header: 'Target', value: (e) => e.target.label },
  { key: 'details', header: 'Details', value: details, sortable: false, className: 'audit-details' },
];

/**
 * The Activity tab (issue 28 item 5, admins): the audit log newest first, filtered by event, actor
 * (an e-mail, or system / attendee / payment provider), action and dates; 'Show more' pages on;
 * 'Export CSV' downloads what the filters select.
 */
export default function ActivityTab() {
  const { api } = useStaff();
  const toast = useToast();
  const events = useQuery(adminEventsQuery(api, 'All'));
  const [draft, setDraft] = useState<ActivityFilter>(NO_FILTER);
  const [filter, setFilter] = useState<ActivityFilter>(NO_FILTER);
  const activity = useInfiniteQuery(activityQuery(api, filter));
  const rows = useMemo(() => activity.data?.pages.flatMap((page) => page.entries) ?? [], [activity.data]);
  const exportCsv = useMutation({
    mutationFn: () => auditCalls.csv(api, filter),
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName ?? 'activity.csv');
      toast.success(AUDIT_MESSAGES.csvReady);
    },
    onError: (error) => toast.error(errorText(error, AUDIT_MESSAGES.csvFailed)),
  });
  const set = (field: keyof ActivityFilter) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
  };
  const clear = () => {
    setDraft(NO_FILTER);
    setFilter(NO_FILTER);
  };

  return (
    <div className="activity-tab">
      <form className="activity-filters" onSubmit={apply} aria-label="Activity filters">
        <div className="field">
          <label htmlFor="activity-event">Event</label>
          <select id="activity-event" value={draft.eventId} onChange={(e) => set('eventId')(e.target.value)}>
            <option value="">All events</option>
            {(events.data ?? []).map((event) => (
              <option key={event.id} value={event.id}>
                {event.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field activity-who">
          <label htmlFor="activity-actor">Who</label>
          <input
            id="activity-actor"
            type="text"
            value={draft.actor}
            placeholder="E-mail, system, attendee..."
            onChange={(e) => set('actor')(e.target.value)}
            list="activity-actor-kinds"
          />
          <datalist id="activity-actor-kinds">
            <option value="staff" />
            <option value="attendee" />
            <option value="system" />
            <option value="payment provider" />
          </datalist>
        </div>
        <div className="field">
          <label htmlFor="activity-action">Action</label>
          <select id="activity-action" value={draft.action} onChange={(e) => set('action')(e.target.value)}>
            <option value="">All actions</option>
            {ACTION_CHOICES.map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="activity-from">From</label>
          <input id="activity-from" type="date" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="activity-to">To</label>
          <input id="activity-to" type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
        </div>
        <div className="activity-buttons">
          <button type="submit" className="btn btn-primary">
            Apply filters
          </button>
          <button type="button" className="btn btn-outline" onClick={clear}>
            Clear
          </button>
          <button type="button" className="btn btn-outline" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} aria-busy={exportCsv.isPending || undefined}>
            {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      </form>
      {activity.isPending ? (
        <StateBlock kind="loading" label="Loading the activity..." />
      ) : activity.isError ? (
        <StateBlock kind="error" message={errorText(activity.error, AUDIT_MESSAGES.loadFailed)} onRetry={() => void activity.refetch()} />
      ) : (
        <>
          <Table
            rows={rows}
            columns={COLUMNS}
            rowKey={(e) => e.id}
            caption="Activity, newest first"
            empty={filter === NO_FILTER ? 'Nothing recorded yet.' : 'Nothing matches the filters.'}
            initialSort={{ key: 'at', direction: 'descending' }}
            stackOnPhone
          />
          {activity.hasNextPage ? (
            <button
              type="button"
              className="btn btn-outline activity-more"
              onClick={() => void activity.fetchNextPage()}
              disabled={activity.isFetchingNextPage}
              aria-busy={activity.isFetchingNextPage || undefined}
            >
              {activity.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
