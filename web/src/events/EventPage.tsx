import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  EVENT_CANCELLED_TEXT,
  isReservedSlug,
  isSoldOut,
  REGISTRATION_CLOSED_LABEL,
  registrationIsClosed,
  SOLD_OUT_TEXT,
  ticketLeftLabel,
  VOLUNTEER_AT_EVENT_TEXT,
  type PublicEventRecord,
} from '@shared/events-model.js';
import { VOLUNTEER_SLUG } from '@shared/constants.js';
import { MESSAGES } from '@shared/messages.js';
import { api } from '../api/client.js';
import { paragraphs } from '../ui/content.js';
import { ChunkBoundary } from '../layout/ChunkBoundary.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { ScrollToHash } from '../layout/useScrollToHash.js';
import { AfterFirstScreen } from '../ui/AfterFirstScreen.js';
import { Card } from '../ui/Card.js';
import { Spinner } from '../ui/Spinner.js';
import { StateBlock } from '../ui/StateBlock.js';
import { useDocumentTitle, useThemeShown } from '../theme/ThemeContext.js';
import { DateBadge } from './DateBadge.js';
import { EventImage } from './EventImage.js';
import { eventLoadErrorText } from './errors.js';
import {
  DEFAULT_EVENT_DESCRIPTION,
  eventWhen,
  formatEventDateTime,
  fromPriceText,
  registeredText,
  ticketPriceList,
} from './format.js';
import { DetailLine } from './icons.js';
import { LocationLink } from './LocationLink.js';
import { usePageData } from '../ui/usePageData.js';
import './events.css';

// The registration form is its own chunk: the landing page never loads it, the event page loads it next to the event.
const RegistrationForm = lazy(() => import('../rsvps/RegistrationForm.js'));

/** Routes /event/:eventId and /:eventId; keyed by the id so a new id starts fresh. */
export function EventPage() {
  const { eventId = '' } = useParams();
  return <EventPageContent key={eventId} eventId={eventId} />;
}

function EventPageContent({ eventId }: { eventId: string }) {
  const state = usePageData({
    refusal: isReservedSlug(eventId) ? MESSAGES.eventNotFound : null,
    arrived: () => api.arrivedEvent(eventId),
    load: (signal) => api.getEvent(eventId, signal),
    errorText: eventLoadErrorText,
  });

  useDocumentTitle(state.status === 'loaded' ? state.data.title : state.status === 'error' ? 'Event Not Found' : undefined);

  return (
    <PublicLayout showBack>
      {state.status === 'loading' ? (
        <div className="container event-state event-loading" data-page-loading="">
          <StateBlock kind="loading" label="Loading event..." />
        </div>
      ) : state.status === 'error' ? (
        <EventNotFound message={state.message} />
      ) : (
        <EventDetails event={state.data} />
      )}
    </PublicLayout>
  );
}

function EventNotFound({ message }: { message: string }) {
  return (
    <div className="container event-state">
      <div className="state-block event-missing">
        <h1>Event Not Found</h1>
        <p className="event-missing-message" role="alert">
          {message}
        </p>
        <p>The event you're looking for doesn't exist.</p>
        <Link className="btn btn-primary" to="/">
          Return Home
        </Link>
      </div>
    </div>
  );
}

function EventDetails({ event: loaded }: { event: PublicEventRecord }) {
  // The seats this visitor took or gave back here since the event loaded (issue 24 item 18): the count
  // moves with them, with no second request (a shared cache could answer that one with the old count).
  const [seatsTaken, setSeatsTaken] = useState(0);
  const event = seatsTaken ? { ...loaded, attendeeCount: Math.max(0, (loaded.attendeeCount ?? 0) + seatsTaken) } : loaded;
  const registered = registeredText(event);
  const fromPrice = fromPriceText(event);
  const description = paragraphs(event.description ?? '');
  const prices = ticketPriceList(event);
  const registerLabel = event.requiresPayment ? 'Buy Tickets' : 'Register Now';
  const when = eventWhen(event.date, event.endDate);
  const closed = registrationIsClosed(event, Date.now());
  const themeShown = useThemeShown();

  return (
    <article className="event-page" aria-labelledby="event-title">
      <nav className="breadcrumb container" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/#events">Events</Link>
          </li>
          <li>
            <span aria-current="page">{event.title}</span>
          </li>
        </ol>
      </nav>

      <header className="event-hero container">
        <div className="event-hero-media">
          <EventImage src={event.eventImage} alt="" className="event-hero-image" eager />
          <DateBadge iso={event.date} className="event-hero-badge" />
        </div>
        <div className="event-hero-info">
          {fromPrice ? <span className="event-tag">{fromPrice}</span> : <span className="event-tag event-tag--free">Free event</span>}
          <h1 id="event-title" className="event-title">
            {event.title}
          </h1>
          <ul className="event-meta event-meta--large">
            <DetailLine icon="calendar">{when.date}</DetailLine>
            <DetailLine icon="clock">{when.time}</DetailLine>
            <DetailLine icon="pin">{event.location.trim() ? <LocationLink location={event.location} /> : null}</DetailLine>
            <DetailLine icon="people">{registered ?? `${event.attendeeCount ?? 0} registered`}</DetailLine>
            <DetailLine icon="ticket">{fromPrice}</DetailLine>
          </ul>
          <div className="event-actions">
            {/* Issue 26 item 3: a cancelled event says so and offers no registration. */}
            {event.cancelledAt ? (
              <p className="event-cancelled" role="status">
                {EVENT_CANCELLED_TEXT}
              </p>
            ) : /* Past its registration deadline (issue 26 item 4) the header offers no tickets; the form says why. */
            closed ? (
              <span className="event-sold-out">{REGISTRATION_CLOSED_LABEL}</span>
            ) : isSoldOut(event) ? (
              <span className="event-sold-out">{SOLD_OUT_TEXT.soldOut}</span>
            ) : (
              <a className="btn btn-primary" href="#register">
                {registerLabel}
              </a>
            )}
            <Link className="btn btn-outline" to="/#events">
              Back to Events
            </Link>
            {/* Issue 29 item 1: the event's own volunteer roles, on the Volunteer page (its group scrolled to). */}
            {event.hasVolunteerRoles ? (
              <Link className="btn btn-outline" to={`/${VOLUNTEER_SLUG}#event-${event.id}`}>
                {VOLUNTEER_AT_EVENT_TEXT}
              </Link>
            ) : null}
          </div>
          {/* Full only because of holds that run out: say so, since a seat may come back (issue 24 item 6). */}
          {isSoldOut(event) && event.heldSeats && (event.attendeeCount ?? 0) - event.heldSeats < (event.maxAttendees ?? 0) ? <p className="event-held-note">{SOLD_OUT_TEXT.heldSeats}</p> : null}
        </div>
      </header>

      {/* Below the picture and title: rendered once they have painted. */}
      <AfterFirstScreen>
        <ScrollToHash ready={themeShown} />
        <div className="container event-body">
          <Card as="section" className="event-about" aria-labelledby="event-about-title">
            <h2 id="event-about-title">About This Event</h2>
            {(description.length ? description : [DEFAULT_EVENT_DESCRIPTION]).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </Card>

          {event.cancelledAt ? null : (
          <Card as="section" id="register" className="event-register" aria-labelledby="register-title">
            <h2 id="register-title">Registration</h2>
            {event.requiresPayment && prices.length ? (
              <>
                <h3>Ticket Pricing</h3>
                <ul className="ticket-list" aria-label="Ticket Pricing">
                  {prices.map(({ type, price }) => (
                    <li key={type}>
                      <span>
                        {type}
                        <TicketsLeft label={ticketLeftLabel(event, type)} />
                      </span>
                      <strong>{price}</strong>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <>
                <h3>Ticket Types</h3>
                <ul className="ticket-list" aria-label="Ticket Types">
                  {event.ticketTypes.map((type) => (
                    <li key={type}>
                      <span>
                        {type}
                        <TicketsLeft label={ticketLeftLabel(event, type)} />
                      </span>
                      <strong>{event.requiresPayment ? '' : 'Free'}</strong>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {event.registrationClosesAt && !closed ? <p className="event-register-note">Registration closes {formatEventDateTime(event.registrationClosesAt)}</p> : null}
            <ChunkBoundary fallback={<p className="event-register-note">The registration form could not be loaded. Please reload the page.</p>}>
              <Suspense fallback={<Spinner label="Loading registration form..." />}>
                {/* Once the form is in, again: before, a desktop page may be too short to bring #register to the top. */}
                <ScrollToHash ready={themeShown} />
                <RegistrationForm event={event} onSeats={(change) => setSeatsTaken((taken) => taken + change)} />
              </Suspense>
            </ChunkBoundary>
          </Card>
          )}
        </div>
      </AfterFirstScreen>
    </article>
  );
}

/** '3 left' or 'Sold out' beside a ticket type with few left (issue 26 item 4). */
function TicketsLeft({ label }: { label: string | null }) {
  return label ? <em className="tickets-left">{label}</em> : null;
}
