import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PAYMENT_MESSAGES } from '@shared/payments-model.js';
import { api } from '../api/client.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { Spinner } from '../ui/Spinner.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { confirmPayment, confirmViewTitle, nextPollDelay, successClientSecret, viewFromConfirm, viewFromConfirmError, type ConfirmView } from './paymentFlow.js';
import { CheckmarkIcon, CrossIcon } from '../ui/icons.js';
import { OrderTicketList } from './OrderTicketList.js';
import { OrderReceipt } from './OrderReceipt.js';
import './payments.css';

/** /payment-success?payment_intent=...&eventId=... (SPEC §2): asks the server whether the payment went through. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const paymentIntent = params.get('payment_intent')?.trim() ?? '';
  const clientSecret = successClientSecret(location.state, params);
  const eventId = params.get('eventId')?.trim() ?? '';

  return (
    <PublicLayout>
      <div className="container payment-page">
        {!paymentIntent ? (
          <PaymentMissing />
        ) : !clientSecret ? (
          // A link without the payment's secret (opened elsewhere, or shared): the server would not say more.
          <PaymentMissing message={PAYMENT_MESSAGES.clientSecretRequired} />
        ) : (
          <PaymentCheck key={paymentIntent} paymentIntent={paymentIntent} clientSecret={clientSecret} eventId={eventId} />
        )}
      </div>
    </PublicLayout>
  );
}

function PaymentMissing({ message }: { message?: string }) {
  useDocumentTitle('Payment information not found');
  return (
    <div className="payment-card">
      <div className="payment-icon payment-icon--missing" aria-hidden="true">
        ?
      </div>
      <h1>Payment information not found</h1>
      {message ? (
        <p className="payment-error" role="alert">
          {message}
        </p>
      ) : null}
      <p>We could not find the details of this payment.</p>
      <div className="payment-actions">
        <Link className="btn btn-primary" to="/">
          Return Home
        </Link>
      </div>
    </div>
  );
}

function CheckIcon() {
  return (
    <div className="payment-icon payment-icon--ok" aria-hidden="true">
      <CheckmarkIcon size={40} />
    </div>
  );
}

function PaymentCheck({ paymentIntent, clientSecret, eventId }: { paymentIntent: string; clientSecret: string; eventId: string }) {
  const [view, setView] = useState<ConfirmView>({ kind: 'checking' });
  // 'Check Again' runs the checks once more.
  const [round, setRound] = useState(0);
  useDocumentTitle(confirmViewTitle(view));

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (attempt: number) => {
      confirmPayment(api, paymentIntent, clientSecret, controller.signal)
        .then((reply) => {
          if (controller.signal.aborted) return;
          const next = viewFromConfirm(reply, attempt);
          setView(next);
          const delay = next.kind === 'processing' ? nextPollDelay(attempt) : null;
          if (delay !== null) timer = setTimeout(() => check(attempt + 1), delay);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setView(viewFromConfirmError(error));
        });
    };
    check(0);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [paymentIntent, clientSecret, round]);

  const checkAgain = () => {
    setView({ kind: 'checking' });
    setRound((n) => n + 1);
  };

  const eventLink = (eventRef: string | null, label: string, primary = false) =>
    eventRef ? (
      <Link className={`btn ${primary ? 'btn-primary' : 'btn-outline'}`} to={`/${encodeURIComponent(eventRef)}`}>
        {label}
      </Link>
    ) : null;

  const paymentId = (
    <p className="payment-id">
      Payment ID: <code>{paymentIntent}</code>
    </p>
  );

  if (view.kind === 'notFound') return <PaymentMissing message={view.message} />;

  const checkAgainActions = (
    <div className="payment-actions">
      <button type="button" className="btn btn-primary" onClick={checkAgain}>
        Check Again
      </button>
      <Link className="btn btn-outline" to="/">
        Return Home
      </Link>
    </div>
  );

  return (
    <div className="payment-card" aria-live="polite">
      {view.kind === 'checking' || (view.kind === 'processing' && view.polling) ? (
        <>
          <h1 className="visually-hidden">Checking your payment</h1>
          <Spinner label={view.kind === 'checking' ? 'Checking your payment...' : 'Your payment is processing...'} />
          <p className="payment-hint payment-hint--spaced">This usually takes a few seconds. Please keep this page open.</p>
        </>
      ) : view.kind === 'succeeded' ? (
        <div role="status">
          <CheckIcon />
          <h1>Payment Successful</h1>
          <p>Thank you! Your payment was received and your registration is confirmed.</p>
          {paymentId}
          {view.tickets ? (
            <p className="payment-ticket-note">Your tickets have been e-mailed to you. You can also open each one here.</p>
          ) : view.ticketId ? (
            <p className="payment-ticket-note">Your ticket has been e-mailed to you. You can also open it here.</p>
          ) : (
            <p className="payment-ticket-note">We will e-mail you the details of your registration.</p>
          )}
          <p className="payment-hint">Keep this payment ID for your records.</p>
          {view.tickets ? <OrderReceipt tickets={view.tickets} paidAt={view.paidAt} card={view.card} receiptUrl={view.receiptUrl} /> : null}
          {view.tickets ? <OrderTicketList tickets={view.tickets} /> : null}
          <div className="payment-actions">
            {view.ticketId && !view.tickets ? (
              <Link className="btn btn-primary" to={`/checkin/${encodeURIComponent(view.ticketId)}`}>
                View Your Ticket
              </Link>
            ) : null}
            {eventLink(eventId || view.eventId, 'View Event')}
            <Link className="btn btn-outline" to="/">
              Return Home
            </Link>
          </div>
        </div>
      ) : view.kind === 'processing' ? (
        <>
          <div className="payment-icon payment-icon--missing" aria-hidden="true">
            …
          </div>
          <h1>Payment processing</h1>
          <p>Your payment is still being processed. We will e-mail your ticket as soon as it completes.</p>
          {paymentId}
          {checkAgainActions}
        </>
      ) : view.kind === 'failed' ? (
        <>
          <div className="payment-icon payment-icon--failed" aria-hidden="true">
            <CrossIcon size={40} />
          </div>
          <h1>{PAYMENT_MESSAGES.processingFailed}</h1>
          <p>Your payment did not go through, so you have not been charged. You can return to the event and try again.</p>
          {paymentId}
          <div className="payment-actions">
            {eventLink(eventId, 'Return to Event', true)}
            <Link className={`btn ${eventId ? 'btn-outline' : 'btn-primary'}`} to="/">
              Return Home
            </Link>
          </div>
        </>
      ) : (
        <>
          <div className="payment-icon payment-icon--failed" aria-hidden="true">
            !
          </div>
          <h1>We could not check your payment</h1>
          <p className="payment-error" role="alert">
            {view.message}
          </p>
          {paymentId}
          {checkAgainActions}
        </>
      )}
    </div>
  );
}
