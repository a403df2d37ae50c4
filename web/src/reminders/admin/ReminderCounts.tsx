import { useQuery } from '@tanstack/react-query';
import { REMINDER_TEXT, reminderCountLabel } from '@shared/reminders-model.js';
import { errorText } from '../../api/client.js';
import { useStaff } from '../../staff/StaffContext.js';
import { reminderCountsQuery } from './remindersApi.js';

/**
 * How many reminders of each offset went to the selected event's attendees ('24 h reminder: 38
 * sent'), for its current date; one line under the RSVP counts.
 */
export function ReminderCounts({ eventId }: { eventId: string }) {
  const { api } = useStaff();
  const counts = useQuery(reminderCountsQuery(api, eventId));
  if (counts.isPending) return null;
  if (counts.isError) return <p className="rsvps-note" role="alert">{errorText(counts.error, REMINDER_TEXT.loadFailed)}</p>;
  return (
    <p className="rsvps-counts" aria-label="Reminder counts">
      <span>{REMINDER_TEXT.heading}</span>
      {counts.data.length === 0 ? <span>{REMINDER_TEXT.off}</span> : counts.data.map((count) => <span key={count.offsetHours}>{reminderCountLabel(count)}</span>)}
    </p>
  );
}
