import { Link } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider.js';
import { LoginGate } from '../auth/LoginGate.js';
import { SignedInHeader } from '../auth/SignedInHeader.js';
import { FullWidthLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import './checkin.css';

/** /checkin: the staff scanner screen behind the login gate (only its frame so far). */
export default function CheckinPage() {
  return (
    <FullWidthLayout>
      <AuthProvider>
        <LoginGate>
          <CheckinFrame />
        </LoginGate>
      </AuthProvider>
    </FullWidthLayout>
  );
}

function CheckinFrame() {
  useDocumentTitle('Event Check-In');
  return (
    <div className="checkin">
      <SignedInHeader title="Event Check-In" />
      <div className="checkin-body">
        <section className="checkin-card" aria-labelledby="checkin-status-title">
          <h2 id="checkin-status-title">Scanner</h2>
          <p className="checkin-unavailable">Check-in is not available yet.</p>
          <Link className="btn btn-outline" to="/admin">
            Go to Dashboard
          </Link>
        </section>
      </div>
    </div>
  );
}
