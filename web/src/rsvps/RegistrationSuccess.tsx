import type { RefObject } from 'react';
import { Link } from 'react-router';
import { eventPath, type PublicEventRecord } from '@shared/events-model.js';
import type { OrderTicketReply } from '@shared/rsvps-model.js';
import { OrderTicketList } from '../payments/OrderTicketList.js';
import { CheckmarkIcon, MailIcon } from '../ui/icons.js';
import type { SuccessOutcome } from './steps.js';
import { REGISTRATION_TEXT, showTicketSelect, type RegistrationValues } from './registration.js';

interface RegistrationSuccessProps {
  event: PublicEventRecord;
  values: RegistrationValues;
  message: string;
  /** 'checkInbox': a 'Confirm by e-mail' registration, whose seat waits for the link in the visitor's inbox. */
  outcome: SuccessOutcome;
  /** The ticket a free registration holds at once: its page is linked (issue 25 item 1). */
  ticketId: string | null;
  /** An order's tickets (issue 26 item 1): each listed, with its page once it is the visitor's. */
  tickets?: OrderTicketReply[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** 'Register Another Person' and 'Back to Event' start a fresh form. */
  onReset: () => void;
}

export const SUCCESS_HEADINGS: Record<SuccessOutcome, string> = {
  registered: 'Registration Complete',
  checkInbox: 'Check your inbox',
};

/**
 * The success step: what was registered, and the way to register someone else (SPEC §2). A
 * registration waiting for its e-mailed link says so ('check your inbox'), with no ticket.
 */
export function RegistrationSuccess({ event, values, message, outcome, ticketId, tickets, headingRef, onReset }: RegistrationSuccessProps) {
  const checkInbox = outcome === 'checkInbox';
  return (
    <div className={`registration-success${checkInbox ? ' registration-success--inbox' : ''}`}>
      <div className="registration-success-icon">{checkInbox ? <MailIcon /> : <CheckmarkIcon />}</div>
      <h3 ref={headingRef} tabIndex={-1} className="registration-step-title">
        {SUCCESS_HEADINGS[outcome]}
      </h3>
      <p className="registration-success-message" role="status">
        {message}
      </p>
      <dl className="registration-summary">
        <div>
          <dt>Name</dt>
          <dd>{values.name.trim()}</dd>
        </div>
        <div>
          <dt>Sent to</dt>
          <dd>{values.email.trim()}</dd>
        </div>
        {showTicketSelect(event) && !(tickets && tickets.length > 1) ? (
          <div>
            <dt>Ticket</dt>
            <dd>{values.ticketType}</dd>
          </div>
        ) : null}
      </dl>
      {tickets && tickets.length > 1 ? <OrderTicketList tickets={tickets} /> : null}
      <div className="registration-actions">
        {ticketId && !checkInbox && !(tickets && tickets.length > 1) ? (
          <Link className="btn btn-primary" to={`/checkin/${encodeURIComponent(ticketId)}`}>
            {REGISTRATION_TEXT.viewTicket}
          </Link>
        ) : null}
        <button type="button" className={`btn ${ticketId && !checkInbox ? 'btn-outline' : 'btn-primary'}`} onClick={onReset}>
          {REGISTRATION_TEXT.registerAnother}
        </button>
        <Link className="btn btn-outline" to={eventPath(event)} onClick={onReset}>
          Back to Event
        </Link>
      </div>
    </div>
  );
}

