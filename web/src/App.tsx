import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import type { Theme } from '@shared/theme-model.js';
import { EventPage } from './events/EventPage.js';
import { LandingPage } from './landing/LandingPage.js';
import { NotFound } from './pages/NotFound.js';
import { lazyPage } from './layout/lazyPage.js';
import { ScrollOnNavigate } from './layout/ScrollOnNavigate.js';
import { ROUTES, STAFF_ROUTES } from './routes.js';
import { PublicPageCss } from './theme/PublicPageCss.js';
import { PageLoading, ThemeProvider } from './theme/ThemeProvider.js';

// The staff area loads on demand: the public pages never download sign-in (Firebase), the
// query cache, the form library or the staff screens. The shell is one layout route, so
// moving between /admin and /checkin keeps sign-in and the session mounted.
// The staff pages load through the shell's chunk, so they share its modules instead of
// splitting them into chunks the landing page's preload map would have to list.
const staffShell = () => import('./staff/StaffShell.js');
const StaffShell = lazyPage(staffShell);
const staffPage = (name: 'AdminPage' | 'DashboardPage' | 'CheckinPage') => lazy(() => staffShell().then((m) => m.StaffPages[name]()));
const AdminPage = staffPage('AdminPage');
const DashboardPage = staffPage('DashboardPage');
const CheckinPage = staffPage('CheckinPage');
const TicketPage = lazyPage(() => import('./checkin/TicketPage.js'));
// Visited once per payment: its status checks need not weigh on the landing page.
const PaymentSuccessPage = lazyPage(async () => ({ default: (await import('./payments/PaymentSuccessPage.js')).PaymentSuccessPage }));
// The pages of the links in an attendee's e-mail (issue 23): opened once or twice per registration.
const ConfirmRegistrationPage = lazyPage(() => import('./rsvps/ConfirmRegistrationPage.js'));
const PayHoldPage = lazyPage(() => import('./rsvps/PayHoldPage.js'));
const ManageTicketPage = lazyPage(() => import('./rsvps/ManageTicketPage.js'));
// Issue 26 item 2: opened from an order's e-mail or success page, its own chunk.
const ReceiptPage = lazyPage(() => import('./payments/ReceiptPage.js'));
// Issue 28: the waitlist page of the link in the 'Waitlist joined' e-mail.
const WaitlistPage = lazyPage(() => import('./waitlist/WaitlistPage.js'));
// Issue 29: the footer's Volunteer page and the sign-up page of the 'Volunteer confirmation' e-mail.
const VolunteerPage = lazyPage(() => import('./volunteers/VolunteerPage.js'));
const VolunteerSignupPage = lazyPage(() => import('./volunteers/VolunteerSignupPage.js'));

/** Brings in the chunk of the page at `pathname` (see lazyPage); resolves when it is in, or failed. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const pages: [string, { preload: () => Promise<unknown> }][] = [
    [ROUTES.ticket, TicketPage],
    [ROUTES.paymentSuccess, PaymentSuccessPage],
    [ROUTES.confirmRegistration, ConfirmRegistrationPage],
    [ROUTES.payHold, PayHoldPage],
    [ROUTES.manageTicket, ManageTicketPage],
    [ROUTES.waitlist, WaitlistPage],
    [ROUTES.volunteer, VolunteerPage],
    [ROUTES.volunteerSignup, VolunteerSignupPage],
    ...STAFF_ROUTES.map((route): [string, typeof StaffShell] => [route, StaffShell]),
  ];
  const page = pages.find(([route]) => matchPath(route, pathname))?.[1];
  return page ? page.preload().catch(() => undefined) : Promise.resolve();
}

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      {children}
    </Suspense>
  );
}

/** `firstTheme`: the theme this page load already received (main.tsx), if any. */
export function App({ firstTheme = null }: { firstTheme?: Theme | null }) {
  return (
    <ThemeProvider firstTheme={firstTheme}>
      <BrowserRouter>
        <PublicPageCss />
        <ScrollOnNavigate />
        <Routes>
          <Route path={ROUTES.landing} element={<LandingPage />} />
          <Route
            path={ROUTES.paymentSuccess}
            element={
              <Lazy>
                <PaymentSuccessPage />
              </Lazy>
            }
          />
          <Route
            path={ROUTES.confirmRegistration}
            element={
              <Lazy>
                <ConfirmRegistrationPage />
              </Lazy>
            }
          />
          <Route
            path={ROUTES.manageTicket}
            element={
              <Lazy>
                <ManageTicketPage />
              </Lazy>
            }
          />
          <Route
            path={ROUTES.receipt}
            element={
              <Lazy>
                <ReceiptPage />
              </Lazy>
            }
          />
          <Route
            path={ROUTES.waitlist}
            element={
              <Lazy>
                <WaitlistPage />
              </Lazy>
            }
          />
          <Route
            path={ROUTES.volunteer}
            element={
              <Lazy>
                <VolunteerPage />
              </Lazy>
            }
          />
          <Route
            path={ROUTES.volunteerSignup}
            element={
              <Lazy>
                <VolunteerSignupPage />
              </Lazy>
            }
          />
          <Route
            path={ROUTES.payHold}
            element={
              <Lazy>
                <PayHoldPage />
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
            <Route path={ROUTES.admin} element={<AdminPage />} />
            <Route path={ROUTES.dashboard} element={<DashboardPage />} />
            <Route path={ROUTES.checkin} element={<CheckinPage />} />
          </Route>
          <Route
            path={ROUTES.ticket}
            element={
              <Lazy>
                <TicketPage />
              </Lazy>
            }
          />
          <Route path={ROUTES.eventById} element={<EventPage />} />
          <Route path={ROUTES.event} element={<EventPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>
  );
}
