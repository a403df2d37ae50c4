import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Card } from '../ui/Card.js';
import { Dashboard } from './Dashboard.js';
import './admins.css';
import '../staff/staff.css';

/**
 * /admin inside the staff shell: the invitation screen when the query has `invite`
 * (the shell leaves that one ungated), else the dashboard.
 */
export default function AdminPage() {
  const [params] = useSearchParams();
  if (params.has('invite')) return <InvitationFrame />;
  return <Dashboard />;
}

/** The dashboard without invitation handling (the secret dashboard path). */
export function DashboardPage() {
  return <Dashboard />;
}

function InvitationFrame() {
  useDocumentTitle('Admin Invitation');
  return (
    <div className="staff-state">
      <Card className="staff-card">
        <h1>Admin Invitation</h1>
        <p className="admin-unavailable">Accepting admin invitations is not available yet.</p>
        <Link className="btn btn-primary" to="/">
          Return Home
        </Link>
      </Card>
    </div>
  );
}
