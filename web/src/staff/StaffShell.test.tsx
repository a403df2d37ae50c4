import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { get, set } from 'idb-keyval';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminPage from '../admins/AdminPage.js';
import CheckinPage from '../checkin/CheckinPage.js';
import { clearDeviceData, deviceStore, QUEUE_KEY } from '../device/store.js';
import StaffShell from './StaffShell.js';

// A stand-in for Firebase Auth: who is signed in, and how often the provider subscribed.
interface FakeUser {
  uid: string;
  email: string;
  getIdToken: () => Promise<string>;
}
const auth = vi.hoisted(() => ({
  user: null as FakeUser | null,
  listeners: new Set<(user: FakeUser | null) => void>(),
  subscriptions: 0,
}));

function fakeUser(email: string): FakeUser {
  return { uid: `uid-${email}`, email, getIdToken: async () => `token-${email}` };
}

function setUser(user: FakeUser | null) {
  auth.user = user;
  auth.listeners.forEach((listener) => listener(user));
}

vi.mock('@firebase/auth', () => ({
  onAuthStateChanged: (_auth: unknown, listener: (user: FakeUser | null) => void) => {
    auth.subscriptions += 1;
    auth.listeners.add(listener);
    listener(auth.user);
    return () => auth.listeners.delete(listener);
  },
  signInWithEmailAndPassword: async (_auth: unknown, email: string) => setUser(fakeUser(email)),
  signOut: async () => setUser(null),
}));

vi.mock('../auth/firebase.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../auth/firebase.js')>()),
  getFirebaseAuth: async () => ({
    get currentUser() {
      return auth.user;
    },
  }),
}));

type SessionReply = { status: number; body: object };
let sessionReply: (email: string) => SessionReply;
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  // The check-in screen lists events, the admins' Overview tab the upcoming ones: none here.
  if (url.includes('/events') || url.endsWith('/overview')) return new Response(JSON.stringify({ success: true, events: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  if (!url.endsWith('/session')) throw new Error(`unexpected call ${url}`);
  const token = (init.headers as Record<string, string>).Authorization?.replace('Bearer token-', '') ?? '';
  const { status, body } = sessionReply(token);
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
});

const asRole = (role: 'admin' | 'staff') => (email: string) => ({ status: 200, body: { success: true, email, role } });

function renderAt(path: string, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<StaffShell queryClient={queryClient} />}>
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/checkin" element={<CheckinPage />} />
        </Route>
        <Route path="/checkin/:ticketId" element={<h1>Event Ticket</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  auth.user = null;
  auth.listeners.clear();
  auth.subscriptions = 0;
  sessionReply = asRole('admin');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('StaffShell', () => {
  it('shows the login screen when nobody is signed in, and asks no session', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('at the door, the sign-in names the door and its staff, not the admin area (issue 24 item 10)', async () => {
    renderAt('/checkin');
    expect(await screen.findByRole('heading', { name: 'Door check-in' })).toBeTruthy();
    expect(screen.getByText('Sign in with your staff account to check attendees in.')).toBeTruthy();
    expect(screen.getByText('Not authenticated - check-in functionality disabled')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).toBeNull();
    expect(screen.queryByText('Please sign in to access the admin area')).toBeNull();
    expect(document.title).toContain('Door check-in');
  });

  it('signing in on /checkin opens the check-in screen with the e-mail in the header', async () => {
    sessionReply = asRole('staff');
    const user = userEvent.setup();
    renderAt('/checkin');
    await user.type(await screen.findByLabelText('Email'), 'sam@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByTitle('Signed in as')).textContent).toBe('sam@example.org');
    expect(await screen.findByText(/No events to check in for/)).toBeTruthy();
  });

  it('staff see only the RSVPs, Check-in and Volunteers tabs, also when ?tab= asks for another', async () => {
    sessionReply = asRole('staff');
    setUser(fakeUser('sam@example.org'));
    renderAt('/admin?tab=theme');
    const tablist = await screen.findByRole('tablist', { name: 'Dashboard sections' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['RSVPs', 'Check-in', 'Volunteers']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('RSVPs');
    expect(screen.getByLabelText('Role: Staff')).toBeTruthy();
  });

  it('admins see all ten tabs, Overview first and shown (issue 30)', async () => {
    setUser(fakeUser('ada@example.org'));
    renderAt('/admin');
    const tabs = await screen.findAllByRole('tab');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Overview');
    expect(await screen.findByText('No upcoming events.')).toBeTruthy();
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Events', 'RSVPs', 'Theme', 'Email Templates', 'Sponsors', 'Check-in', 'Volunteers', 'Admin Users', 'Activity']);
  });

  it("a 403 from /session shows 'Access denied' with the server's reason and a working Logout", async () => {
    sessionReply = () => ({ status: 403, body: { success: false, code: 'FORBIDDEN', message: 'This account has no role here.' } });
    setUser(fakeUser('eve@example.org'));
    const user = userEvent.setup();
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This account has no role here.');
    expect(screen.queryByRole('tab')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
  });

  it('a 401 from /session signs out to the login screen', async () => {
    sessionReply = () => ({ status: 401, body: { success: false, code: 'AUTH_REQUIRED', message: 'Token expired' } });
    setUser(fakeUser('ada@example.org'));
    renderAt('/checkin');
    expect(await screen.findByRole('heading', { name: 'Door check-in' })).toBeTruthy();
    // The login form shows at once (issue 13): the sign-out follows the 401.
    await waitFor(() => expect(auth.user).toBeNull());
  });

  it('moving from /checkin to /admin keeps sign-in mounted: one auth subscription, one session call, no re-check', async () => {
    setUser(fakeUser('ada@example.org'));
    const user = userEvent.setup();
    renderAt('/checkin');
    await user.click(await screen.findByRole('link', { name: 'Go to Dashboard' }));
    expect(await screen.findByRole('tablist')).toBeTruthy();
    expect(screen.queryByText('Checking authentication...')).toBeNull();
    expect(screen.queryByText('Checking access...')).toBeNull();
    expect(auth.subscriptions).toBe(1);
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/session'))).toHaveLength(1);
  });

  it('/admin?invite= shows the invitation frame without the login gate', async () => {
    renderAt('/admin?invite=abc123');
    expect(await screen.findByRole('heading', { name: 'Admin Invitation' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).toBeNull();
    await waitFor(() => expect(auth.subscriptions).toBe(1));
  });

  it('the ticket page /checkin/:ticketId stays outside the shell', async () => {
    renderAt('/checkin/t-1');
    expect(screen.getByRole('heading', { name: 'Event Ticket' })).toBeTruthy();
    expect(auth.subscriptions).toBe(0);
  });

  describe('when the session ends', () => {
    const queued = [{ ticketId: 'T1', eventId: 'E1', checkedInAt: '2026-11-23T05:00:00.000Z', name: 'Ann' }];

    beforeEach(async () => {
      await clearDeviceData();
      await set('door-list:E1', { attendees: [{ id: 'T1' }] }, deviceStore());
      await set(QUEUE_KEY, queued, deviceStore());
    });

    it.each(['/admin', '/admin?invite=abc123'])(
      'on %s, nothing fetched for the signed-in user is kept for the next, and the door lists leave the device (unsent check-ins stay)',
      async (path) => {
        const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        setUser(fakeUser('ada@example.org'));
        renderAt(path, queryClient);
        if (path === '/admin') await screen.findByRole('tablist');
        else await screen.findByRole('heading', { name: 'Admin Invitation' });
        queryClient.setQueryData(['rsvps', 'E1'], [{ id: 'T1', name: 'Ann' }]);

        act(() => setUser(null));

        await waitFor(() => expect(queryClient.getQueryCache().getAll()).toEqual([]));
        await waitFor(async () => expect(await get('door-list:E1', deviceStore())).toBeUndefined());
        expect(await get(QUEUE_KEY, deviceStore())).toEqual(queued);
      },
    );
  });
});
