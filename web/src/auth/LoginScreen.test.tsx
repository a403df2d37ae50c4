import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from './AuthContext.js';
import { LoginScreen } from './LoginScreen.js';

// Issue 23 item 7: a stylesheet with attribute selectors (input[value^="s"]) can read whatever a
// page writes into an input's value attribute. What is typed into the sign-in form stays in the
// field's value and never reaches an attribute.

function renderLogin() {
  const signIn = vi.fn(async () => undefined);
  const auth = { status: 'signedOut', user: null, signIn, signOut: vi.fn(), getIdToken: async () => null, retry: vi.fn() } satisfies AuthState;
  render(
    <AuthContext.Provider value={auth}>
      <LoginScreen />
    </AuthContext.Provider>,
  );
  return { signIn };
}

describe('LoginScreen', () => {
  it('keeps the typed e-mail and password out of the value attributes, where CSS selectors could read them', async () => {
    const { signIn } = renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'staff@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    expect(document.querySelector('input[type=password][value^="s"]')).toBeNull();
    expect(document.querySelector('input[type=email][value^="s"]')).toBeNull();
    expect(document.querySelector('input[value]')).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(signIn).toHaveBeenCalledWith('staff@example.org', 'secret-pass');
  });

  it('keeps Sign In disabled until both fields are filled, and again when one is emptied', () => {
    renderLogin();
    const button = screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'staff@example.org' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    expect(button.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '' } });
    expect(button.disabled).toBe(true);
  });
});
