import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventRecord } from '@shared/events-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { eventRecord } from '../../test/fixtures.js';
import { renderStaff, routerLocation } from '../../test/staff.js';
import EventsTab from './EventsTab.js';

function record(overrides: Partial<EventRecord>): EventRecord {
  return eventRecord({ ticketTypes: ['Member'], ticketPrices: { Member: 35 }, customUrl: '', attendeeCount: 3, ...overrides });
}

let events: EventRecord[];
let patch: (path: string, options: RequestOptions) => Promise<unknown>;
const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
  if (path.startsWith('/events?')) return { events };
  if (path === '/events/tags') return { tags: ['talk', 'hike'] };
  if (path === '/events/stats') return { stats: { E1: { registered: 3, checkedIn: 1, amountTaken: 10500 } } };
  if (options.method) return patch(path, options);
  throw new Error(`unexpected ${path}`);
});

describe('EventsTab', () => {
  beforeEach(() => {
    request.mockClear();
    events = [record({}), record({ id: 'E2', title: 'Star Party', requiresPayment: false, maxAttendees: null, generateTickets: false, isActive: false })];
    patch = async () => ({ success: true, event: events[0] });
  });

  it('lists the Active filter by default with status, mode, registrations and money taken', async () => {
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    expect(request).toHaveBeenCalledWith('/events?active=true&archived=false', expect.anything(), expect.any(String));
    expect(within(condor).getByText('Active')).toBeTruthy();
    expect(within(condor).getByText('Tickets')).toBeTruthy();
    expect(within(condor).getByText('3 / 40 registered')).toBeTruthy();
    expect(within(condor).getByText('$105.00')).toBeTruthy();
    expect(within(condor).getByText(/Saturday, July 3, 2027 at 6:30 PM MDT/)).toBeTruthy();
    const star = screen.getByRole('listitem', { name: 'Star Party' });
    expect(within(star).getByText('RSVP only')).toBeTruthy();
    expect(within(star).getByText('Inactive')).toBeTruthy();
    expect(within(star).queryByText('Taken')).toBeNull();
  });

  it('filters by status and tag through the query', async () => {
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.selectOptions(screen.getByLabelText('Status'), 'Archived');
    await user.selectOptions(screen.getByLabelText('Tag'), 'hike');
    await waitFor(() => expect(request).toHaveBeenCalledWith('/events?active=all&archived=true&tags=hike', expect.anything(), expect.any(String)));
  });

  it('archives only after the confirmation, and says so', async () => {
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.click(within(condor).getByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Archive "Condor Talk"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(request).not.toHaveBeenCalledWith('/events/E1/archive', expect.anything(), expect.anything());
    await user.click(within(condor).getByRole('button', { name: 'Archive' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Event archived (Condor Talk) Public pages show the change within 30 seconds.')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/events/E1/archive', { method: 'PATCH' }, 'Failed to archive event');
  });

  it("a failed action shows its SPEC message with the API's reason, and progress while it runs", async () => {
    let fail!: (error: unknown) => void;
    patch = () => new Promise((_resolve, reject) => (fail = reject));
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.click(within(condor).getByRole('button', { name: 'Switch to RSVP-only mode' }));
    expect(within(condor).getByRole('button', { name: 'Switching...' })).toHaveProperty('disabled', true);
    fail(new ApiError('Event not found', 404, 'Event not found', undefined, 'EVENT_NOT_FOUND'));
    expect(await screen.findByText('Failed to toggle event mode: Event not found')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/events/E1/toggle-tickets', { method: 'PATCH', body: { generateTickets: false } }, 'Failed to toggle event mode');
  });

  it('deactivates with a partial PUT; archived events offer Restore and no activation', async () => {
    events = [record({}), record({ id: 'E3', title: 'Old Hike', isArchived: true })];
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.click(within(condor).getByRole('button', { name: 'Deactivate' }));
    await screen.findByText(/Event deactivated/);
    expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { isActive: false } }, expect.any(String));
    const old = screen.getByRole('listitem', { name: 'Old Hike' });
    expect(within(old).queryByRole('button', { name: /Activate|Deactivate/ })).toBeNull();
    await user.click(within(old).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Event restored (Old Hike) Public pages show the change within 30 seconds.');
  });

  it('View RSVPs switches to the RSVPs tab with the event selected', async () => {
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.click(within(condor).getByRole('button', { name: 'View RSVPs' }));
    expect(routerLocation.current).toBe('/admin?tab=rsvps&event=E1');
  });

  it('a list that fails to load says so and offers to retry', async () => {
    request.mockImplementationOnce(async () => {
      throw new ApiError('Error fetching events. Please try logging in again.', 500);
    });
    renderStaff(<EventsTab />, { request });
    expect(await screen.findByText('Error fetching events. Please try logging in again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
