import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { MANAGE_TICKET_SLUG } from '@shared/constants.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { api } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { FullWidthLayout } from '../layout/PublicLayout.js';
import { Card } from '../ui/Card.js';
import { Spinner } from '../ui/Spinner.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { CheckmarkIcon, CrossIcon, DotIcon } from '../ui/icons.js';
import {
  arrivedTicket,
  calendarLinks,
  cancellationText,
  checkInBadge,
  checkInDetails,
  getTicket,
  keptTicketReply,
  savedCopyText,
  TICKET_TEXT,
  ticketErrorText,
  ticketEventPath,
  ticketTypeText,
  type ShownTicket,
} from './ticket.js';
import { registerTicketServiceWorker } from './ticketServiceWorker.js';
import { afterFirstScreen } from '../ui/firstScreen.js';
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

function Ticket({ ticket }: { ticket: ShownTicket }) {
  // Kept on the device for a visit without a network, once the ticket is on screen (nothing before it).
  useEffect(() => afterFirstScreen(() => registerTicketServiceWorker(keptTicketReply(ticket))), [ticket]);
  const checkedIn = checkInDetails(ticket);
  const saved = savedCopyText(ticket);
  const cancelled = cancellationText(ticket);
  const badge = cancelled?.badge ?? checkInBadge(ticket);
  const badgeKind = cancelled ? 'cancelled' : ticket.checkedIn ? 'in' : 'pending';
  const cardKind = cancelled ? ' ticket-card--cancelled' : ticket.checkedIn ? ' ticket-card--used' : '';
  return (
    <Card as="article" className={`ticket-card${cardKind}`} aria-labelledby="ticket-title ticket-event-title">
      {saved ? (
        <p className="ticket-saved" role="status">
          {TICKET_TEXT.savedOnDevice} {saved}
        </p>
      ) : null}
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
      ) : ticket.qr ? (
        <TicketQr id={ticket.id} qr={ticket.qr} />
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

      {cancelled ? null : <AddToCalendar ticket={ticket} />}

      <p className="ticket-id">
        Ticket ID: <code>{ticket.id}</code>
      </p>
      {ticket.checkedIn || cancelled ? null : <p className="ticket-present">{TICKET_TEXT.present}</p>}
      {/* Issue 25 item 4: the page knows no secret, so its link asks for one by e-mail to the ticket's own address. */}
      {ticket.checkedIn || cancelled || Date.parse(ticket.event.date) <= Date.now() ? null : (
        <p className="ticket-manage">
          <Link to={manageTicketPath(ticket.id)}>{TICKET_TEXT.cantCome}</Link>
        </p>
      )}
    </Card>
  );
}

/**
 * The ticket's QR code, as the server computed it (the e-mail's code): black modules on a white
 * square whatever the theme (a scanner needs dark on light), its quiet zone inside the square.
 * crispEdges: no anti-aliased seams between modules.
 */
function TicketQr({ id, qr }: { id: string; qr: NonNullable<TicketView['qr']> }) {
  return (
    <figure className="ticket-qr">
      <svg viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={TICKET_TEXT.qrLabel} data-ticket-qr={id} shapeRendering="crispEdges">
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
    </figure>
  );
}

/** 'Add to calendar': Google Calendar, and the .ics file for any other calendar. */
function AddToCalendar({ ticket }: { ticket: TicketView }) {
  const links = calendarLinks(ticket);
  return (
    <section className="ticket-section ticket-calendar" aria-labelledby="ticket-calendar">
      <h3 id="ticket-calendar">{TICKET_TEXT.calendar}</h3>
      <div className="ticket-calendar-links">
        <a className="btn btn-outline" href={links.google} target="_blank" rel="noopener noreferrer">
          {TICKET_TEXT.googleCalendar}
        </a>
        <a className="btn btn-outline" href={links.ics} download>
          {TICKET_TEXT.downloadIcs}
        </a>
      </div>
    </section>
  );
}

/** The ticket's 'Can't come?' page (ROUTES.manageTicket), without a key. */
const manageTicketPath = (id: string) => `/${MANAGE_TICKET_SLUG}/${encodeURIComponent(id)}/manage`;

/** One row of a ticket's details. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
