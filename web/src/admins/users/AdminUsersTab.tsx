/** The AdminUsers tab of the dashboard (being built: issue 14). */
export default function AdminUsersTab() {
  return <p className="admin-unavailable">This part of the dashboard is not available yet.</p>;
}
