import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, type AdminInvitationView, type AdminView } from '@shared/admins-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { renderStaff } from '../../test/staff.js';
import AdminUsersTab from './AdminUsersTab.js';
import { expiryText } from './usersApi.js';

const member = (email: string, patch: Partial<AdminView> = {}): AdminView => ({
  email,
  role: 'admin',
  status: 'Active',
  addedDate: '2026-11-01T12:00:00.000Z',
  addedBy: 'cli',
  ...patch,
});
const pending = (email: string, patch: Partial<AdminInvitationView> = {}): AdminInvitationView => ({
  id: `inv-${email}`,
  email,
  role: 'admin',
  invitedBy: 'admin@x.org',
  createdAt: '2026-11-20T12:00:00.000Z',
  expiresAt: new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString(),
  expired: false,
  ...patch,
});

let admins: AdminView[];
let invitations: AdminInvitationView[];
let write: (path: string, options: RequestOptions) => Promise<unknown>;
const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
  if (!options.method && path === '/admin/users') return { success: true, admins, invitations };
  if (options.method) return write(path, options);
  throw new Error(`unexpected ${path}`);
});
const calls = (method: string) => request.mock.calls.filter(([, options]) => options?.method === method);
const teamRow = (email: string) => within(screen.getByRole('table', { name: 'Admin users' })).getAllByRole('cell', { name: new RegExp(email) })[0].closest('tr')!;

describe('AdminUsersTab', () => {
  beforeEach(() => {
    request.mockClear();
    admins = [member('admin@x.org', { addedBy: 'cli' }), member('door@x.org', { role: 'staff', addedBy: 'admin@x.org' }), member('gone@x.org', { status: 'Removed', removedDate: '2026-11-10T12:00:00.000Z' })];
    invitations = [pending('new@x.org')];
    write = async () => ({ success: true });
  });

  it('lists the team with role, status, added date and by whom; Remove for others only, never yourself or the removed', async () => {
    renderStaff(<AdminUsersTab />, { request });
    await screen.findByRole('table', { name: 'Admin users' });
    const me = teamRow('admin@x.org');
    expect(me.textContent).toContain('(you)');
    expect(within(me).queryByRole('button', { name: /Remove/ })).toBeNull();
    const door = teamRow('door@x.org');
    expect(within(door).getAllByRole('cell').map((cell) => cell.querySelector('.admin-users-value')?.textContent ?? cell.textContent)).toEqual([
      'door@x.org',
      'Staff',
      'Active',
      'Nov 1, 2026',
      'admin@x.org',
      'Remove',
    ]);
    // Each cell names its column for the phone layout (one card per row).
    expect(within(door).getAllByRole('cell')[1].textContent).toBe('RoleStaff');
    expect(within(teamRow('gone@x.org')).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(teamRow('gone@x.org').textContent).toContain('Removed');
  });

  it('lists pending invitations with their expiry; expired ones say so', async () => {
    invitations = [pending('new@x.org'), pending('late@x.org', { expired: true, expiresAt: '2026-11-01T00:00:00.000Z' })];
    renderStaff(<AdminUsersTab />, { request });
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(table).getByText('Expires in 3 days')).toBeTruthy();
    expect(within(table).getByText('Expired')).toBeTruthy();
  });

  it('loading, empty and error states', async () => {
    invitations = [];
    const { unmount } = renderStaff(<AdminUsersTab />, { request });
    expect(screen.getByText('Loading admin users...')).toBeTruthy();
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
    unmount();

    request.mockImplementationOnce(async () => {
      throw new ApiError(ADMIN_MESSAGES.loadFailed, 500);
    });
    renderStaff(<AdminUsersTab />, { request });
    expect(await screen.findByText('Failed to load admin users')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Admin users' })).toBeTruthy();
  });

  it('invites: the e-mail is required and must be valid (nothing sent), then sent trimmed with the chosen role', async () => {
    const user = userEvent.setup();
    write = async (_path, options) => ({ success: true, message: 'Invitation sent', invitation: pending((options.body as { email: string }).email) });
    renderStaff(<AdminUsersTab />, { request });
    await screen.findByRole('table', { name: 'Admin users' });
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(ADMIN_MESSAGES.emailRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(ADMIN_MESSAGES.invalidEmail)).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), '  friend@x.org ');
    // The role starts at staff, the narrower one (issue 24 item 21).
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('staff');
    expect(screen.getByText('Staff: check-in and RSVP lists only.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]).toEqual(['/admin/invite', { method: 'POST', body: { email: 'friend@x.org', role: 'staff' } }, ADMIN_MESSAGES.inviteFailed]);
    expect(await screen.findByText('Invitation sent to friend@x.org')).toBeTruthy();
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('');
    // The next one starts at staff again; an admin is chosen on purpose.
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('staff');
    await user.type(screen.getByLabelText(/Email/), 'boss@x.org');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(2));
    expect(calls('POST')[1][1]).toEqual({ method: 'POST', body: { email: 'boss@x.org', role: 'admin' } });
  });

  it('an invitation that could not be sent says so; someone already on the team is said at the field', async () => {
    const user = userEvent.setup();
    write = async () => {
      throw new ApiError(ADMIN_MESSAGES.inviteFailed, 502, ADMIN_MESSAGES.inviteFailed);
    };
    renderStaff(<AdminUsersTab />, { request });
    await user.type(screen.getByLabelText(/Email/), 'friend@x.org');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send admin invitation');

    write = async () => {
      throw new ApiError(ADMIN_MESSAGES.alreadyOnTeam, 409, ADMIN_MESSAGES.alreadyOnTeam, { email: ADMIN_MESSAGES.alreadyOnTeam }, 'ALREADY_ON_TEAM');
    };
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(ADMIN_MESSAGES.alreadyOnTeam)).toBeTruthy();
    expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Failed to send admin invitation')).toBeNull();
  });

  it('removes after confirmation; a refusal is said in the dialog', async () => {
    const user = userEvent.setup();
    renderStaff(<AdminUsersTab />, { request });
    await user.click(await screen.findByRole('button', { name: 'Remove door@x.org' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove admin access?' });
    expect(dialog.textContent).toContain('door@x.org');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('POST')).toHaveLength(0);

    write = async () => {
      throw new ApiError(ADMIN_MESSAGES.lastAdmin, 409, ADMIN_MESSAGES.lastAdmin, undefined, 'LAST_ADMIN');
    };
    await user.click(screen.getByRole('button', { name: 'Remove door@x.org' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove Access' }));
    expect(await within(screen.getByRole('alertdialog')).findByText('Failed to remove admin access: You cannot remove the last admin')).toBeTruthy();

    write = async () => ({ success: true, message: 'Access removed' });
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove Access' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('POST').at(-1)).toEqual(['/admin/remove', { method: 'POST', body: { email: 'door@x.org' } }, ADMIN_MESSAGES.removeFailed]);
    expect(await screen.findByText('Access removed (door@x.org)')).toBeTruthy();
  });

  it('revokes an invitation after confirmation', async () => {
    const user = userEvent.setup();
    renderStaff(<AdminUsersTab />, { request });
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation of new@x.org' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Revoke this invitation?' })).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls('DELETE')).toEqual([['/admin/invitations/inv-new%40x.org', { method: 'DELETE' }, ADMIN_MESSAGES.revokeFailed]]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText('Invitation revoked (new@x.org)')).toBeTruthy();
  });

  it('a revoke that fails is said in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    write = async () => {
      throw new ApiError(ADMIN_MESSAGES.invitationNotFound, 404, ADMIN_MESSAGES.invitationNotFound, undefined, 'INVITATION_NOT_FOUND');
    };
    renderStaff(<AdminUsersTab />, { request });
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation of new@x.org' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await within(screen.getByRole('alertdialog')).findByText('Failed to revoke the invitation: This invitation is no longer pending')).toBeTruthy();
  });
});

describe('expiryText', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  it.each([
    ['2026-11-28T12:00:00.000Z', 'Expires in 7 days'],
    ['2026-11-28T11:59:00.000Z', 'Expires in 7 days'],
    ['2026-11-22T13:00:00.000Z', 'Expires in 1 day'],
    ['2026-11-21T13:00:00.000Z', 'Expires in less than a day'],
    ['2026-11-21T12:00:00.000Z', 'Expired'],
    ['not a date', 'Expired'],
  ])('%s: %s', (expiresAt, text) => expect(expiryText(expiresAt, now)).toBe(text));
});
