import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { set } from 'idb-keyval';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDeviceData, deviceStore, QUEUE_KEY } from '../device/store.js';
import { AuthContext, type AuthState } from './AuthContext.js';
import { SignedInHeader } from './SignedInHeader.js';

const signOut = vi.fn(async () => undefined);

function renderHeader() {
  const auth = { status: 'signedIn', user: { email: 'door@x.org' }, signOut } as unknown as AuthState;
  return render(
    <MemoryRouter>
      <AuthContext.Provider value={auth}>
        <SignedInHeader title="Event Check-In" />
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}

describe('Logout with check-ins not yet synced', () => {
  beforeEach(async () => {
    signOut.mockClear();
    await clearDeviceData();
  });

  it('logs out at once when nothing is waiting', async () => {
    renderHeader();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('warns first, and keeps the user signed in on Stay signed in', async () => {
    await set(QUEUE_KEY, [{ ticketId: 'T1', eventId: 'E1', checkedInAt: '2026-11-23T05:00:00.000Z', name: 'Ann' }], deviceStore());
    renderHeader();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Check-ins not yet synced' });
    expect(dialog.textContent).toContain('1 check-in admitted offline has not reached the server yet');
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Log out anyway' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
