import { Link, useSearchParams } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider.js';
import { LoginGate } from '../auth/LoginGate.js';
import { FullWidthLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Dashboard } from './Dashboard.js';
import './admins.css';

/** /admin: the invitation screen when the query has `invite`, else the dashboard behind the login gate. */
export default function AdminPage() {
  const [params] = useSearchParams();
  if (params.has('invite')) return <InvitationFrame />;
  return <DashboardPage />;
}

/** The dashboard behind the login gate, without invitation handling (the secret dashboard path). */
export function DashboardPage() {
  return (
    <FullWidthLayout>
      <AuthProvider>
        <LoginGate>
          <Dashboard />
        </LoginGate>
      </AuthProvider>
    </FullWidthLayout>
  );
}

function InvitationFrame() {
  useDocumentTitle('Admin Invitation');
  return (
    <FullWidthLayout>
      <div className="admin-state admin-state--page">
        <div className="admin-card">
          <h1>Admin Invitation</h1>
          <p className="admin-unavailable">Accepting admin invitations is not available yet.</p>
          <Link className="btn btn-primary" to="/">
            Return Home
          </Link>
        </div>
      </div>
    </FullWidthLayout>
  );
}
