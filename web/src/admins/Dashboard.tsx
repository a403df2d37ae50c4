import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '@shared/messages.js';
import type { SessionInfo } from '@shared/session-model.js';
import { ApiError, createApiClient } from '../api/client.js';
import { useAuth } from '../auth/AuthContext.js';
import { LogoutButton, SignedInHeader } from '../auth/SignedInHeader.js';
import { Spinner } from '../ui/Spinner.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { nextTabIndex } from '../ui/roving.js';
import { DASHBOARD_TABS, isDashboardTab, type DashboardTabId } from './tabs.js';
import './admins.css';

type SessionState =
  | { status: 'loading' }
  | { status: 'ready'; session: SessionInfo }
  | { status: 'denied'; message: string }
  | { status: 'error'; message: string };

const ROLE_LABEL: Record<SessionInfo['role'], string> = { admin: 'Admin', staff: 'Staff' };

/** The dashboard frame behind the login gate: session check, header, tab bar. */
export function Dashboard() {
  const { getIdToken, signOut } = useAuth();
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle('Admin Dashboard');

  useEffect(() => {
    const controller = new AbortController();
    createApiClient({ token: getIdToken })
      .getSession(controller.signal)
      .then((info) => setSession({ status: 'ready', session: info }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 403) {
          setSession({ status: 'denied', message: error.serverMessage ?? MESSAGES.forbidden });
        } else if (error instanceof ApiError && error.status === 401) {
          setSession({ status: 'denied', message: MESSAGES.authRequired });
        } else {
          setSession({ status: 'error', message: error instanceof Error ? error.message : MESSAGES.internal });
        }
      });
    return () => controller.abort();
  }, [getIdToken, attempt]);

  return (
    <div className="admin">
      <SignedInHeader title="Admin Dashboard">
        {session.status === 'ready' ? (
          <span className="role-badge" aria-label={`Role: ${ROLE_LABEL[session.session.role]}`}>
            {ROLE_LABEL[session.session.role]}
          </span>
        ) : null}
      </SignedInHeader>
      <div className="admin-body">
        {session.status === 'loading' ? (
          <div className="admin-state">
            <Spinner label="Checking access..." />
          </div>
        ) : session.status === 'denied' ? (
          <div className="admin-state">
            <div className="admin-card admin-denied">
              <h2>Access denied</h2>
              <p className="alert alert-error" role="alert">
                {session.message}
              </p>
              <LogoutButton className="btn btn-primary" onClick={() => void signOut()} />
            </div>
          </div>
        ) : session.status === 'error' ? (
          <div className="admin-state">
            <div className="admin-card">
              <p className="alert alert-error" role="alert">
                {session.message}
              </p>
              <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
                Try Again
              </button>
            </div>
          </div>
        ) : (
          <DashboardTabs session={session.session} />
        )}
      </div>
    </div>
  );
}

function DashboardTabs({ session }: { session: SessionInfo }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: DashboardTabId = isDashboardTab(requested) ? requested : 'events';
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = DASHBOARD_TABS.findIndex((tab) => tab.id === active);
  const activeTab = DASHBOARD_TABS[activeIndex];

  const select = (id: DashboardTabId) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === 'events') next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextTabIndex(event.key, activeIndex, DASHBOARD_TABS.length);
    if (next === null) return;
    event.preventDefault();
    select(DASHBOARD_TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  return (
    <>
      <p className="admin-welcome">
        Signed in as <strong>{session.email}</strong> with the <strong>{ROLE_LABEL[session.role]}</strong> role.
      </p>
      <div className="admin-tabs" role="tablist" aria-label="Dashboard sections" onKeyDown={onKeyDown}>
        {DASHBOARD_TABS.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === active ? 0 : -1}
            className={`admin-tab${tab.id === active ? ' is-active' : ''}`}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section className="admin-panel" role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`} tabIndex={0}>
        <h2>{activeTab.label}</h2>
        <p className="admin-unavailable">This part of the dashboard is not available yet.</p>
      </section>
    </>
  );
}
