import { Link } from 'react-router';
import { SignedInHeader } from '../auth/SignedInHeader.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Card } from '../ui/Card.js';
import './checkin.css';

/** /checkin inside the staff shell (behind its gate): the staff scanner screen (only its frame so far). */
export default function CheckinPage() {
  useDocumentTitle('Event Check-In');
  return (
    <div className="checkin">
      <SignedInHeader title="Event Check-In" />
      <div className="checkin-body">
        <Card as="section" className="checkin-card" aria-labelledby="checkin-status-title">
          <h2 id="checkin-status-title">Scanner</h2>
          <p className="checkin-unavailable">Check-in is not available yet.</p>
          <Link className="btn btn-outline" to="/admin">
            Go to Dashboard
          </Link>
        </Card>
      </div>
    </div>
  );
}
