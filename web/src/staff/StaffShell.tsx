import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { CHECKIN_MESSAGES } from '@shared/checkin-model.js';
import { useAuth } from '../auth/AuthContext.js';
import { AuthProvider } from '../auth/AuthProvider.js';
import { LoginGate } from '../auth/LoginGate.js';
import { signedInHint } from '../auth/firebase.js';
import { FullWidthLayout } from '../layout/PublicLayout.js';
import { ROUTES, routeParams } from '../routes.js';
import { LoadingBlock } from '../ui/Spinner.js';

/** Loaders of the staff area's pages, each its own chunk loaded after the shell (App.tsx routes to them through lazy()). */
export const StaffPages = {
  AdminPage: () => import('../admins/AdminPage.js'),
  DashboardPage: () => import('../admins/AdminPage.js').then((m) => ({ default: m.DashboardPage })),
  CheckinPage: () => import('../checkin/CheckinPage.js'),
};

// The query cache, the form library and the session gate: loaded once someone signs in (or is
// expected to be signed in), or as soon as they start filling the login form.
const loadWorkspace = () => import('./StaffWorkspace.js');
const StaffWorkspace = lazy(loadWorkspace);
const prefetchWorkspace = () => void loadWorkspace().catch(() => undefined);

/** Screens inside the shell that need a signed-in user but not the gate: /admin?invite=... (SPEC §2). */
export function isUngated({ pathname, search }: { pathname: string; search: string }): boolean {
  return routeParams(ROUTES.admin, pathname) !== null && new URLSearchParams(search).has('invite');
}

/**
 * The staff area's layout route (/admin, the dashboard token path, /checkin): holds, once, the
 * full-width layout and sign-in; signed out, the login screen, which is in this small chunk so it
 * shows at once; signed in, the workspace (StaffWorkspace: query cache, toasts, the
 * authenticated API client, the session gate). Moving between its routes keeps all of them mounted.
 */
export default function StaffShell({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <FullWidthLayout>
      <AuthProvider>
        <ShellBody queryClient={queryClient} />
      </AuthProvider>
    </FullWidthLayout>
  );
}

function ShellBody({ queryClient }: { queryClient?: QueryClient }) {
  const location = useLocation();
  const { status } = useAuth();
  const ungated = isUngated(location);

  useEffect(() => {
    // Someone was signed in here last time: they will need the workspace, fetch it beside the sign-in library.
    if (signedInHint()) prefetchWorkspace();
  }, []);

  useEffect(() => {
    if (status !== 'signedOut') return;
    // Attendee lists a door kept for offline check-in leave the device with the staff member. Check-ins
    // not yet sent stay (the session may have ended by itself): the Logout button deletes them only
    // after the staff member confirmed it (auth/SignedInHeader.tsx).
    void import('../device/store.js').then((store) => store.clearAttendeeLists()).catch(() => undefined);
  }, [status]);

  const workspace = (
    <Suspense fallback={<LoadingBlock className="staff-state" />}>
      <StaffWorkspace gated={!ungated} queryClient={queryClient} />
    </Suspense>
  );
  if (ungated) return workspace;
  // Signed out at the door, the sign-in names the door and its staff (issue 24 item 10), not the admin area;
  // SPEC §2's 'Not authenticated - check-in functionality disabled' stays under it.
  const door = location.pathname.startsWith(ROUTES.checkin);
  return (
    <LoginGate notice={door ? CHECKIN_MESSAGES.notAuthenticated : undefined} role={door ? 'door' : 'admin'} onStart={prefetchWorkspace}>
      {workspace}
    </LoginGate>
  );
}
