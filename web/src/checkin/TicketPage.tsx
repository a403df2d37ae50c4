import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { api } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { FullWidthLayout } from '../layout/PublicLayout.js';
import { Card } from '../ui/Card.js';
import { Spinner } from '../ui/Spinner.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { CheckmarkIcon, CrossIcon, DotIcon } from '../ui/icons.js';
import { arrivedTicket, cancellationText, checkInBadge, checkInDetails, getTicket, TICKET_TEXT, ticketErrorText, ticketEventPath, ticketTypeText } from './ticket.js';
import { usePageData } from '../ui/usePageData.js';
import './checkin.css';

/** /checkin/:ticketId: the public ticket page an attendee shows at the door (SPEC §2). */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  return <TicketContent key={ticketId} ticketId={ticketId.trim()} />;
}

function TicketContent({ ticketId }: { ticketId: string }) {
  const state = usePageData({
    refusal: ticketId ? null : RSVP_MESSAGES.ticketNotFound,
    arrived: () => arrivedTicket(api, ticketId),
    load: (signal) => getTicket(api, ticketId, signal),
    errorText: ticketErrorText,
  });
  useDocumentTitle(state.status === 'loaded' ? `${TICKET_TEXT.title}: ${state.data.event.title}` : TICKET_TEXT.title);

  return (
    <FullWidthLayout>
      <div className="ticket-page">
        {state.status === 'loading' ? (
          <Card className="ticket-card" data-page-loading="">
            <Spinner label={TICKET_TEXT.loading} />
          </Card>
        ) : state.status === 'error' ? (
          <Card className="ticket-card ticket-card--error">
            <h1>{TICKET_TEXT.title}</h1>
            <p className="ticket-error" role="alert">
              {state.message}
            </p>
            <p>{TICKET_TEXT.contactStaff}</p>
            <Link className="btn btn-primary" to="/#events">
              {TICKET_TEXT.returnToEvents}
            </Link>
          </Card>
        ) : (
          <Ticket ticket={state.data} />
        )}
      </div>
    </FullWidthLayout>
  );
}

function Ticket({ ticket }: { ticket: TicketView }) {
  const checkedIn = checkInDetails(ticket);
  const cancelled = cancellationText(ticket);
  const badge = cancelled?.badge ?? checkInBadge(ticket);
  const badgeKind = cancelled ? 'cancelled' : ticket.checkedIn ? 'in' : 'pending';
  const cardKind = cancelled ? ' ticket-card--cancelled' : ticket.checkedIn ? ' ticket-card--used' : '';
  return (
    <Card as="article" className={`ticket-card${cardKind}`} aria-labelledby="ticket-title ticket-event-title">
      <h1 id="ticket-title" className="ticket-kicker">
        {TICKET_TEXT.title}
      </h1>
      <h2 id="ticket-event-title" className="ticket-event-title">
        {ticket.event.title}
      </h2>
      <p className={`ticket-badge ticket-badge--${badgeKind}`}>
        {cancelled ? <CrossIcon /> : ticket.checkedIn ? <CheckmarkIcon size={16} /> : <DotIcon />} {badge}
      </p>
      {cancelled ? (
        <p className="ticket-cancelled" role="alert">
          {cancelled.note}
        </p>
      ) : null}

      <section className="ticket-section" aria-labelledby="ticket-attendee">
        <h3 id="ticket-attendee">Attendee</h3>
        <dl className="ticket-details">
          <Detail label="Name">{ticket.attendee.name}</Detail>
          <Detail label="Email">{ticket.attendee.email}</Detail>
          <Detail label="Ticket type">{ticketTypeText(ticket)}</Detail>
        </dl>
      </section>

      <section className="ticket-section" aria-labelledby="ticket-event">
        <h3 id="ticket-event">Event</h3>
        <dl className="ticket-details">
          <Detail label="Event">
            <Link to={ticketEventPath(ticket)}>{ticket.event.title}</Link>
          </Detail>
          <Detail label="Date">{formatEventDateTime(ticket.event.date)}</Detail>
          {ticket.event.location ? <Detail label="Location">{ticket.event.location}</Detail> : null}
        </dl>
      </section>

      {checkedIn ? (
        <section className="ticket-section" aria-labelledby="ticket-checkin">
          <h3 id="ticket-checkin">Check-in</h3>
          <dl className="ticket-details">
            {checkedIn.at ? <Detail label="Time">{checkedIn.at}</Detail> : null}
            {checkedIn.by ? <Detail label="By">{checkedIn.by}</Detail> : null}
          </dl>
        </section>
      ) : null}

      <p className="ticket-id">
        Ticket ID: <code>{ticket.id}</code>
      </p>
      {ticket.checkedIn || cancelled ? null : <p className="ticket-present">{TICKET_TEXT.present}</p>}
    </Card>
  );
}

/** One row of a ticket's details. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
