import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useSearchParams } from 'react-router';
import type { Role } from '@shared/session-model.js';
import { SignedInHeader } from '../auth/SignedInHeader.js';
import { useStaff } from '../staff/StaffContext.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Spinner } from '../ui/Spinner.js';
import { Tabs } from '../ui/Tabs.js';
import { resolveTab, tabsFor, type DashboardTabId } from './tabs.js';
import { UnsavedChangesProvider, useConfirmLeave } from '../staff/unsavedChanges.js';
import './admins.css';

/** The tabs built so far, each its own chunk; the others say they are not available yet. */
const PANELS: Partial<Record<DashboardTabId, LazyExoticComponent<ComponentType>>> = {
  overview: lazy(() => import('../overview/admin/OverviewTab.js')),
  checkin: lazy(() => import('./CheckinTab.js')),
  rsvps: lazy(() => import('../rsvps/admin/RsvpsTab.js')),
  events: lazy(() => import('../events/admin/EventsTab.js')),
  theme: lazy(() => import('../theme-editor/ThemeTab.js')),
  emails: lazy(() => import('../mail/admin/EmailsTab.js')),
  sponsors: lazy(() => import('../sponsors/admin/SponsorsTab.js')),
  admins: lazy(() => import('../admins/users/AdminUsersTab.js')),
  activity: lazy(() => import('../audit/admin/ActivityTab.js')),
  volunteers: lazy(() => import('../volunteers/admin/VolunteersTab.js')),
};

/** The URL parameters of the tabs' own view state (and ?tab= itself). */
const TAB_STATE = new Set(['tab', 'event', 'edit', 'status', 'tag']);

const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', staff: 'Staff' };

/** The dashboard frame (inside the staff shell, behind its gate): header, welcome line, the role's tabs. */
export function Dashboard() {
  const { session } = useStaff();
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="admin">
      <SignedInHeader title="Admin Dashboard">
        <span className="role-badge" aria-label={`Role: ${ROLE_LABEL[session.role]}`}>
          {ROLE_LABEL[session.role]}
        </span>
      </SignedInHeader>
      <div className="admin-body">
        <p className="admin-welcome">
          Signed in as <strong>{session.email}</strong> with the <strong>{ROLE_LABEL[session.role]}</strong> role.
        </p>
        <UnsavedChangesProvider>
          <DashboardTabs role={session.role} />
        </UnsavedChangesProvider>
      </div>
    </div>
  );
}

/**
 * The tabs the role may see; the active one lives in ?tab= (absent for the role's first tab).
 * A tab's own view state (?event=, ?edit=, filters) stays behind when another tab is chosen,
 * and a tab switch that would drop unsaved changes asks first.
 */
function DashboardTabs({ role }: { role: Role }) {
  const [params, setParams] = useSearchParams();
  const confirmLeave = useConfirmLeave();
  const tabs = tabsFor(role);
  const active = resolveTab(params.get('tab'), role);
  const activeTab = tabs.find((tab) => tab.id === active) ?? tabs[0];

  const select = (id: DashboardTabId) => {
    if (id === active) return;
    confirmLeave(() =>
      setParams(
        (prev) => {
          const next = new URLSearchParams();
          // The page's own parameters (e.g. an invitation) are not a tab's.
          for (const [key, value] of prev) if (!TAB_STATE.has(key)) next.append(key, value);
          if (id !== tabs[0].id) next.set('tab', id);
          return next;
        },
        { replace: true },
      ),
    );
  };

  return (
    <Tabs tabs={tabs} active={active} onSelect={select} label="Dashboard sections">
      <h2>{activeTab.label}</h2>
      <TabPanel id={active} />
    </Tabs>
  );
}

function TabPanel({ id }: { id: DashboardTabId }) {
  const Panel = PANELS[id];
  if (!Panel) return <p className="admin-unavailable">This part of the dashboard is not available yet.</p>;
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <Panel />
    </Suspense>
  );
}
