import { Link } from 'react-router';
import type { PublicEventRecord } from '@shared/events-model.js';
import { eventPath, isSoldOut, REGISTRATION_CLOSED_LABEL, registrationIsClosed, SOLD_OUT_TEXT, ticketLeftLabel } from '@shared/events-model.js';
import { Card } from '../ui/Card.js';
import { DateBadge } from './DateBadge.js';
import { EventImage } from './EventImage.js';
import { eventExcerpt, eventWhen, fromPriceText, registeredText } from './format.js';
import { DetailLine } from './icons.js';

export function EventCard({ event }: { event: PublicEventRecord }) {
  const path = eventPath(event);
  const registered = registeredText(event);
  const fromPrice = fromPriceText(event);
  const titleId = `event-card-${event.id}`;

  return (
    <Card as="article" className="event-card" aria-labelledby={titleId}>
      <div className="event-card-media">
        <EventImage src={event.eventImage} alt="" className="event-card-image" />
        <DateBadge iso={event.date} className="event-card-badge" />
        {fromPrice ? <span className="event-card-price">{fromPrice}</span> : null}
      </div>
      <div className="event-card-body">
        <h3 id={titleId} className="event-card-title">
          <Link to={path}>{event.title}</Link>
        </h3>
        <p className="event-card-excerpt">{eventExcerpt(event.description)}</p>
        <ul className="event-meta">
          <DetailLine icon="calendar">{eventWhen(event.date, event.endDate).dateTime}</DetailLine>
          <DetailLine icon="pin">{event.location}</DetailLine>
          <DetailLine icon="people">{registered}</DetailLine>
        </ul>
        {/* Types with few tickets left (issue 26 item 4): 'Family: 3 left', 'General: Sold out'. */}
        {event.ticketsLeft ? (
          <p className="event-card-left">
            {Object.keys(event.ticketsLeft)
              .map((type) => `${type}: ${ticketLeftLabel(event, type)}`)
              .join(' · ')}
          </p>
        ) : null}
        <div className="event-card-actions">
          <Link className="btn btn-outline btn-small" to={path} aria-label={`Learn More about ${event.title}`}>
            Learn More
          </Link>
          {/* A full event offers no tickets (issue 24 item 6; there is no waitlist): 'Learn More' still opens it. */}
          {/* Past its registration deadline (issue 26 item 4) the card offers no tickets either. */}
          {registrationIsClosed(event, Date.now()) ? (
            <span className="event-sold-out">{REGISTRATION_CLOSED_LABEL}</span>
          ) : isSoldOut(event) ? (
            <span className="event-sold-out">{SOLD_OUT_TEXT.soldOut}</span>
          ) : (
            <Link className="btn btn-primary btn-small" to={`${path}#register`} aria-label={`${event.requiresPayment ? 'Buy Tickets' : 'Register Now'} for ${event.title}`}>
              {event.requiresPayment ? 'Buy Tickets' : 'Register Now'}
            </Link>
          )}
        </div>
      </div>
    </Card>
  );
}
