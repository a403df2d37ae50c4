import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES, offeredUntilText, type WaitlistAdminEntry } from '@shared/waitlist-model.js';
import { formatEventTime } from '../../events/format.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { renderStaff } from '../../test/staff.js';
import { WaitlistPanel } from './WaitlistPanel.js';
import { WAITLIST_ADMIN_TEXT } from './waitlistApi.js';

const event = { id: 'E1', customUrl: 'star-party', title: 'Star Party' };
const entry = (over: Partial<WaitlistAdminEntry>): WaitlistAdminEntry => ({
  id: 'w1',
  position: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  seats: 2,
  together: true,
  joinedAt: '2026-11-21T12:00:00.000Z',
  status: 'waiting',
  offerSeats: null,
  offerExpiresAt: null,
  ...over,
});

describe('WaitlistPanel (issue 28 item 3)', () => {
  it('lists the waitlist and removes an entry after a confirmation', async () => {
    let entries = [entry({}), entry({ id: 'w2', position: 2, name: 'Bob Marsh', email: 'bob@example.org', seats: 1, together: false }), entry({ id: 'w3', position: null, name: 'Cy Gone', status: 'left' })];
    const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
      if (path === '/events/E1/waitlist') return { success: true, entries };
      if (path === '/waitlist/w1' && options.method === 'DELETE') {
        entries = [entry({ position: null, status: 'removed' }), ...entries.slice(1).map((e) => (e.id === 'w2' ? { ...e, position: 1 } : e))];
        return { success: true, message: WAITLIST_MESSAGES.removed };
      }
      throw new Error(`unexpected ${path}`);
    });
    renderStaff(<WaitlistPanel event={event} />, { request });
    const table = await screen.findByRole('table', { name: 'Waitlist of Star Party' });
    const bob = within(table).getByText('Bob Marsh').closest('tr')!;
    expect(within(bob).getByText(WAITLIST_MESSAGES.fewerLabel)).toBeTruthy();
    expect(within(bob).getByText('bob@example.org')).toBeTruthy();
    // An entry out of line has no 'Remove'.
    expect(screen.queryByRole('button', { name: 'Remove Cy Gone from the waitlist' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Ada Lovelace from the waitlist' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(WAITLIST_ADMIN_TEXT.removeBody)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: WAITLIST_ADMIN_TEXT.remove }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('/waitlist/w1', { method: 'DELETE' }, WAITLIST_MESSAGES.removeFailed));
    await waitFor(() => expect(within(screen.getByText('Ada Lovelace').closest('tr')!).getByText('Removed')).toBeTruthy());
  });

  it('shows an offer with its end time; "Make offer" on a waiting entry asks the server and says its refusal', async () => {
    const until = '2026-11-22T02:30:00.000Z';
    let entries = [entry({ status: 'offered', offerSeats: 2, offerExpiresAt: until }), entry({ id: 'w2', position: 2, name: 'Bob Marsh', seats: 1 }), entry({ id: 'w3', position: 3, name: 'Cy Third', seats: 1 })];
    const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
      if (path === '/events/E1/waitlist') return { success: true, entries };
      if (path === '/waitlist/w2/offer' && options.method === 'POST') {
        entries = entries.map((e) => (e.id === 'w2' ? { ...e, status: 'offered' as const, offerSeats: 1, offerExpiresAt: until } : e));
        return { success: true, message: WAITLIST_MESSAGES.offerMade };
      }
      if (path === '/waitlist/w3/offer') throw new ApiError(WAITLIST_MESSAGES.noSeatsToOffer, 409);
      throw new Error(`unexpected ${path}`);
    });
    renderStaff(<WaitlistPanel event={event} />, { request });
    const table = await screen.findByRole('table', { name: 'Waitlist of Star Party' });
    const ada = within(table).getByText('Ada Lovelace').closest('tr')!;
    expect(within(ada).getByText(offeredUntilText(formatEventTime(until)))).toBeTruthy();
    // Offered already: no 'Make offer', but 'Remove'.
    expect(screen.queryByRole('button', { name: `${WAITLIST_MESSAGES.makeOfferButton} to Ada Lovelace` })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `${WAITLIST_MESSAGES.makeOfferButton} to Bob Marsh` }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('/waitlist/w2/offer', { method: 'POST' }, WAITLIST_MESSAGES.offerFailed));
    expect(await screen.findByText(WAITLIST_MESSAGES.offerMade)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByText('Bob Marsh').closest('tr')!).getByText(offeredUntilText(formatEventTime(until)))).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: `${WAITLIST_MESSAGES.makeOfferButton} to Cy Third` }));
    expect(await screen.findByText(WAITLIST_MESSAGES.noSeatsToOffer)).toBeTruthy();
  });

  it('a failed load says so with a retry', async () => {
    const request = vi.fn(async () => {
      throw new Error('down');
    });
    renderStaff(<WaitlistPanel event={event} />, { request });
    expect(await screen.findByText(WAITLIST_MESSAGES.loadFailed)).toBeTruthy();
  });
});
