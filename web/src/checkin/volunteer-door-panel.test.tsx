// Issue 29 item 5 at the door (CheckinPanel): a volunteer's pass goes through the same Ticket ID field
// (and scanner), gets a Volunteer card and a list of its own, never joins the attendees' count, and
// without a network is not queued but said to need one.
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorListReply } from '@shared/checkin-model.js';
import { VOLUNTEER_DOOR_MESSAGES, type DoorVolunteer } from '@shared/volunteer-door-model.js';
import { ApiError } from '../api/client.js';
import { clearDeviceData } from '../device/store.js';
import { resetConnection } from './connection.js';
import { pendingCheckIns } from './offline.js';
import { renderDoor } from '../test/door.js';

const soon = new Date(Date.now() + 86_400_000).toISOString();
const event = { id: 'E1', title: 'Restoration Day', date: soon, isActive: true, isArchived: false };
const doorList: DoorListReply = {
  success: true,
  event: { id: 'E1', title: 'Restoration Day', date: soon, location: 'Park' },
  generatedAt: new Date().toISOString(),
  attendees: [{ id: 'T1', eventId: 'E1', name: 'Tina Ticket', email: 't@x.org', ticketType: '', status: 'confirmed', paymentStatus: 'free', checkedIn: false, checkedInAt: null, checkedInBy: null }],
};
const ada: DoorVolunteer = {
  id: 'S1',
  eventId: 'E1',
  name: 'Ada Volunteer',
  role: 'Planting crew',
  shift: { start: soon, end: new Date(Date.parse(soon) + 3 * 3600_000).toISOString(), place: 'Grafton trailhead' },
  status: 'active',
  checkedIn: false,
  checkedInAt: null,
  checkedInBy: null,
  door: null,
};
let volunteers: DoorVolunteer[];
type Options = { method?: string; body?: unknown };
let volunteerCheckIn: (path: string, options: Options) => Promise<unknown>;
const request = vi.fn(async (path: string, options: Options = {}) => {
  if (path.startsWith('/events?')) return { events: [event] };
  if (path.endsWith('/door-list')) return doorList;
  if (path.endsWith('/door-volunteers')) return { success: true, volunteers };
  if (path.endsWith('/checkins')) return { checkedInAttendees: [] };
  if (path.startsWith('/volunteer/checkin/')) return volunteerCheckIn(path, options);
  throw new Error(`unexpected ${path}`);
});
const status = () => document.querySelector('.checkin-status')?.textContent;

describe('volunteers at the door (CheckinPanel)', () => {
  beforeEach(async () => {
    request.mockClear();
    volunteers = [ada];
    volunteerCheckIn = async (_path, options) => {
      const checked = { ...ada, checkedIn: true, checkedInAt: new Date().toISOString(), checkedInBy: 'door@x.org' };
      volunteers = [checked];
      expect(options.body).toEqual({ eventId: 'E1' });
      return { success: true, message: VOLUNTEER_DOOR_MESSAGES.checkedIn, volunteer: checked };
    };
    resetConnection();
    await clearDeviceData();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a typed pass code shows a Volunteer card with role and shift; checked in, the Volunteers list follows and the attendees' count does not move", async () => {
    renderDoor(request);
    const list = await screen.findByRole('region', { name: VOLUNTEER_DOOR_MESSAGES.listTitle });
    expect(within(list).getByText('0 of 1 volunteer checked in')).toBeTruthy();
    expect(await screen.findByText('0 of 1 checked in')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ticket ID'), 'S1');
    await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
    const card = await screen.findByRole('region', { name: 'Volunteer Ada Volunteer' });
    expect(within(card).getByText('Planting crew')).toBeTruthy();
    expect(within(card).getByText(/Grafton trailhead/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: VOLUNTEER_DOOR_MESSAGES.checkIn }));
    await waitFor(() => expect(status()).toBe(`${VOLUNTEER_DOOR_MESSAGES.checkedIn}: Ada Volunteer`));
    expect(request.mock.calls.filter(([path]) => path === '/volunteer/checkin/S1')).toHaveLength(1);
    // No ticket check-in was sent for a volunteer.
    expect(request.mock.calls.filter(([path]) => path.startsWith('/checkin/'))).toHaveLength(0);
    await waitFor(() => expect(within(list).getByText('1 of 1 volunteer checked in')).toBeTruthy());
    expect(screen.getByText('0 of 1 checked in')).toBeTruthy();
  });

  it("a pass URL (a USB scanner's) is admitted at once; a second one says already checked in, with when", async () => {
    renderDoor(request);
    await screen.findByRole('region', { name: VOLUNTEER_DOOR_MESSAGES.listTitle });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ticket ID'), 'https://zion.example/volunteer/pass/S1{Enter}');
    await waitFor(() => expect(status()).toBe(`${VOLUNTEER_DOOR_MESSAGES.checkedIn}: Ada Volunteer`));
    await user.clear(screen.getByLabelText('Ticket ID'));
    await user.type(screen.getByLabelText('Ticket ID'), 'https://zion.example/volunteer/pass/S1{Enter}');
    await waitFor(() => expect(status()).toMatch(new RegExp(`^${VOLUNTEER_DOOR_MESSAGES.alreadyCheckedIn} \\((just now|\\d+ seconds? ago), by door@x.org\\)$`)));
    expect(document.querySelector('.checkin-status')?.className).toContain('checkin-status--warning');
    expect(request.mock.calls.filter(([path]) => path === '/volunteer/checkin/S1')).toHaveLength(1);
  });

  it("another event's volunteer is refused with the server's words, naming the event", async () => {
    volunteerCheckIn = async () => {
      throw new ApiError('x', 409, 'This volunteer is signed up for another event: Bat Walk', undefined, 'VOLUNTEER_WRONG_EVENT');
    };
    renderDoor(request);
    await screen.findByRole('region', { name: VOLUNTEER_DOOR_MESSAGES.listTitle });
    await userEvent.setup().type(screen.getByLabelText('Ticket ID'), 'https://zion.example/volunteer/pass/OTHER{Enter}');
    await waitFor(() => expect(status()).toBe('This volunteer is signed up for another event: Bat Walk'));
    expect(document.querySelector('.checkin-status')?.className).toContain('checkin-status--error');
  });

  it('without a network a volunteer is not queued: the door says it needs the network', async () => {
    volunteerCheckIn = async () => {
      throw new ApiError('Network error', 0);
    };
    renderDoor(request);
    await screen.findByRole('region', { name: VOLUNTEER_DOOR_MESSAGES.listTitle });
    await userEvent.setup().type(screen.getByLabelText('Ticket ID'), 'https://zion.example/volunteer/pass/S1{Enter}');
    await waitFor(() => expect(status()).toBe(VOLUNTEER_DOOR_MESSAGES.needsNetwork));
    expect(await pendingCheckIns()).toEqual([]);
  });
});
