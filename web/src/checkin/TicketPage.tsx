import { Link, useParams } from 'react-router';
import { FullWidthLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import './checkin.css';

/** /checkin/:ticketId: the public ticket page (its frame until registration arrives). */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  useDocumentTitle('Event Ticket');
  return (
    <FullWidthLayout>
      <div className="ticket-page">
        <div className="ticket-card">
          <h1>Event Ticket</h1>
          <p className="checkin-unavailable">Ticket pages arrive with registration; this ticket cannot be shown yet.</p>
          {ticketId ? (
            <p className="ticket-id">
              Ticket ID: <code>{ticketId}</code>
            </p>
          ) : null}
          <Link className="btn btn-primary" to="/#events">
            Return to Events
          </Link>
        </div>
      </div>
    </FullWidthLayout>
  );
}
