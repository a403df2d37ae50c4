import { useSearchParams } from 'react-router';
import { Dashboard } from './Dashboard.js';
import { InvitationPage } from './invitation/InvitationPage.js';
import './admins.css';
import '../staff/staff.css';

/**
 * /admin inside the staff shell: the invitation screen when the query has `invite`
 * (the shell leaves that one ungated), else the dashboard.
 */
export default function AdminPage() {
  const [params] = useSearchParams();
  if (params.has('invite')) return <InvitationPage />;
  return <Dashboard />;
}

/** The dashboard without invitation handling (the secret dashboard path). */
export function DashboardPage() {
  return <Dashboard />;
}
