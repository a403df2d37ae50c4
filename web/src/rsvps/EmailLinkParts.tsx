// What the pages opened from an e-mailed link (ConfirmRegistrationPage, PayHoldPage) show alike,
// on the payment success page's card (payments.css).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAYMENT_TEXT } from '../payments/paymentFlow.js';
import type { LinkFailure } from './emailLink.js';
import './emailLink.css';

/** The event a link is about: its title, when (already formatted in the organisation's zone) and where. */
export function LinkEvent({ event, when, children }: { event: { title: string; location: string }; when: string; children?: ReactNode }) {
  return (
    <dl className="link-details">
      <div>
        <dt>Event</dt>
        <dd>{event.title}</dd>
      </div>
      <div>
        <dt>When</dt>
        <dd>{when}</dd>
      </div>
      {event.location ? (
        <div>
          <dt>Where</dt>
          <dd>{event.location}</dd>
        </div>
      ) : null}
      {children}
    </dl>
  );
}

/** One more line of LinkEvent's list (the registration's name, ticket, amount). */
export function LinkDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A link that did not work: the server's reason (not valid, expired, already paid, the event is
 * full), 'Try Again' when asking again could help, and the way home, where the events are listed
 * (an expired link's reply names no event to go back to).
 */
export function LinkFailureCard({ title, failure, onRetry }: { title: string; failure: LinkFailure; onRetry: () => void }) {
  return (
    <div className="payment-card">
      <div className="payment-icon payment-icon--failed" aria-hidden="true">
        !
      </div>
      <h1>{title}</h1>
      <p className="payment-error" role="alert">
        {failure.message}
      </p>
      <div className="payment-actions">
        {failure.canRetry ? (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {PAYMENT_TEXT.tryAgain}
          </button>
        ) : null}
        <Link className={`btn ${failure.canRetry ? 'btn-outline' : 'btn-primary'}`} to="/">
          Return Home
        </Link>
      </div>
    </div>
  );
}
