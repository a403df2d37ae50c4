import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@firebase/auth';
import { createUserWithEmailAndPassword, sendEmailVerification, signInWithEmailAndPassword } from '@firebase/auth';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@shared/admins-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import type { StaffApiClient } from '../../api/staffClient.js';
import { AuthContext, type AuthState, type AuthStatus } from '../../auth/AuthContext.js';
import { StaffApiContext } from '../../staff/StaffContext.js';
import { unmarked } from '../../ui/MarkedText.js';
import { InvitationPage } from './InvitationPage.js';
import { checkMailboxText, INVITATION_TEXT } from './invitation.js';

/** What the screen shows of SPEC's message: its ❌ ✅ 📧 mark is drawn as an icon, not written (issue 24 item 15). */
const shown = unmarked;

vi.mock('@firebase/auth', () => ({ signInWithEmailAndPassword: vi.fn(), createUserWithEmailAndPassword: vi.fn(), sendEmailVerification: vi.fn() }));
vi.mock('../../auth/firebase.js', () => ({ getFirebaseAuth: vi.fn(async () => ({ name: 'fake-auth' })), authLibrary: () => import('@firebase/auth') }));

const signIn = vi.mocked(signInWithEmailAndPassword);
const signUp = vi.mocked(createUserWithEmailAndPassword);
const sendVerification = vi.mocked(sendEmailVerification);

/** A Firebase Auth error as the SDK throws it. */
const authError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

const here = { current: '' };
function Probe() {
  const location = useLocation();
  here.current = `${location.pathname}${location.search}`;
  return null;
}

let request: ReturnType<typeof vi.fn<(path: string, options?: RequestOptions) => Promise<unknown>>>;
let client: QueryClient;

function renderAt(path: string, auth: { status: AuthStatus; user?: Partial<User> | null; signOut?: () => Promise<void> }) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(['session', 'u1'], { email: 'old@example.org', role: 'staff' });
  const state: AuthState = {
    status: auth.status,
    user: (auth.user ?? null) as User | null,
    signIn: vi.fn(),
    signOut: auth.signOut ?? vi.fn(async () => undefined),
    getIdToken: async () => 'id-token',
    retry: vi.fn(),
  };
  const wrap = (ui: ReactNode) => (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <AuthContext.Provider value={state}>
          <StaffApiContext.Provider value={{ request } as unknown as StaffApiClient}>
            <Routes>
              <Route path="/admin" element={ui} />
              <Route path="/" element={<p>Home</p>} />
            </Routes>
            <Probe />
          </StaffApiContext.Provider>
        </AuthContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>
  );
  return render(wrap(<InvitationPage />));
}

const signedOut = { status: 'signedOut' as const };
const invited = { uid: 'u1', email: 'new@example.org' };

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: /^(Sign In|Create Account)$/ }));
  return user;
}

describe('InvitationPage', () => {
  beforeEach(() => {
    signIn.mockReset();
    signUp.mockReset();
    sendVerification.mockReset();
    sendVerification.mockResolvedValue(undefined);
    request = vi.fn(async () => ({ success: true, message: 'Welcome to the admin team!', email: 'new@example.org', role: 'admin' }));
  });

  it.each(['/admin?invite=', '/admin?invite=%20%20'])('without a token (%s): ❌ Invalid invitation link, nothing else', (path) => {
    renderAt(path, signedOut);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Invitation' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(shown('❌ Invalid invitation link'));
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Return Home' })).toBeTruthy();
  });

  it('with a token, signed out: the invitation is found, e-mail and password, the toggle and what happens next', () => {
    renderAt('/admin?invite=tok', signedOut);
    const found = screen.getByText(shown('📧 Admin invitation found! Please sign in or create an account to continue.'));
    // The mark is drawn, not written: a system without an emoji font showed an empty box (issue 24 item 15).
    expect(found.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(found.textContent).not.toContain('📧');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/^Password/).getAttribute('type')).toBe('password');
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('while sign-in is still loading: Checking authentication...', () => {
    renderAt('/admin?invite=tok', { status: 'loading' });
    expect(screen.getByText('Checking authentication...')).toBeTruthy();
  });

  it('an enumeration-protected project answers a missing account and a wrong password alike: the message names both, the screen stays (issue 27 item 2)', async () => {
    signIn.mockRejectedValueOnce(authError('auth/invalid-credential'));
    renderAt('/admin?invite=tok', signedOut);
    const user = await submit('new@example.org', 'secret1');
    expect(await screen.findByText(shown(INVITATION_TEXT.signInRefused))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have an account' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByRole('button', { name: 'Create my account' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeTruthy();
    expect(screen.queryByText(shown(INVITATION_TEXT.signInRefused))).toBeNull();
  });

  it('toggles between sign in and create account', async () => {
    renderAt('/admin?invite=tok', signedOut);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have an account' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('keeps the typed e-mail and password out of the value attributes, where CSS selectors could read them (issue 23 item 7)', async () => {
    renderAt('/admin?invite=tok', signedOut);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'staff@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(document.querySelector('input[type=password][value^="s"]')).toBeNull();
    expect(document.querySelector('input[value]')).toBeNull();
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('secret-pass');
  });

  it.each([
    ['', ''],
    ['new@example.org', ''],
    ['', 'secret1'],
    ['   ', 'secret1'],
  ])('e-mail %j and password %j: ❌ Please enter email and password, the provider not asked', async (email, password) => {
    renderAt('/admin?invite=tok', signedOut);
    await submit(email, password);
    expect(screen.getByRole('alert').textContent).toBe(shown('❌ Please enter email and password'));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('an account that does not exist: the message, and the form switches to create account', async () => {
    signIn.mockRejectedValueOnce(authError('auth/user-not-found'));
    renderAt('/admin?invite=tok', signedOut);
    await submit('new@example.org', 'secret1');
    expect(signIn).toHaveBeenCalledWith({ name: 'fake-auth' }, 'new@example.org', 'secret1');
    expect(await screen.findByText(shown('❌ Account not found. Please create an account or check your email.'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  it('creating an account that exists: the message, and the form switches to sign in', async () => {
    signUp.mockRejectedValueOnce(authError('auth/email-already-in-use'));
    renderAt('/admin?invite=tok', signedOut);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await submit(' new@example.org ', 'secret1');
    expect(signUp).toHaveBeenCalledWith({ name: 'fake-auth' }, 'new@example.org', 'secret1');
    expect(await screen.findByText(shown('❌ Account already exists. Please sign in instead.'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('another provider error says its text; anything else: ❌ Authentication failed', async () => {
    signIn.mockRejectedValueOnce(authError('auth/wrong-password')).mockRejectedValueOnce(new TypeError('boom'));
    renderAt('/admin?invite=tok', signedOut);
    const user = await submit('new@example.org', 'secret1');
    expect(await screen.findByText(shown('❌ Invalid email or password.'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(shown('❌ Authentication failed'))).toBeTruthy();
  });

  it('creating an account needs the provider’s minimum password length', async () => {
    renderAt('/admin?invite=tok', signedOut);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create my account' }));
    await submit('new@example.org', '12345');
    expect(screen.getByRole('alert').textContent).toBe(shown(INVITATION_TEXT.passwordTooShort));
    expect(signUp).not.toHaveBeenCalled();
  });

  it('a staff invitation is named for its role (issue 24 item 10): heading, found, processing and the welcome of the role granted', async () => {
    const { unmount } = renderAt('/admin?invite=tok&role=staff', signedOut);
    expect(screen.getByRole('heading', { level: 1, name: 'Staff Invitation' })).toBeTruthy();
    expect(screen.getByText(shown('📧 Staff invitation found! Please sign in or create an account to continue.'))).toBeTruthy();
    expect(screen.queryByText(/admin invitation/i)).toBeNull();
    unmount();
    request = vi.fn(async () => ({ success: true, message: 'Welcome to the admin team!', email: 'new@example.org', role: 'staff' }));
    renderAt('/admin?invite=tok&role=staff', { status: 'signedIn', user: invited });
    expect(screen.getByRole('heading', { name: 'Processing Staff Invitation' })).toBeTruthy();
    expect(await screen.findByText(shown('✅ Welcome to the staff team! Redirecting to dashboard...'))).toBeTruthy();
  });

  it('signed in: Processing Admin Invitation with the e-mail, accepted once with the token, welcome, then /admin after 2 s with the session refetched', async () => {
    renderAt('/admin?invite=tok-123', { status: 'signedIn', user: invited });
    expect(screen.getByRole('heading', { name: 'Processing Admin Invitation' })).toBeTruthy();
    expect(screen.getByText('new@example.org')).toBeTruthy();
    expect(await screen.findByText(shown('✅ Welcome to the admin team! Redirecting to dashboard...'))).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(
      '/admin/accept-invite',
      { method: 'POST', body: { inviteToken: 'tok-123', userEmail: 'new@example.org' } },
      ADMIN_MESSAGES.acceptFailed,
    );
    expect(client.getQueryData(['session', 'u1'])).toBeUndefined();
    await new Promise((done) => setTimeout(done, 1500));
    expect(here.current).toBe('/admin?invite=tok-123');
    await waitFor(() => expect(here.current).toBe('/admin'), { timeout: 2000 });
  });

  it.each([
    [new ApiError('Invalid or expired invitation', 404, 'Invalid or expired invitation'), shown('❌ Invalid or expired invitation')],
    [new ApiError(ADMIN_MESSAGES.wrongAccount, 400, ADMIN_MESSAGES.wrongAccount), shown(`❌ ${ADMIN_MESSAGES.wrongAccount}`)],
    [new ApiError(ADMIN_MESSAGES.acceptFailed, 500), shown('❌ Failed to accept invitation')],
    [new ApiError('Network error occurred', 0), shown('❌ Failed to process invitation')],
    [new TypeError('boom'), shown('❌ Failed to process invitation')],
  ])('a refused accept (%s) says %j, offers another account, and stays', async (error, text) => {
    request.mockRejectedValueOnce(error);
    const signOut = vi.fn(async () => undefined);
    renderAt('/admin?invite=tok', { status: 'signedIn', user: invited, signOut });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(client.getQueryData(['session', 'u1'])).toBeDefined();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use another account' }));
    expect(signOut).toHaveBeenCalled();
    expect(here.current).toBe('/admin?invite=tok');
  });

  describe('an address not verified yet (issue 23 item 5)', () => {
    const notVerified = () => new ApiError('Authentication required. Please sign in again.', 403, ADMIN_MESSAGES.emailNotVerified, undefined, 'EMAIL_NOT_VERIFIED');

    /** A signed-in Firebase user whose address becomes verified once `open()` is called (the link in the e-mail). */
    function unverifiedUser() {
      const state = { opened: false };
      const user = {
        uid: 'u1',
        email: 'new@example.org',
        emailVerified: false,
        reload: vi.fn(async () => {
          if (state.opened) user.emailVerified = true;
        }),
        getIdToken: vi.fn(async (_force?: boolean) => 'fresh-token'),
      };
      return { user, open: () => (state.opened = true) };
    }

    it('the API refuses the unverified account: the verification e-mail goes out once, the screen waits with a resend; once the link is opened it takes a fresh token and accepts', async () => {
      request.mockRejectedValueOnce(notVerified());
      const { user, open } = unverifiedUser();
      renderAt('/admin?invite=tok', { status: 'signedIn', user: user as unknown as Partial<User> });
      expect(await screen.findByText(shown(checkMailboxText('new@example.org')))).toBeTruthy();
      expect(screen.getByText(shown(checkMailboxText('new@example.org'))).textContent).toContain('we sent a verification link to new@example.org');
      await waitFor(() => expect(screen.getByText(INVITATION_TEXT.waitingForVerification)).toBeTruthy());
      expect(sendVerification).toHaveBeenCalledTimes(1);
      expect(sendVerification).toHaveBeenCalledWith(user, { url: window.location.href });
      expect(request).toHaveBeenCalledTimes(1);

      await userEvent.setup().click(screen.getByRole('button', { name: INVITATION_TEXT.resendVerification }));
      expect(await screen.findByText(INVITATION_TEXT.verificationResent)).toBeTruthy();
      expect(sendVerification).toHaveBeenCalledTimes(2);
      // Returning to the tab before the link is opened: still waiting, nothing accepted.
      fireEvent.focus(window);
      await waitFor(() => expect(user.reload.mock.calls.length).toBeGreaterThanOrEqual(2));
      expect(request).toHaveBeenCalledTimes(1);
      expect(user.getIdToken).not.toHaveBeenCalled();

      open();
      fireEvent.focus(window);
      expect(await screen.findByText(shown(INVITATION_TEXT.welcome))).toBeTruthy();
      expect(user.getIdToken).toHaveBeenCalledWith(true);
      expect(user.getIdToken.mock.invocationCallOrder[0]).toBeLessThan(request.mock.invocationCallOrder[1]);
      expect(request).toHaveBeenCalledTimes(2);
      expect(request).toHaveBeenLastCalledWith(
        '/admin/accept-invite',
        { method: 'POST', body: { inviteToken: 'tok', userEmail: 'new@example.org' } },
        ADMIN_MESSAGES.acceptFailed,
      );
      expect(sendVerification).toHaveBeenCalledTimes(2);
    });

    it('verified meanwhile (an earlier visit, another tab): no e-mail is sent, the fresh token is accepted', async () => {
      request.mockRejectedValueOnce(notVerified());
      const { user, open } = unverifiedUser();
      open();
      renderAt('/admin?invite=tok', { status: 'signedIn', user: user as unknown as Partial<User> });
      expect(await screen.findByText(shown(INVITATION_TEXT.welcome))).toBeTruthy();
      expect(sendVerification).not.toHaveBeenCalled();
      expect(user.getIdToken).toHaveBeenCalledWith(true);
      expect(request).toHaveBeenCalledTimes(2);
    });

    it('too many e-mails: says so, and the resend stays offered', async () => {
      request.mockRejectedValueOnce(notVerified());
      sendVerification.mockRejectedValueOnce(authError('auth/too-many-requests'));
      const { user } = unverifiedUser();
      renderAt('/admin?invite=tok', { status: 'signedIn', user: user as unknown as Partial<User> });
      expect(await screen.findByText(shown(INVITATION_TEXT.tooManyVerificationMails))).toBeTruthy();
      expect(screen.getByRole('button', { name: INVITATION_TEXT.resendVerification })).toHaveProperty('disabled', false);
      expect(screen.getByRole('button', { name: INVITATION_TEXT.anotherAccount })).toBeTruthy();
    });

    it('a dead link or another account is told so at once, and no verification e-mail is sent', async () => {
      request.mockRejectedValueOnce(new ApiError('Invalid or expired invitation', 404, 'Invalid or expired invitation', undefined, 'INVALID_INVITATION'));
      const { user } = unverifiedUser();
      renderAt('/admin?invite=tok', { status: 'signedIn', user: user as unknown as Partial<User> });
      expect(await screen.findByText(shown('❌ Invalid or expired invitation'))).toBeTruthy();
      expect(sendVerification).not.toHaveBeenCalled();
      expect(screen.queryByText(shown(checkMailboxText('new@example.org')))).toBeNull();
    });

    it('refused as unverified again after the screen saw it verified: the message, not another wait', async () => {
      request.mockRejectedValueOnce(notVerified()).mockRejectedValueOnce(notVerified());
      const { user, open } = unverifiedUser();
      open();
      renderAt('/admin?invite=tok', { status: 'signedIn', user: user as unknown as Partial<User> });
      expect(await screen.findByText(shown(`❌ ${ADMIN_MESSAGES.emailNotVerified}`))).toBeTruthy();
      expect(request).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('button', { name: INVITATION_TEXT.anotherAccount })).toBeTruthy();
    });
  });
});
