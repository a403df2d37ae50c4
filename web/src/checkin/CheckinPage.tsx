import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { SignedInHeader } from '../auth/SignedInHeader.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Spinner } from '../ui/Spinner.js';
import { registerDoorServiceWorker } from './serviceWorker.js';
import './checkin.css';

// The door loads in a chunk of its own: the entry's preload map then lists only this page's frame.
const CheckinPanel = lazy(() => import('./CheckinPanel.js').then((m) => ({ default: m.CheckinPanel })));
const TITLE = 'Event Check-In';
const GO_TO_DASHBOARD = 'Go to Dashboard';

/** /checkin inside the staff shell (behind its gate): the staff scanner screen. */
export default function CheckinPage() {
  useDocumentTitle(TITLE);
  // The door's shell stays on the phone for a reload without a network (issue 24 item 3).
  useEffect(registerDoorServiceWorker, []);
  return (
    <div className="checkin">
      <SignedInHeader title={TITLE}>
        <Link className="btn btn-outline btn-small" to="/admin?tab=checkin">
          {GO_TO_DASHBOARD}
        </Link>
      </SignedInHeader>
      <div className="checkin-body">
        <Suspense fallback={<Spinner label="Loading..." />}>
          <CheckinPanel variant="page" />
        </Suspense>
      </div>
    </div>
  );
}
