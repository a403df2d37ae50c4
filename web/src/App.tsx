import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { EventPage } from './events/EventPage.js';
import { LandingPage } from './landing/LandingPage.js';
import { NotFound } from './pages/NotFound.js';
import { Spinner } from './ui/Spinner.js';
import { ThemeProvider } from './theme/ThemeProvider.js';

// Sign-in (Firebase), the dashboard and check-in load on demand: the public pages never download them.
const AdminPage = lazy(() => import('./admins/AdminPage.js'));
const DashboardPage = lazy(() => import('./admins/AdminPage.js').then((m) => ({ default: m.DashboardPage })));
const CheckinPage = lazy(() => import('./checkin/CheckinPage.js'));
const TicketPage = lazy(() => import('./checkin/TicketPage.js'));
// Visited once per payment: its status checks need not weigh on the landing page.
const PaymentSuccessPage = lazy(() => import('./payments/PaymentSuccessPage.js').then((m) => ({ default: m.PaymentSuccessPage })));

/** The secret dashboard path from SPEC §2 ({token}); it is also a reserved event slug. */
export const DASHBOARD_TOKEN_PATH = '/admin-zfp-dashboard-2025';

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="page-loading">
          <Spinner label="Loading..." />
        </div>
      }
    >
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
            path="/admin"
            element={
              <Lazy>
                <AdminPage />
              </Lazy>
            }
          />
          <Route
            path={DASHBOARD_TOKEN_PATH}
            element={
              <Lazy>
                <DashboardPage />
              </Lazy>
            }
          />
          <Route
            path="/checkin"
            element={
              <Lazy>
                <CheckinPage />
              </Lazy>
            }
          />
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
