// Issue 26 item 7: the door page searches its list (kept on the device) by name, e-mail or ticket
// id, says each ticket's state, and checks an admissible one in the way a scan does.
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKIN_MESSAGES, type DoorListReply } from '@shared/checkin-model.js';
import { ApiError } from '../api/client.js';
import { clearDeviceData } from '../device/store.js';
import { resetConnection } from './connection.js';
import { pendingCheckIns } from './offline.js';
import { renderDoor } from '../test/door.js';

const soon = new Date(Date.now() + 86_400_000).toISOString();
const event = { id: 'E1', title: 'Night Walk', date: soon, isActive: true, isArchived: false };
const person = (id: string, name: string, extra = {}) => ({ id, eventId: 'E1', name, email: `${name.split(' ')[0]!.toLowerCase()}@x.org`, ticketType: 'Family', status: 'confirmed', paymentStatus: 'free', checkedIn: false, checkedInAt: null, checkedInBy: null, ...extra });
const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
const doorList: DoorListReply = {
  success: true,
  event: { id: 'E1', title: 'Night Walk', date: soon, location: 'Lodge' },
  generatedAt: new Date().toISOString(),
  attendees: [
    person('TadaA1', 'Ada Lovelace'),
    person('TgraceB2', 'Grace Hopper', { checkedIn: true, checkedInAt: tenMinutesAgo, checkedInBy: 'gate@x.org' }),
    person('TalanC3', 'Alan Turing', { status: 'cancelled' }),
    person('TkathD4', 'Katherine Johnson', { status: 'cancelled', transferred: true }),
    person('TmaryE5', 'Mary Jackson', { status: 'pending_confirmation' }),
  ] as DoorListReply['attendees'],
};
const admitted = { success: true, message: 'Checked in', ticket: { attendee: { name: 'Ada Lovelace' }, checkedIn: true, checkedInAt: new Date().toISOString(), checkedInBy: 'door@x.org' } };

let networkDown: boolean;
const admittedIds = new Set<string>();
const noReply = () => new ApiError('Network error', 0);
const request = vi.fn(async (path: string, options: { method?: string } = {}) => {
  if (networkDown) throw noReply();
  if (path.startsWith('/events?')) return { events: [event] };
  // The server's list: a ticket checked in here says so on the next refetch.
  if (path.endsWith('/door-list')) return { ...doorList, attendees: doorList.attendees.map((item) => (admittedIds.has(item.id) ? { ...item, checkedIn: true, checkedInAt: admitted.ticket.checkedInAt, checkedInBy: 'door@x.org' } : item)) };
  if (path.endsWith('/checkins')) return { checkedInAttendees: [] };
  if (options.method === 'POST') {
    admittedIds.add(decodeURIComponent(path.split('/')[2]!));
    return admitted;
  }
  throw new Error(`unexpected ${path}`);
});
const posts = () => request.mock.calls.filter(([, options]) => options?.method === 'POST').map(([path]) => path);

/** The door page with its list in; types `query` into the search. */
async function search(query: string) {
  const user = userEvent.setup();
  await screen.findByText('1 of 2 checked in');
  const box = screen.getByRole('searchbox', { name: 'Search the door list' });
  await user.clear(box);
  await user.type(box, query);
  return user;
}
const results = () => within(screen.getByRole('region', { name: 'Find an attendee' })).queryAllByRole('listitem');
const announced = () => within(screen.getByRole('region', { name: 'Find an attendee' })).getByRole('status', { name: 'Search results' }).textContent;

describe('the door search (issue 26 item 7)', () => {
  beforeEach(async () => {
    request.mockClear();
    networkDown = false;
    admittedIds.clear();
    resetConnection();
    await clearDeviceData();
  });
  afterEach(() => vi.restoreAllMocks());

  it('finds by name, any case and part, and checks in from the result through the door (online)', async () => {
    renderDoor(request);
    const user = await search('lOVEl');
    expect(results()).toHaveLength(1);
    expect(results()[0]!.textContent).toContain('Ada Lovelace');
    expect(results()[0]!.textContent).toContain('Not checked in');
    expect(announced()).toBe('1 attendee matches');
    await user.click(screen.getByRole('button', { name: 'Check in: Ada Lovelace' }));
    await waitFor(() => expect(posts()).toEqual(['/checkin/TadaA1']));
    expect((await screen.findByText(`${CHECKIN_MESSAGES.checkedIn}: Ada Lovelace`)).className).toContain('checkin-status--success');
    // The result now says so, from the list the door updated; no second button.
    await waitFor(() => expect(results()[0]!.textContent).toMatch(/Checked in .* by door@x\.org/));
    expect(screen.queryByRole('button', { name: 'Check in: Ada Lovelace' })).toBeNull();
    expect(await pendingCheckIns()).toEqual([]);
  });

  it('finds by e-mail and by ticket id; says when nothing matches', async () => {
    renderDoor(request);
    const user = await search('grace@x.org');
    expect(results().map((item) => item.textContent)).toEqual([expect.stringContaining('Grace Hopper')]);
    // Checked in, with when and by whom; no button.
    expect(results()[0]!.textContent).toContain('Checked in 10 minutes ago by gate@x.org');
    expect(within(results()[0]!).queryByRole('button')).toBeNull();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'tmarye5');
    expect(results().map((item) => item.textContent)).toEqual([expect.stringContaining('Mary Jackson')]);
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(results()).toHaveLength(0);
    expect(announced()).toBe('No attendees match.');
  });

  it('shows a refused ticket with its reason and no Check in: cancelled, transferred, not confirmed', async () => {
    renderDoor(request);
    await search('@x.org');
    expect(announced()).toBe('5 attendees match');
    const text = (name: string) => results().find((item) => item.textContent?.includes(name))!;
    expect(text('Alan Turing').textContent).toContain(CHECKIN_MESSAGES.cancelled);
    expect(text('Katherine Johnson').textContent).toContain(CHECKIN_MESSAGES.transferred);
    expect(text('Mary Jackson').textContent).toContain(CHECKIN_MESSAGES.notConfirmed);
    for (const name of ['Alan Turing', 'Katherine Johnson', 'Mary Jackson']) expect(within(text(name)).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Check in: / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Check in: Ada Lovelace']);
  });

  it('offline: searches the list on the device and queues the check-in, as an offline scan does', async () => {
    renderDoor(request);
    await screen.findByText('1 of 2 checked in');
    networkDown = true;
    const before = request.mock.calls.length;
    const user = await search('ada');
    // The search itself asks nothing.
    expect(request.mock.calls.length).toBe(before);
    expect(results()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Check in: Ada Lovelace' }));
    expect(await screen.findByText(/Checked in offline.*Ada Lovelace/)).toBeTruthy();
    expect(await pendingCheckIns()).toEqual([expect.objectContaining({ ticketId: 'TadaA1', eventId: 'E1' })]);
    await waitFor(() => expect(results()[0]!.textContent).toMatch(/Checked in .* by door@x\.org/));
  });
});
