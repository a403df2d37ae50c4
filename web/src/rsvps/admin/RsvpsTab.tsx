import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CHECKIN_MESSAGES } from '@shared/checkin-model.js';
import type { RsvpRecord } from '@shared/rsvps-model.js';
import { errorText } from '../../api/client.js';
import { rsvpsQuery, staffEventsQuery } from '../../checkin/checkinApi.js';
import { defaultEventId, ticketTypeOf } from '../../checkin/checkin.js';
import { formatEventDateTime } from '../../events/format.js';
import { useStaff } from '../../staff/StaffContext.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { Table, type Column } from '../../ui/Table.js';


const COLUMNS: Column<RsvpRecord>[] = [
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'email', header: 'E-mail', value: (r) => r.email },
  { key: 'ticketType', header: 'Ticket type', value: (r) => ticketTypeOf(r) },
  { key: 'status', header: 'Status', value: (r) => r.status.replace('_', ' ') },
  { key: 'payment', header: 'Payment', value: (r) => r.paymentStatus },
  {
    key: 'checkedIn',
    header: 'Checked in',
    value: (r) => (r.checkedIn ? (r.checkedInAt ? formatEventDateTime(r.checkedInAt) : 'Yes') : 'No'),
    sortValue: (r) => r.checkedInAt ?? '',
  },
];

/** The RSVPs tab as staff see it: the selected event's RSVPs, read-only (admin actions come later). */
export default function RsvpsTab() {
  const { api } = useStaff();
  const events = useQuery(staffEventsQuery(api));
  const choices = useMemo(() => (events.data ?? []).filter((event) => !event.isArchived), [events.data]);
  const [picked, setPicked] = useState<string | null>(null);
  const eventId = picked ?? defaultEventId(choices);
  const rsvps = useQuery(rsvpsQuery(api, eventId));

  if (events.isPending) return <StateBlock kind="loading" label="Loading events..." />;
  if (events.isError) return <StateBlock kind="error" message={errorText(events.error, CHECKIN_MESSAGES.loadRsvpsFailed)} onRetry={() => void events.refetch()} />;
  return (
    <div className="rsvps-tab">
      <div className="field">
        <label htmlFor="rsvps-event">Event</label>
        <select id="rsvps-event" value={eventId} onChange={(e) => setPicked(e.target.value)}>
          {choices.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title} ({formatEventDateTime(event.date)})
            </option>
          ))}
        </select>
      </div>
      {rsvps.isPending ? (
        <StateBlock kind="loading" label="Loading RSVPs..." />
      ) : rsvps.isError ? (
        <StateBlock kind="error" message={errorText(rsvps.error, CHECKIN_MESSAGES.loadRsvpsFailed)} onRetry={() => void rsvps.refetch()} />
      ) : (
        <Table
          rows={rsvps.data}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          caption="RSVPs of the selected event"
          searchFields={[(r) => r.name, (r) => r.email, (r) => r.id]}
          searchLabel="Search by name, e-mail or ticket ID"
          empty="No RSVPs for this event yet."
        />
      )}
    </div>
  );
}
