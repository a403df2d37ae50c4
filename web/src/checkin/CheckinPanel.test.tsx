import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorListReply } from '@shared/checkin-model.js';
import { ApiError } from '../api/client.js';
import type { StaffApiClient } from '../api/staffClient.js';
import { StaffContext } from '../staff/StaffContext.js';
import { CheckinPanel } from './CheckinPanel.js';
import { clearDeviceData } from '../device/store.js';

const soon = new Date(Date.now() + 86_400_000).toISOString();
const event = { id: 'E1', title: 'Night Walk', date: soon, isActive: true, isArchived: false };
const person = (id: string, extra = {}) => ({ id, eventId: 'E1', name: `Person ${id}`, email: `${id}@x.org`, ticketType: '', status: 'confirmed', paymentStatus: 'free', checkedIn: false, checkedInAt: null, checkedInBy: null, ...extra });
const doorList: DoorListReply = { success: true, event: { id: 'E1', title: 'Night Walk', date: soon, location: 'Lodge' }, generatedAt: soon, attendees: [person('T1'), person('T2', { status: 'cancelled' })] as DoorListReply['attendees'] };

let checkIn: (path: string) => Promise<unknown>;
let events: unknown[];
const request = vi.fn(async (path: string, options: { method?: string } = {}) => {
  if (path.startsWith('/events?')) return { events };
  if (path.endsWith('/door-list')) return doorList;
  if (path.endsWith('/checkins')) return { checkedInAttendees: [] };
  if (options.method === 'POST') return checkIn(path);
  throw new Error(`unexpected ${path}`);
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = { request } as unknown as StaffApiClient;
  return render(
    <QueryClientProvider client={client}>
      <StaffContext.Provider value={{ api, role: 'staff', session: { email: 'door@x.org', role: 'staff' } }}>
        <CheckinPanel variant="page" />
      </StaffContext.Provider>
    </QueryClientProvider>,
  );
}

async function lookUp(id: string) {
  const user = userEvent.setup();
  // T2 is cancelled: the device knows it (a scan is refused with the reason) but the door does not expect it.
  await screen.findByText('0 of 1 checked in');
  await user.type(screen.getByLabelText('Ticket ID'), id);
  await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
  return user;
}

describe('CheckinPanel', () => {
  beforeEach(async () => {
    events = [event];
    checkIn = async () => ({ success: true, message: 'Checked in', ticket: { attendee: { name: 'Person T1' }, checkedIn: true, checkedInAt: soon, checkedInBy: 'door@x.org' } });
    await clearDeviceData();
  });
  afterEach(() => vi.restoreAllMocks());

  it("asks to select an event when there is none", async () => {
    events = [];
    renderPanel();
    await screen.findByText(/No events to check in for/);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ticket ID'), 'T1');
    await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('Please select an event');
  });

  it('says an unknown ticket is not in the RSVP list', async () => {
    renderPanel();
    await lookUp('nope');
    expect(await screen.findByText('Ticket ID not found in RSVP list')).toBeTruthy();
  });

  it('refuses a cancelled ticket without calling the API', async () => {
    renderPanel();
    await lookUp('T2');
    expect(await screen.findAllByText('This ticket was cancelled and cannot be admitted')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Check In Now' })).toBeNull();
  });

  it("shows the server's refusal by code: already checked in", async () => {
    checkIn = async () => {
      throw new ApiError('whatever the wording', 409, 'whatever the wording', undefined, 'ALREADY_CHECKED_IN');
    };
    renderPanel();
    const user = await lookUp('T1');
    await user.click(await screen.findByRole('button', { name: 'Check In Now' }));
    const statusArea = await screen.findByText('This attendee is already checked in');
    expect(statusArea.className).toContain('checkin-status--warning');
  });

  it('admits against the device when the network is gone, and counts the queue', async () => {
    checkIn = async () => {
      throw new ApiError('Network error', 0);
    };
    renderPanel();
    const user = await lookUp('T1');
    await user.click(await screen.findByRole('button', { name: 'Check In Now' }));
    expect(await screen.findByText(/Checked in offline.*Person T1/)).toBeTruthy();
    expect(await screen.findByText('Offline: 1 check-in waiting to sync')).toBeTruthy();
  });
});
