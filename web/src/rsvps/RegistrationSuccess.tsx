import type { RefObject } from 'react';
import { Link } from 'react-router';
import { eventPath, type PublicEventRecord } from '@shared/events-model.js';
import { CheckmarkIcon } from '../ui/icons.js';
import { REGISTRATION_TEXT, showTicketSelect, type RegistrationValues } from './registration.js';

interface RegistrationSuccessProps {
  event: PublicEventRecord;
  values: RegistrationValues;
  message: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** 'Register Another Person' and 'Back to Event' start a fresh form. */
  onReset: () => void;
}

/** The success step: what was registered, and the way to register someone else (SPEC §2). */
export function RegistrationSuccess({ event, values, message, headingRef, onReset }: RegistrationSuccessProps) {
  return (
    <div className="registration-success">
      <div className="registration-success-icon">
        <CheckmarkIcon />
      </div>
      <h3 ref={headingRef} tabIndex={-1} className="registration-step-title">
        Registration Complete
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
        {showTicketSelect(event) ? (
          <div>
            <dt>Ticket</dt>
            <dd>{values.ticketType}</dd>
          </div>
        ) : null}
      </dl>
      <div className="registration-actions">
        <button type="button" className="btn btn-primary" onClick={onReset}>
          {REGISTRATION_TEXT.registerAnother}
        </button>
        <Link className="btn btn-outline" to={eventPath(event)} onClick={onReset}>
          Back to Event
        </Link>
      </div>
    </div>
  );
}
