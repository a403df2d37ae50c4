import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { createStaffApiClient } from '../api/staffClient.js';
import { createQueryClient } from '../api/query.js';
import { useAuth } from '../auth/AuthContext.js';
import { LoadingBlock } from '../ui/Spinner.js';
import { ToastProvider } from '../ui/Toast.js';
import { StaffApiContext } from './StaffContext.js';
import { StaffGate } from './StaffGate.js';

/**
 * What the staff pages work in, once someone is signed in (or on the invitation screen): the
 * query cache, toasts, the authenticated API client and, when `gated`, the session gate
 * (GET /session, a role). Its own chunk: the login screen in front of it does not wait for it.
 */
export default function StaffWorkspace({ gated, queryClient }: { gated: boolean; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { status } = useAuth();
  // Nothing fetched for one user is left for the next. Behind the login gate, signing out
  // unmounts the workspace (the login screen takes its place); on the invitation screen it stays.
  useEffect(() => () => client.clear(), [client]);
  useEffect(() => {
    if (status === 'signedOut') client.clear();
  }, [status, client]);
  const page = (
    <Suspense fallback={<LoadingBlock className="staff-state" />}>
      <Outlet />
    </Suspense>
  );
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <StaffApi>{gated ? <StaffGate>{page}</StaffGate> : page}</StaffApi>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** Provides the authenticated client. */
function StaffApi({ children }: { children: ReactNode }) {
  const { getIdToken } = useAuth();
  const api = useMemo(() => createStaffApiClient({ token: getIdToken }), [getIdToken]);
  return <StaffApiContext.Provider value={api}>{children}</StaffApiContext.Provider>;
}
