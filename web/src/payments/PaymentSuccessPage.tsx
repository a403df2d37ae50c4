import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import './payments.css';

/** /payment-success?payment_intent=...&eventId=... (SPEC §2). */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const paymentIntent = params.get('payment_intent')?.trim() ?? '';
  const eventId = params.get('eventId')?.trim() ?? '';
  useDocumentTitle(paymentIntent ? 'Payment Successful' : 'Payment information not found');

  return (
    <PublicLayout>
      <div className="container payment-page">
        {paymentIntent ? (
          <div className="payment-card" role="status">
            <div className="payment-icon payment-icon--ok" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="40" height="40">
                <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </div>
            <h1>Payment Successful</h1>
            <p>Thank you! Your payment was received.</p>
            <p className="payment-id">
              Payment ID: <code>{paymentIntent}</code>
            </p>
            <p className="payment-hint">Keep this payment ID for your records.</p>
            <div className="payment-actions">
              <Link className="btn btn-primary" to="/">
                Return Home
              </Link>
              {eventId ? (
                <Link className="btn btn-outline" to={`/${encodeURIComponent(eventId)}`}>
                  View Event
                </Link>
              ) : null}
            </div>
          </div>
        ) : (
          <div className="payment-card">
            <div className="payment-icon payment-icon--missing" aria-hidden="true">
              ?
            </div>
            <h1>Payment information not found</h1>
            <p>We could not find the details of this payment.</p>
            <div className="payment-actions">
              <Link className="btn btn-primary" to="/">
                Return Home
              </Link>
            </div>
          </div>
        )}
      </div>
    </PublicLayout>
  );
}
