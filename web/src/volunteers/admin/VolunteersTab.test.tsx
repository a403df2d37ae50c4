import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EventRecord } from '@shared/events-model.js';
import { COVERAGE_LABELS, VOLUNTEER_ADMIN_MESSAGES as A, coverageStatus, type VolunteerCoverageRole, type VolunteerShiftAdmin } from '@shared/volunteers-admin-model.js';
import { SUCCESS_MESSAGE_CLEAR_MS } from '@shared/constants.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { renderStaff } from '../../test/staff.js';
import VolunteersTab from './VolunteersTab.js';
import { VOLUNTEERS_ADMIN_TEXT as T } from './volunteersApi.js';

const EVENT = { id: 'E1', title: 'Riverside Restoration Day', date: '2026-12-05T15:00:00.000Z', isActive: true, isArchived: false } as EventRecord;

const shift = (over: Partial<VolunteerShiftAdmin>): VolunteerShiftAdmin => ({
  id: 's1',
  roleId: 'r1',
  start: '2026-12-05T15:00:00.000Z',
  end: '2026-12-05T18:00:00.000Z',
  place: 'Grafton trailhead',
  capacity: 3,
  minimum: 2,
  filled: 0,
  archived: false,
  status: 'red',
  signups: [],
  messages: [],
  ...over,
});

const ada = { id: 'u1', shiftId: 's1', name: 'Ada Lovelace', email: 'ada@example.org', phone: '+1 435 555 0100', note: 'Has gloves', status: 'active' as const, createdAt: '2026-11-21T12:00:00.000Z' };

function roles(): VolunteerCoverageRole[] {
  return [
    {
      id: 'r1',
      title: 'Planting crew',
      description: 'Dig and plant',
      eventId: 'E1',
      order: 0,
      freeTicket: false,
      archived: false,
      shifts: [
        shift({ filled: 1, status: 'red', signups: [ada] }),
        shift({ id: 's2', start: '2026-12-05T19:00:00.000Z', end: '2026-12-05T21:00:00.000Z', filled: 2, status: 'amber' }),
        shift({ id: 's3', start: '2026-12-06T15:00:00.000Z', end: '2026-12-06T18:00:00.000Z', filled: 3, status: 'green' }),
      ],
    },
    { id: 'r2', title: 'Water station', description: '', eventId: 'E1', order: 1, freeTicket: true, archived: false, shifts: [] },
  ];
}

function setup(role: 'admin' | 'staff' = 'admin', handle: (path: string, options: RequestOptions) => unknown = () => undefined) {
  let coverage = roles();
  const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
    const handled = await handle(path, options);
    if (handled !== undefined) return handled;
    if (path.startsWith('/events')) return { success: true, events: [EVENT] };
    if (path.startsWith('/volunteer/admin/coverage')) return { success: true, eventId: 'E1', roles: coverage };
    throw new Error(`unexpected ${options.method ?? 'GET'} ${path}`);
  });
  renderStaff(<VolunteersTab />, { request, role, path: '/admin?tab=volunteers&event=E1' });
  return { request, setCoverage: (next: VolunteerCoverageRole[]) => (coverage = next) };
}

describe('coverage status (shared)', () => {
  it('is red below the minimum, amber not full, green full', () => {
    expect(coverageStatus(1, 2, 3)).toBe('red');
    expect(coverageStatus(2, 2, 3)).toBe('amber');
    expect(coverageStatus(0, 0, 3)).toBe('amber');
    expect(coverageStatus(3, 2, 3)).toBe('green');
  });
});

describe('VolunteersTab (issue 29 item 3)', () => {
  it('shows each shift with its count and its status in colour and in words, and the people with their contact details', async () => {
    setup();
    const planting = await screen.findByRole('list', { name: 'Shifts of Planting crew' });
    const rows = within(planting).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText(T.filled(1, 3, 2))).toBeTruthy();
    const red = within(rows[0]!).getByText(COVERAGE_LABELS.red);
    expect(red.className).toContain('coverage-red');
    expect(within(rows[1]!).getByText(COVERAGE_LABELS.amber).className).toContain('coverage-amber');
    expect(within(rows[2]!).getByText(COVERAGE_LABELS.green).className).toContain('coverage-green');
    const person = within(rows[0]!).getByText('Ada Lovelace').closest('tr')!;
    expect(within(person).getByText('ada@example.org')).toBeTruthy();
    expect(within(person).getByText('+1 435 555 0100')).toBeTruthy();
    expect(within(person).getByText('Has gloves')).toBeTruthy();
    expect(screen.getByText(T.freeTicket)).toBeTruthy();
    expect(within(rows[1]!).getByText(T.nobody)).toBeTruthy();
  });

  it('staff read the grid without any action', async () => {
    setup('staff');
    await screen.findByRole('list', { name: 'Shifts of Planting crew' });
    expect(screen.getByText(A.readOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.addRole })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move Ada/ })).toBeNull();
    expect(screen.queryByRole('button', { name: T.csv })).toBeNull();
    expect(screen.queryByRole('button', { name: /E-mail this shift/ })).toBeNull();
  });

  it('the role form says what is wrong before sending, and sends a new role with its event', async () => {
    const { request } = setup('admin', (path, options) => (path === '/volunteer/admin/roles' && options.method === 'POST' ? { success: true, message: A.roleCreated, role: {} } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: T.addRole }));
    const dialog = await screen.findByRole('dialog', { name: T.addRole });
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findByText(A.titleRequired)).toBeTruthy();
    expect(request.mock.calls.some(([path]) => path === '/volunteer/admin/roles')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'First aid');
    await userEvent.click(within(dialog).getByLabelText(A.freeTicketLabel));
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('/volunteer/admin/roles', { method: 'POST', body: { title: 'First aid', description: '', eventId: 'E1', freeTicket: true } }, A.saveFailed),
    );
    expect(await screen.findByText(A.roleCreated)).toBeTruthy();
  });

  it('the shift form refuses an end before the start and a minimum above the capacity; the server\'s refusal lands on its field', async () => {
    const { request } = setup('admin', (path, options) => {
      if (path === '/volunteer/admin/shifts/s1' && options.method === 'PATCH') {
        throw new ApiError(A.capacityBelowSignups(1), 409, A.capacityBelowSignups(1), { capacity: A.capacityBelowSignups(1) });
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Add shift: Planting crew/ }));
    const dialog = await screen.findByRole('dialog', { name: T.addShift });
    await userEvent.type(within(dialog).getByLabelText(/Start/), '2026-12-05T11:00');
    await userEvent.type(within(dialog).getByLabelText(/End/), '2026-12-05T08:00');
    const capacity = within(dialog).getByLabelText(/Capacity/);
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '2');
    const minimum = within(dialog).getByLabelText(/Minimum/);
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findByText(A.endBeforeStart)).toBeTruthy();
    expect(within(dialog).getByText(A.minimumAboveCapacity)).toBeTruthy();
    expect(request.mock.calls.some(([path]) => path === '/volunteer/admin/shifts')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancel }));

    // Editing: the form starts from the shift; the server's 'capacity below sign-ups' shows on Capacity and stays.
    const first = screen.getAllByRole('button', { name: /^Edit shift:/ })[0]!;
    await userEvent.click(first);
    const edit = await screen.findByRole('dialog', { name: T.editShift });
    expect((within(edit).getByLabelText(/Place/) as HTMLInputElement).value).toBe('Grafton trailhead');
    const editCapacity = within(edit).getByLabelText(/Capacity/);
    await userEvent.clear(editCapacity);
    await userEvent.type(editCapacity, '2');
    await userEvent.clear(within(edit).getByLabelText(/Minimum/));
    await userEvent.type(within(edit).getByLabelText(/Minimum/), '1');
    await userEvent.click(within(edit).getByRole('button', { name: T.save }));
    await waitFor(() => expect(within(edit).getAllByText(A.capacityBelowSignups(1)).length).toBeGreaterThan(0));
    expect(within(edit).getByLabelText(/Capacity/).getAttribute('aria-invalid')).toBe('true');
  });

  it('moves a person to another shift and cancels a sign-up after a confirmation', async () => {
    const { request } = setup('admin', (path, options) => {
      if (path === '/volunteer/admin/signups/u1/move') return { success: true, message: A.moved };
      if (path === '/volunteer/admin/signups/u1' && options.method === 'DELETE') return { success: true, message: A.cancelledByAdmin };
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Move Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: T.moveTitle('Ada Lovelace') });
    const select = within(dialog).getByLabelText(T.moveTo) as HTMLSelectElement;
    // The other shifts (not the person's own).
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['s2', 's3']);
    await userEvent.selectOptions(select, 's2');
    await userEvent.click(within(dialog).getByRole('button', { name: T.move }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('/volunteer/admin/signups/u1/move', { method: 'POST', body: { shiftId: 's2' } }, A.saveFailed));
    expect(await screen.findByText(A.moved)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Ada Lovelace' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(T.cancelBody)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: T.cancelSignup }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('/volunteer/admin/signups/u1', { method: 'DELETE' }, A.saveFailed));
    expect(await screen.findByText(A.cancelledByAdmin)).toBeTruthy();
  });

  it(`archives a role and reorders with up/down; a success clears after ${SUCCESS_MESSAGE_CLEAR_MS} ms, an error stays`, async () => {
    const { request } = setup('admin', (path, options) => {
      if (path === '/volunteer/admin/roles/r1' && options.method === 'PATCH') return { success: true, message: A.roleArchivedDone, role: {} };
      if (path === '/volunteer/admin/roles/r2/reorder') throw new ApiError('The store is away', 409, 'The store is away');
      return undefined;
    });
    await screen.findByRole('list', { name: 'Shifts of Planting crew' });
    // The first role cannot go up, the last cannot go down.
    expect((screen.getByRole('button', { name: `${T.up}: Planting crew` }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: `${T.down}: Water station` }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: `${T.archive}: Planting crew` }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('/volunteer/admin/roles/r1', { method: 'PATCH', body: { archived: true } }, A.saveFailed));
    await userEvent.click(screen.getByRole('button', { name: `${T.up}: Water station` }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('/volunteer/admin/roles/r2/reorder', { method: 'POST', body: { direction: 'up' } }, A.saveFailed));
    const success = await screen.findByText(A.roleArchivedDone);
    expect(await screen.findByText('The store is away')).toBeTruthy();
    await waitForElementToBeRemoved(success, { timeout: SUCCESS_MESSAGE_CLEAR_MS + 1500 });
    expect(screen.getByText('The store is away')).toBeTruthy();
  }, 15_000);

  it('a refused move keeps the dialog open with the reason', async () => {
    setup('admin', (path) => {
      if (path === '/volunteer/admin/signups/u1/move') throw new ApiError(A.targetFull, 409, A.targetFull);
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Move Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: T.move }));
    expect(await within(dialog).findByText(A.targetFull)).toBeTruthy();
  });

  it('"E-mail this shift" needs a subject and a message, then sends them with one request id', async () => {
    const { request } = setup('admin', (path) =>
      path === '/volunteer/admin/shifts/s1/messages' ? { success: true, message: A.messageSent(1), sent: { id: 'm', subject: 'Bring water', recipients: 1, sentAt: '', sentBy: '' } } : undefined,
    );
    await screen.findByRole('list', { name: 'Shifts of Planting crew' });
    await userEvent.click(screen.getAllByRole('button', { name: /^E-mail this shift:/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: T.emailTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.send }));
    expect(await within(dialog).findByText(A.subjectRequired)).toBeTruthy();
    expect(within(dialog).getByText(A.messageRequired)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Subject/), 'Bring water');
    await userEvent.type(within(dialog).getByLabelText(/Message/), 'Two litres each.');
    await userEvent.click(within(dialog).getByRole('button', { name: T.send }));
    await waitFor(() => expect(request.mock.calls.some(([path]) => path === '/volunteer/admin/shifts/s1/messages')).toBe(true));
    const [, options] = request.mock.calls.find(([path]) => path === '/volunteer/admin/shifts/s1/messages')!;
    expect(options!.body).toMatchObject({ subject: 'Bring water', message: 'Two litres each.', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    expect(await screen.findByText(A.messageSent(1))).toBeTruthy();
    // Nobody on the shift: no e-mail to send.
    expect((screen.getAllByRole('button', { name: /^E-mail this shift:/ })[1] as HTMLButtonElement).disabled).toBe(true);
  });
});
