import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { OVERVIEW_LIMITS, OVERVIEW_MESSAGES, type CheckInView, type EventOverviewReply } from '@shared/overview-model.js';
import { formatCents } from '@shared/payments-model.js';
import { waitingText } from '@shared/waitlist-model.js';
import { ApiError, errorText } from '../../api/client.js';
import { formatEventDateTime } from '../../events/format.js';
import { useStaff } from '../../staff/StaffContext.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { arrivalsView, checkedInText, doorsView, moneyView, registrationsView, ticketTypesView, timeLabel } from '../overview.js';
import { ChartFigure } from './ChartFigure.js';
import { eventOverviewQuery } from './overviewApi.js';

const BACK = { search: '?tab=overview' };

function BackLink() {
  return (
    <Link to={BACK} className="overview-back">
      ← Back to the overview
    </Link>
  );
}

/**
 * One event's page (issue 30 item 2): its totals, registrations and money over time, the ticket
 * types; from the event's day its live check-in view, which refreshes on its own while open.
 */
export function EventOverview({ eventId }: { eventId: string }) {
  const { api } = useStaff();
  const overview = useQuery(eventOverviewQuery(api, eventId));
  if (overview.isPending) return <StateBlock kind="loading" label="Loading the event's overview..." />;
  if (overview.isError) {
    const notFound = overview.error instanceof ApiError && overview.error.status === 404;
    return (
      <StateBlock
        kind="error"
        message={notFound ? OVERVIEW_MESSAGES.eventNotFound : errorText(overview.error, OVERVIEW_MESSAGES.loadFailed)}
        onRetry={notFound ? undefined : () => void overview.refetch()}
      >
        <BackLink />
      </StateBlock>
    );
  }
  return <EventOverviewBody reply={overview.data} />;
}

function EventOverviewBody({ reply }: { reply: EventOverviewReply }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { event, totals } = reply;
  // Opened from a card or the Events tab: the reader lands on the event's name.
  useEffect(() => heading.current?.focus(), []);
  const charts = useMemo(() => [registrationsView(reply), moneyView(reply), ticketTypesView(reply)], [reply]);
  return (
    <article className="overview-event" aria-labelledby="overview-event-title">
      <BackLink />
      <h3 id="overview-event-title" ref={heading} tabIndex={-1}>
        {event.title}
      </h3>
      <p className="overview-card-date">{formatEventDateTime(event.date)}</p>
      {reply.checkIn ? <LiveCheckIn view={reply.checkIn} reply={reply} /> : null}
      <dl className="overview-totals" aria-label="Totals">
        <Total label="Registered" value={event.capacity === null ? String(totals.registered) : `${totals.registered} of ${event.capacity}`} />
        <Total label="Checked in" value={String(totals.checkedIn)} />
        <Total label="Taken" value={formatCents(totals.amountTaken)} />
        <Total label="Refunded" value={formatCents(totals.amountRefunded)} />
        <Total label="Cancelled by attendees" value={String(totals.selfCancellations)} />
        <Total label="Cancelled by admins" value={String(totals.adminCancellations)} />
        <Total label="Refunds" value={String(totals.refunds)} />
        {totals.waitlist === null ? null : <Total label="Waitlist" value={waitingText(totals.waitlist)} />}
      </dl>
      <div className="overview-charts">
        {charts.map((view) => (
          <ChartFigure key={view.id} view={view} eventTitle={event.title} />
        ))}
      </div>
    </article>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The door, live (issue 30 item 2): checked in of expected, arrivals per 10 minutes, by door; refreshed every OVERVIEW_LIMITS.liveRefreshMs. */
function LiveCheckIn({ view, reply }: { view: CheckInView; reply: EventOverviewReply }) {
  const charts = useMemo(() => [arrivalsView(view, reply.timeZone), doorsView(view)], [view, reply.timeZone]);
  const share = view.expected > 0 ? Math.min(1, view.checkedIn / view.expected) : 0;
  return (
    <section className="overview-live" aria-labelledby="overview-live-title">
      <h4 id="overview-live-title">Check-in, live</h4>
      <p className="overview-live-count" role="status">
        {checkedInText(view)}
      </p>
      <div className="overview-fill-bar" aria-hidden="true">
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="overview-live-note">
        Updated {timeLabel(reply.generatedAt, reply.timeZone)}; refreshes every {OVERVIEW_LIMITS.liveRefreshMs / 1000} seconds while this page is open.
      </p>
      <div className="overview-charts">
        {charts.map((chart) => (
          <ChartFigure key={chart.id} view={chart} eventTitle={reply.event.title} height={160} />
        ))}
      </div>
    </section>
  );
}
