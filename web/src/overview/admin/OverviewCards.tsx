import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { OVERVIEW_MESSAGES, type OverviewEventCard } from '@shared/overview-model.js';
import { formatCents } from '@shared/payments-model.js';
import { waitingText } from '@shared/waitlist-model.js';
import { errorText } from '../../api/client.js';
import { formatEventDateTime } from '../../events/format.js';
import { useStaff } from '../../staff/StaffContext.js';
import { Card } from '../../ui/Card.js';
import { StateBlock } from '../../ui/StateBlock.js';
import { cx } from '../../ui/cx.js';
import { fillShare, fillText, recentText, recentTotal, sparklineSpec } from '../overview.js';
import { eventOverviewSearch, overviewQuery } from './overviewApi.js';
import UPlotChart from './UPlotChart.js';

/** The upcoming events at a glance (issue 30 item 1), soonest first; each card opens its event's page. */
export function OverviewCards() {
  const { api } = useStaff();
  const overview = useQuery(overviewQuery(api));
  if (overview.isPending) return <StateBlock kind="loading" label="Loading the overview..." />;
  if (overview.isError) return <StateBlock kind="error" message={errorText(overview.error, OVERVIEW_MESSAGES.loadFailed)} onRetry={() => void overview.refetch()} />;
  if (overview.data.events.length === 0) return <StateBlock kind="empty" title={OVERVIEW_MESSAGES.none} />;
  return (
    <ul className="overview-cards" aria-label="Upcoming events">
      {overview.data.events.map((card) => (
        <OverviewCard key={card.id} card={card} />
      ))}
    </ul>
  );
}

function OverviewCard({ card }: { card: OverviewEventCard }) {
  const share = fillShare(card);
  const recent = recentTotal(card);
  const spark = useMemo(() => sparklineSpec(card), [card]);
  const titleId = `overview-card-${card.id}`;
  return (
    <Card as="li" className={cx('overview-card', card.warning && `overview-card--${card.warning.kind}`)} aria-labelledby={titleId}>
      <h3 id={titleId} className="overview-card-title">
        <Link to={{ search: eventOverviewSearch(card.id) }}>{card.title}</Link>
      </h3>
      <p className="overview-card-date">{formatEventDateTime(card.date)}</p>
      {card.warning ? <p className={cx('overview-warning', `overview-warning--${card.warning.kind}`)}>{card.warning.text}</p> : null}
      <div className="overview-fill">
        <p className="overview-fill-text">{fillText(card)}</p>
        {share === null ? null : (
          <div className="overview-fill-bar" aria-hidden="true">
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </div>
        )}
      </div>
      <dl className="overview-card-facts">
        <div>
          <dt>Taken</dt>
          <dd>{formatCents(card.amountTaken)}</dd>
        </div>
        <div>
          <dt>Checked in</dt>
          <dd>{card.checkedIn}</dd>
        </div>
        {card.waitlist === null ? null : (
          <div>
            <dt>Waitlist</dt>
            <dd>{waitingText(card.waitlist)}</dd>
          </div>
        )}
      </dl>
      <div className="overview-recent">
        <p>{recentText(recent)}</p>
        {card.last7Days.length ? <UPlotChart spec={spark} height={36} sparkline className="overview-sparkline" /> : null}
      </div>
    </Card>
  );
}
