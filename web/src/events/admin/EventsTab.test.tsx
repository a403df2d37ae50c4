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
/** While set, the event list's next load waits for it (a slow refresh after an action). */
let listGate: Promise<void> | null;
const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
  if (path.startsWith('/events?')) {
    await listGate;
    return { events };
  }
  if (path === '/events/tags') return { tags: ['talk', 'hike'] };
  if (path === '/events/stats') return { stats: { E1: { registered: 3, checkedIn: 1, amountTaken: 10500 } } };
  if (options.method) return patch(path, options);
  throw new Error(`unexpected ${path}`);
});

describe('EventsTab', () => {
  beforeEach(() => {
    request.mockClear();
    listGate = null;
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
    // Two sentences, each with its full stop (issue 24 item 16).
    expect(await screen.findByText('Event archived (Condor Talk). Public pages show the change within 30 seconds.')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/events/E1/archive', { method: 'PATCH' }, 'Failed to archive event');
  });

  it('Cancel event (issue 26 item 3): the dialog names what happens; "Keep event" does nothing; confirming cancels and says what was done', async () => {
    patch = async () => ({ success: true, alreadyCancelled: false, tickets: 3, refunds: 2, notices: 3, message: 'Event cancelled: 3 tickets and holds cancelled, 2 refunds queued, 3 attendees told.' });
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.click(within(condor).getByRole('button', { name: 'Cancel event' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel "Condor Talk"?' });
    expect(dialog.textContent).toContain('Every ticket and held seat of this event will be cancelled, paid tickets refunded in full');
    expect(dialog.textContent).toContain('every attendee told by e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Keep event' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(request).not.toHaveBeenCalledWith('/events/E1/cancel', expect.anything(), expect.anything());

    await user.click(within(condor).getByRole('button', { name: 'Cancel event' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel event' }));
    expect(await screen.findByText('Event cancelled: 3 tickets and holds cancelled, 2 refunds queued, 3 attendees told. (Condor Talk)')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/events/E1/cancel', { method: 'POST' }, 'The event could not be cancelled');
  });

  it('a cancelled event shows its badge and offers no second cancel; a failed cancel says why', async () => {
    events = [record({ cancelledAt: '2026-11-28T17:00:00.000Z' }), record({ id: 'E2', title: 'Star Party' })];
    patch = async () => {
      throw new ApiError('Event not found', 404, 'Event not found', undefined, 'EVENT_NOT_FOUND');
    };
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    expect(within(condor).getByText('Cancelled')).toBeTruthy();
    expect(within(condor).queryByRole('button', { name: 'Cancel event' })).toBeNull();
    const star = screen.getByRole('listitem', { name: 'Star Party' });
    await user.click(within(star).getByRole('button', { name: 'Cancel event' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel event' }));
    expect(await screen.findByText('The event could not be cancelled: Event not found')).toBeTruthy();
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

  it('deactivates only after the confirmation, with a partial PUT; archived events offer Restore and no activation (issue 24 item 14)', async () => {
    events = [record({}), record({ id: 'E3', title: 'Old Hike', isArchived: true })];
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.click(within(condor).getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate "Condor Talk"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(request).not.toHaveBeenCalledWith('/events/E1', expect.objectContaining({ method: 'PUT' }), expect.anything());
    await user.click(within(condor).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Deactivate "Condor Talk"?' })).getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('Event deactivated: it is no longer on the public site (Condor Talk). Public pages show the change within 30 seconds.');
    expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { isActive: false } }, expect.any(String));
    const old = screen.getByRole('listitem', { name: 'Old Hike' });
    expect(within(old).queryByRole('button', { name: /Activate|Deactivate/ })).toBeNull();
  });

  it('keeps the acted-on card in place with its buttons disabled until the list has refreshed (issue 24 item 14)', async () => {
    let refreshed!: () => void;
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    // The list's refresh after the action hangs until the test lets it through; then it no longer holds the event.
    listGate = new Promise<void>((resolve) => (refreshed = resolve));
    events = events.slice(1);
    await user.click(within(condor).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(refreshed).toBeTypeOf('function'));
    // Deactivated, the list not refreshed yet: the card is still there, every button of it disabled, the dialog busy.
    expect(screen.getByRole('listitem', { name: 'Condor Talk' })).toBe(condor);
    expect(within(condor).getByRole('button', { name: 'Edit' })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivating...' })).toHaveProperty('disabled', true);
    refreshed();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Condor Talk' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a restored event is said to be inactive, with Activate in the notice (issue 24 item 5)', async () => {
    events = [record({ id: 'E3', title: 'Old Hike', isArchived: true, isActive: false })];
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request, path: '/admin?tab=events&status=Archived' });
    const old = await screen.findByRole('listitem', { name: 'Old Hike' });
    await user.click(within(old).getByRole('button', { name: 'Restore' }));
    const notice = await screen.findByText('Event restored (Old Hike). It is inactive: activate it to show it on the public pages.');
    expect(screen.queryByText(/Public pages show the change/)).toBeNull();
    expect(request).toHaveBeenCalledWith('/events/E3/unarchive', { method: 'PATCH' }, 'Failed to restore event from archive');
    await user.click(within(notice.closest('.events-admin-restored') as HTMLElement).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Event activated: it is on the public site (Old Hike). Public pages show the change within 30 seconds.')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/events/E3', { method: 'PUT', body: { isActive: true } }, expect.any(String));
    expect(screen.queryByText(/It is inactive/)).toBeNull();
  });

  it('an Activate that fails in the restore notice says why and keeps the notice', async () => {
    events = [record({ id: 'E3', title: 'Old Hike', isArchived: true, isActive: false })];
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request, path: '/admin?tab=events&status=Archived' });
    await user.click(within(await screen.findByRole('listitem', { name: 'Old Hike' })).getByRole('button', { name: 'Restore' }));
    await screen.findByText(/It is inactive/);
    patch = async () => {
      throw new ApiError('Event not found', 404, 'Event not found', undefined, 'EVENT_NOT_FOUND');
    };
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Failed to update event status: Event not found')).toBeTruthy();
    expect(screen.getByText(/It is inactive/)).toBeTruthy();
  });

  it('View RSVPs switches to the RSVPs tab with the event selected', async () => {
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.click(within(condor).getByRole('button', { name: 'View RSVPs' }));
    expect(routerLocation.current).toBe('/admin?tab=rsvps&event=E1');
  });

  it("Overview opens the event's page on the Overview tab (issue 30 item 2)", async () => {
    const user = userEvent.setup();
    renderStaff(<EventsTab />, { request, path: '/admin?tab=events&status=All' });
    const condor = await screen.findByRole('listitem', { name: 'Condor Talk' });
    await user.click(within(condor).getByRole('button', { name: 'Overview' }));
    expect(routerLocation.current).toBe('/admin?tab=overview&event=E1');
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
