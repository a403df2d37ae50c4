import { Link } from 'react-router';
import type { OrderTicketReply } from '@shared/rsvps-model.js';

/** The words of an order's list of tickets (issue 26 item 1), here so the payments pages need nothing of rsvps/. */
export const ORDER_TICKETS_TEXT = {
  yourTickets: 'Your tickets',
  viewTicketOf: (name: string) => `View ${name}'s ticket`,
} as const;
import './order-tickets.css';

/** An order's tickets (issue 26 item 1): the attendee, the type, and a link to each ticket's page when it has one. */
export function OrderTicketList({ tickets }: { tickets: OrderTicketReply[] }) {
  return (
    <section className="order-tickets" aria-label={ORDER_TICKETS_TEXT.yourTickets}>
      <h4>{ORDER_TICKETS_TEXT.yourTickets}</h4>
      <ul>
        {tickets.map((ticket, index) => (
          <li key={ticket.id ?? index}>
            <span className="order-ticket-name">{ticket.name}</span> <span className="order-ticket-type">{ticket.ticketType}</span>
            {ticket.id ? (
              <Link className="order-ticket-link" to={`/checkin/${encodeURIComponent(ticket.id)}`}>
                {ORDER_TICKETS_TEXT.viewTicketOf(ticket.name)}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

