// Component tests of staff screens: the staff context (a fake authenticated client), a fresh
// query cache, toasts and a router at `path`.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Role } from '@shared/session-model.js';
import type { RequestOptions } from '../api/client.js';
import type { StaffApiClient } from '../api/staffClient.js';
import { StaffContext } from '../staff/StaffContext.js';
import { ToastProvider } from '../ui/Toast.js';

export type FakeRequest = (path: string, options?: RequestOptions) => Promise<unknown>;

/** The router's current address, for assertions on ?tab= and friends. */
export const routerLocation = { current: '' };

function LocationProbe() {
  const here = useLocation();
  routerLocation.current = `${here.pathname}${here.search}`;
  return null;
}

export function renderStaff(
  ui: ReactNode,
  { request, download, role = 'admin', path = '/admin', email = `${role}@x.org` }: { request: FakeRequest; download?: FakeRequest; role?: Role; path?: string; email?: string },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const api = { request, download } as unknown as StaffApiClient;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <StaffContext.Provider value={{ api, role, session: { email, role } }}>
            {ui}
            <LocationProbe />
          </StaffContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
