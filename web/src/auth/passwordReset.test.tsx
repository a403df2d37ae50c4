// Issue 27 item 1: 'Forgot password?' on the sign-in screens, and the page its e-mail opens.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyActionCode, confirmPasswordReset, sendPasswordResetEmail, verifyPasswordResetCode } from '@firebase/auth';
import { AuthContext, type AuthState } from './AuthContext.js';
import { LoginGate } from './LoginGate.js';
import { continuePathOf, newPasswordProblem, RESET_TEXT, resetCodeOf } from './passwordReset.js';

vi.mock('@firebase/auth', () => ({ sendPasswordResetEmail: vi.fn(), verifyPasswordResetCode: vi.fn(), confirmPasswordReset: vi.fn(), applyActionCode: vi.fn() }));
vi.mock('./firebase.js', async (original) => ({ ...(await original<typeof import('./firebase.js')>()), getFirebaseAuth: async () => ({ name: 'auth' }) }));
const send = vi.mocked(sendPasswordResetEmail);
const verify = vi.mocked(verifyPasswordResetCode);
const confirm = vi.mocked(confirmPasswordReset);
const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

const auth = { status: 'signedOut', user: null, signIn: vi.fn(), signOut: vi.fn(), getIdToken: async () => null, retry: vi.fn() } satisfies AuthState;

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderAt(address: string, role: 'admin' | 'door' = 'admin') {
  render(
    <MemoryRouter initialEntries={[address]}>
      <AuthContext.Provider value={auth}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <LoginGate role={role}>
                  <p>Dashboard</p>
                </LoginGate>
                <Where />
              </>
            }
          />
        </Routes>
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}

describe('the reset link and its rules', () => {
  it('reads the code of a reset link only', () => {
    expect(resetCodeOf('?mode=resetPassword&oobCode=abc&apiKey=k')).toBe('abc');
    expect(resetCodeOf('?mode=verifyEmail&oobCode=abc')).toBeNull();
    expect(resetCodeOf('?mode=resetPassword&oobCode=')).toBeNull();
  });

  it('returns to a page of this site only', () => {
    expect(continuePathOf('?continueUrl=http%3A%2F%2Fsite.test%2Fcheckin', 'http://site.test')).toBe('/checkin');
    expect(continuePathOf('?continueUrl=https%3A%2F%2Fevil.test%2Fadmin', 'http://site.test')).toBeNull();
    expect(continuePathOf('?continueUrl=javascript%3Aalert(1)', 'http://site.test')).toBeNull();
    expect(continuePathOf('', 'http://site.test')).toBeNull();
  });

  it('asks for 6 characters and the same password twice', () => {
    expect(newPasswordProblem('12345', '12345')).toBe(RESET_TEXT.tooShort);
    expect(newPasswordProblem('123456', '123457')).toBe(RESET_TEXT.mismatch);
    expect(newPasswordProblem('123456', '123456')).toBeNull();
  });
});

describe("'Forgot password?' on the sign-in screens", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('sends the reset e-mail for the typed address, back to this page, and answers the same whether or not the account exists', async () => {
    const user = userEvent.setup();
    renderAt('/checkin', 'door');
    await user.type(screen.getByLabelText('Email'), 'door@x.org');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.forgot }));
    expect(screen.getByRole('heading', { name: RESET_TEXT.requestTitle })).toBeTruthy();
    // What was typed comes along, as the field's value (never its attribute).
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('door@x.org');
    expect(document.querySelector('input[value]')).toBeNull();
    send.mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: RESET_TEXT.send }));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_TEXT.sent);
    expect(send).toHaveBeenCalledWith({ name: 'auth' }, 'door@x.org', { url: window.location.href });

    // A project without enumeration protection says the account does not exist: the screen does not.
    await user.click(screen.getByRole('button', { name: RESET_TEXT.back }));
    await user.type(screen.getByLabelText('Email'), 'nobody@x.org');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.forgot }));
    send.mockRejectedValueOnce(failure('auth/user-not-found'));
    await user.click(screen.getByRole('button', { name: RESET_TEXT.send }));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_TEXT.sent);
  });

  it('a malformed address or an empty field gets its message and sends nothing twice', async () => {
    const user = userEvent.setup();
    renderAt('/admin');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.forgot }));
    await user.click(screen.getByRole('button', { name: RESET_TEXT.send }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_TEXT.missingEmail);
    expect(send).not.toHaveBeenCalled();
    send.mockRejectedValueOnce(failure('auth/invalid-email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.send }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText(RESET_TEXT.sent)).toBeNull();
  });
});

describe('the page a reset e-mail opens', () => {
  beforeEach(() => vi.clearAllMocks());
  const link = `/admin?mode=resetPassword&oobCode=CODE1&apiKey=k&continueUrl=${encodeURIComponent(`${window.location.origin}/checkin`)}`;

  it('names the account, checks the two fields, saves, and returns to the page it was asked from, saying so', async () => {
    verify.mockResolvedValueOnce('door@x.org');
    confirm.mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    renderAt(link, 'door');
    expect(await screen.findByText('door@x.org')).toBeTruthy();
    expect(verify).toHaveBeenCalledWith({ name: 'auth' }, 'CODE1');
    await user.type(screen.getByLabelText(RESET_TEXT.newPassword), 'new-pass-1');
    await user.type(screen.getByLabelText(RESET_TEXT.confirmPassword), 'new-pass-2');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_TEXT.mismatch);
    expect(confirm).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(RESET_TEXT.confirmPassword));
    await user.type(screen.getByLabelText(RESET_TEXT.confirmPassword), 'new-pass-1');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.save }));
    expect(confirm).toHaveBeenCalledWith({ name: 'auth' }, 'CODE1', 'new-pass-1');
    // The sign-in form of the door, the code gone from the address, and what happened.
    expect(await screen.findByText(RESET_TEXT.changed)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/checkin');
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('a used or expired link says so and leads back to the sign-in form', async () => {
    verify.mockRejectedValueOnce(failure('auth/invalid-action-code'));
    const user = userEvent.setup();
    renderAt('/admin?mode=resetPassword&oobCode=OLD');
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_TEXT.expired);
    expect(screen.queryByLabelText(RESET_TEXT.newPassword)).toBeNull();
    await user.click(screen.getByRole('button', { name: RESET_TEXT.back }));
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin');
    expect(screen.queryByText(RESET_TEXT.changed)).toBeNull();
  });

  it('a link that expires between opening and saving says so at the save', async () => {
    verify.mockResolvedValueOnce('ada@x.org');
    confirm.mockRejectedValueOnce(failure('auth/expired-action-code'));
    const user = userEvent.setup();
    renderAt('/admin?mode=resetPassword&oobCode=C2');
    await user.type(await screen.findByLabelText(RESET_TEXT.newPassword), 'another-1');
    await user.type(screen.getByLabelText(RESET_TEXT.confirmPassword), 'another-1');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_TEXT.expired);
  });
});

describe('an address verification link opened on the site (the console sends every action link here)', () => {
  beforeEach(() => vi.clearAllMocks());
  const apply = vi.mocked(applyActionCode);

  it('verifies the address and leads back to the invitation it came from', async () => {
    apply.mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    const back = `${window.location.origin}/admin?invite=T1`;
    renderAt(`/admin?mode=verifyEmail&oobCode=V1&continueUrl=${encodeURIComponent(back)}`);
    expect(await screen.findByText(RESET_TEXT.verified)).toBeTruthy();
    expect(apply).toHaveBeenCalledWith({ name: 'auth' }, 'V1');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.continue }));
    expect(screen.getByTestId('where').textContent).toBe('/admin?invite=T1');
  });

  it('a used link says so', async () => {
    apply.mockRejectedValueOnce(failure('auth/invalid-action-code'));
    renderAt('/admin?mode=verifyEmail&oobCode=V2');
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_TEXT.verifyExpired);
  });
});
