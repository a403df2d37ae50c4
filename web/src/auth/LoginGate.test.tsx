import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState, type AuthStatus } from './AuthContext.js';
import { rememberSignedIn, SIGNED_IN_HINT_KEY, signedInHint } from './firebase.js';
import { LoginGate } from './LoginGate.js';

function renderGate(status: AuthStatus) {
  // A page of the staff area, as the router shows it.
  const at = (gate: ReactNode) => <MemoryRouter>{gate}</MemoryRouter>;
  const auth = { status, user: null, signIn: vi.fn(), signOut: vi.fn(), getIdToken: async () => null, retry: vi.fn() } satisfies AuthState;
  const view = render(
    at(
      <AuthContext.Provider value={auth}>
        <LoginGate>
          <p>Dashboard</p>
        </LoginGate>
      </AuthContext.Provider>,
    ),
  );
  return {
    ...view,
    now: (next: AuthStatus) =>
      view.rerender(
        at(
          <AuthContext.Provider value={{ ...auth, status: next }}>
            <LoginGate>
              <p>Dashboard</p>
            </LoginGate>
          </AuthContext.Provider>,
        ),
      ),
  };
}

describe('LoginGate while the sign-in library loads (issue 13 item 4)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the login form at once on a device where nobody was signed in, and keeps what was typed when the library arrives', () => {
    const gate = renderGate('loading');
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.queryByText('Checking authentication...')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    gate.now('signedOut');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.org');
    gate.now('signedIn');
    expect(screen.getByText('Dashboard')).toBeTruthy();
  });

  it("says 'Checking authentication...' instead where someone was signed in last time, then shows the content", () => {
    rememberSignedIn(true);
    const gate = renderGate('loading');
    expect(screen.getByText('Checking authentication...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).toBeNull();
    gate.now('signedIn');
    expect(screen.getByText('Dashboard')).toBeTruthy();
  });

  it('the hint is set and cleared with the session', () => {
    expect(signedInHint()).toBe(false);
    rememberSignedIn(true);
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    expect(signedInHint()).toBe(true);
    rememberSignedIn(false);
    expect(signedInHint()).toBe(false);
  });
});
