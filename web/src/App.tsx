import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { DASHBOARD_SLUG } from '@shared/constants.js';
import { EventPage } from './events/EventPage.js';
import { LandingPage } from './landing/LandingPage.js';
import { NotFound } from './pages/NotFound.js';
import { PageLoading, ThemeProvider } from './theme/ThemeProvider.js';

// The staff area loads on demand: the public pages never download sign-in (Firebase), the
// query cache, the form library or the staff screens. The shell is one layout route, so
// moving between /admin and /checkin keeps sign-in and the session mounted.
// The staff pages load through the shell's chunk, so they share its modules instead of
// splitting them into chunks the landing page's preload map would have to list.
const staffShell = () => import('./staff/StaffShell.js');
const StaffShell = lazy(staffShell);
const staffPage = (name: 'AdminPage' | 'DashboardPage' | 'CheckinPage') => lazy(() => staffShell().then((m) => m.StaffPages[name]()));
const AdminPage = staffPage('AdminPage');
const DashboardPage = staffPage('DashboardPage');
const CheckinPage = staffPage('CheckinPage');
const TicketPage = lazy(() => import('./checkin/TicketPage.js'));
// Visited once per payment: its status checks need not weigh on the landing page.
const PaymentSuccessPage = lazy(() => import('./payments/PaymentSuccessPage.js').then((m) => ({ default: m.PaymentSuccessPage })));

/** The secret dashboard path from SPEC §2 ({token}); it is also a reserved event slug. */
export const DASHBOARD_TOKEN_PATH = `/${DASHBOARD_SLUG}`;

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      {children}
    </Suspense>
  );
}

export function App() {
  return (
    <ThemeProvider>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route
            path="/payment-success"
            element={
              <Lazy>
                <PaymentSuccessPage />
              </Lazy>
            }
          />
          <Route
            element={
              <Lazy>
                <StaffShell />
              </Lazy>
            }
          >
            <Route path="/admin" element={<AdminPage />} />
            <Route path={DASHBOARD_TOKEN_PATH} element={<DashboardPage />} />
            <Route path="/checkin" element={<CheckinPage />} />
          </Route>
          <Route
            path="/checkin/:ticketId"
            element={
              <Lazy>
                <TicketPage />
              </Lazy>
            }
          />
          <Route path="/event/:eventId" element={<EventPage />} />
          <Route path="/:eventId" element={<EventPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>
  );
}
