import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { createStaffApiClient } from '../api/staffClient.js';
import { createQueryClient } from '../api/query.js';
import { useAuth } from '../auth/AuthContext.js';
import { clearAttendeeLists } from '../device/store.js';
import { AuthProvider } from '../auth/AuthProvider.js';
import { FullWidthLayout } from '../layout/PublicLayout.js';
import { Spinner } from '../ui/Spinner.js';
import { ToastProvider } from '../ui/Toast.js';
import { StaffApiContext } from './StaffContext.js';
import { StaffGate } from './StaffGate.js';

/** Loaders of the staff area's pages, each its own chunk loaded after the shell (App.tsx routes to them through lazy()). */
export const StaffPages = {
  AdminPage: () => import('../admins/AdminPage.js'),
  DashboardPage: () => import('../admins/AdminPage.js').then((m) => ({ default: m.DashboardPage })),
  CheckinPage: () => import('../checkin/CheckinPage.js'),
};

/** Screens inside the shell that need a signed-in user but not the gate: /admin?invite=... (SPEC §2). */
export function isUngated({ pathname, search }: { pathname: string; search: string }): boolean {
  return pathname.replace(/\/+$/, '') === '/admin' && new URLSearchParams(search).has('invite');
}

/**
 * The staff area's layout route (/admin, the dashboard token path, /checkin): holds, once,
 * the full-width layout, sign-in, the query cache, toasts, the authenticated API client and
 * the gate (login, then GET /session). Moving between its routes keeps all of them mounted.
 */
export default function StaffShell({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <FullWidthLayout>
      <AuthProvider>
        <QueryClientProvider client={client}>
          <ToastProvider>
            <StaffApi queryClient={client}>
              <ShellOutlet />
            </StaffApi>
          </ToastProvider>
        </QueryClientProvider>
      </AuthProvider>
    </FullWidthLayout>
  );
}

/** Provides the authenticated client; empties the cache when the user signs out. */
function StaffApi({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { status, getIdToken } = useAuth();
  const api = useMemo(() => createStaffApiClient({ token: getIdToken }), [getIdToken]);
  useEffect(() => {
    if (status !== 'signedOut') return;
    queryClient.clear();
    // Attendee lists a door kept for offline check-in leave the device with the staff member. Check-ins
    // not yet sent stay (the session may have ended by itself): the Logout button deletes them only
    // after the staff member confirmed it (auth/SignedInHeader.tsx).
    void clearAttendeeLists().catch(() => undefined);
  }, [status, queryClient]);
  return <StaffApiContext.Provider value={api}>{children}</StaffApiContext.Provider>;
}

function ShellOutlet() {
  const location = useLocation();
  const page = (
    <Suspense
      fallback={
        <div className="staff-state">
          <Spinner label="Loading..." />
        </div>
      }
    >
      <Outlet />
    </Suspense>
  );
  return isUngated(location) ? page : <StaffGate>{page}</StaffGate>;
}
