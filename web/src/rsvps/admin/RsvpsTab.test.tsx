import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RsvpRecord } from '@shared/rsvps-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { renderStaff } from '../../test/staff.js';
import RsvpsTab from './RsvpsTab.js';

const soon = new Date(Date.now() + 86_400_000).toISOString();
const events = [
  { id: 'E1', title: 'Night Walk', date: soon, isActive: true, isArchived: false, requiresPayment: false },
  { id: 'E2', title: 'Condor Dinner', date: soon, isActive: true, isArchived: false, requiresPayment: true },
];

function rsvp(id: string, extra: Partial<RsvpRecord> = {}): RsvpRecord {
  return {
    id,
    eventId: 'E2',
    name: `Person ${id}`,
    email: `${id.toLowerCase()}@x.org`,
    address: '',
    city: '',
    state: '',
    zipCode: '',
    ticketType: 'Member',
    additionalInfo: '',
    status: 'confirmed',
    paymentStatus: 'paid',
    amountDue: 3500,
    amountPaid: 3500,
    amountRefunded: 0,
    refundedAt: null,
    paymentIntentId: 'pi_1',
    holdExpiresAt: null,
    createdAt: soon,
    checkedIn: false,
    checkedInAt: null,
    checkedInBy: null,
    cancelledAt: null,
    cancelledBy: null,
    refundRequestedAt: null,
    transferredTo: null,
    transferredFrom: null,
    transferredAt: null,
    ...extra,
  };
}

let rsvps: RsvpRecord[];
let reminders: (path: string) => Promise<unknown>;
let action: (path: string, options: RequestOptions) => Promise<unknown>;
const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
  if (path.startsWith('/events?')) return { events };
  if (path.endsWith('/reminders')) return reminders(path);
  if (!options.method && path.includes('/rsvps')) return { rsvps: path.includes('E2') ? rsvps : [] };
  if (options.method) return action(path, options);
  throw new Error(`unexpected ${path}`);
});
const download = vi.fn(async () => ({ blob: new Blob(['\uFEFFName,Email\n'], { type: 'text/csv' }), fileName: 'rsvps-condor-dinner.csv' }));

describe('RsvpsTab', () => {
  beforeEach(() => {
    request.mockClear();
    rsvps = [rsvp('T1'), rsvp('T2', { name: 'Free Fran', paymentStatus: 'free', amountPaid: 0, amountDue: 0 }), rsvp('T3', { status: 'cancelled', checkedIn: false })];
    action = async () => ({ success: true, message: 'done' });
    reminders = async (path) => ({
      success: true,
      counts: path.includes('E2') ? [{ offsetHours: 24, sent: 38 }, { offsetHours: 2, sent: 0 }] : [],
    });
  });

  it("shows the selected event's reminder counts ('24 h reminder: 38 sent')", async () => {
    renderStaff(<RsvpsTab />, { request, download, role: 'admin', path: '/admin?tab=rsvps&event=E2' });
    const line = await screen.findByLabelText('Reminder counts');
    expect(line.textContent).toContain('24 h reminder: 38 sent');
    expect(line.textContent).toContain('2 h reminder: 0 sent');
  });

  it('says when the reminder counts cannot be loaded', async () => {
    reminders = async () => {
      throw new ApiError('Could not load the reminder counts.', 500);
    };
    renderStaff(<RsvpsTab />, { request, download, role: 'admin', path: '/admin?tab=rsvps&event=E2' });
    expect(await screen.findByText('Could not load the reminder counts.')).toBeTruthy();
  });

  it('preselects the event from ?event=, counts, filters and searches', async () => {
    const user = userEvent.setup();
    renderStaff(<RsvpsTab />, { request, path: '/admin?tab=rsvps&event=E2' });
    await screen.findByText('Person T1');
    expect(screen.getByLabelText('Event')).toHaveProperty('value', 'E2');
    // Admins also get the cancelled and refunded RSVPs.
    expect(request).toHaveBeenCalledWith('/events/E2/rsvps?include=cancelled', expect.anything(), expect.any(String));
    const counts = screen.getByLabelText('RSVP counts');
    expect(counts.textContent).toContain('3 RSVPs');
    expect(counts.textContent).toContain('2 confirmed');
    expect(counts.textContent).toContain('1 cancelled');
    expect(counts.textContent).toContain('$70.00 taken');
    await user.selectOptions(screen.getByLabelText('Payment'), 'free');
    expect(screen.queryByText('Person T1')).toBeNull();
    expect(screen.getByText('Free Fran')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Payment'), 'all');
    await user.type(screen.getByLabelText('Search by name, e-mail or ticket ID'), 't3@x');
    expect(screen.getByText('Person T3')).toBeTruthy();
    expect(screen.queryByText('Person T1')).toBeNull();
  });

  it('refund: the dialog names the amount; a failed refund says why and leaves the row as it was', async () => {
    action = async () => {
      throw new ApiError('The refund failed, so the RSVP was left as it was: card expired', 502, 'The refund failed, so the RSVP was left as it was: card expired', undefined, 'REFUND_FAILED');
    };
    const user = userEvent.setup();
    renderStaff(<RsvpsTab />, { request, path: '/admin?tab=rsvps&event=E2' });
    const row = (await screen.findByText('Person T1')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Cancel and refund' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel and refund $35.00?' });
    // Issue 28 item 4: the reason the admin gives goes to the audit log.
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Duplicate booking');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $35.00' }));
    expect(await within(dialog).findByText('The refund failed, so the RSVP was left as it was: card expired')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/rsvps/T1/refund', { method: 'POST', body: { reason: 'Duplicate booking' } }, RSVP_MESSAGES.refundFailed);
    expect(within(row).getByText('Confirmed')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
  });

  it('cancel asks first and frees the seat; resend says it was sent', async () => {
    const user = userEvent.setup();
    renderStaff(<RsvpsTab />, { request, path: '/admin?tab=rsvps&event=E2' });
    const row = (await screen.findByText('Free Fran')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Resend ticket' }));
    expect(await screen.findByText('done (t2@x.org)')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Cancel RSVP' }));
    const dialog = screen.getByRole('alertdialog', { name: "Cancel Free Fran's RSVP?" });
    expect(dialog.textContent).toContain('the seat is freed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel RSVP' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('/rsvps/T2', { method: 'DELETE', body: { reason: '' } }, RSVP_MESSAGES.cancelFailed));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // A cancelled RSVP has no actions, only its details.
    const cancelled = screen.getByText('Person T3').closest('tr')!;
    expect(within(cancelled).getAllByRole('button').map((b) => b.textContent)).toEqual(['Details']);
  });

  it("a registration awaiting its e-mail confirmation is labelled, counted and filtered, and may be cancelled (issue 23)", async () => {
    rsvps = [rsvp('T1'), rsvp('T4', { name: 'Waiting Wes', status: 'pending_confirmation', paymentStatus: 'free', amountPaid: 0, amountDue: 0 })];
    const user = userEvent.setup();
    renderStaff(<RsvpsTab />, { request, path: '/admin?tab=rsvps&event=E2' });
    const row = (await screen.findByText('Waiting Wes')).closest('tr')!;
    expect(within(row).getByText('Awaiting e-mail confirmation')).toBeTruthy();
    // It holds a seat: it may be cancelled, but has no ticket to resend yet.
    expect(within(row).getByRole('button', { name: 'Cancel RSVP' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Resend ticket' })).toBeNull();
    expect(screen.getByLabelText('RSVP counts').textContent).toContain('1 awaiting e-mail confirmation');
    await user.selectOptions(screen.getByLabelText('Status'), 'pending_confirmation');
    expect(screen.queryByText('Person T1')).toBeNull();
    expect(screen.getByText('Waiting Wes')).toBeTruthy();
  });

  it("'Details' shows every field the form collected, 'Not given' for a blank one (issue 24 item 2)", async () => {
    rsvps = [rsvp('T1', { address: '12 Canyon Rd', city: 'Santa Fe', state: 'NM', zipCode: '87501', additionalInfo: 'Wheelchair access, please.' }), rsvp('T2', { name: 'Blank Bo' })];
    const user = userEvent.setup();
    renderStaff(<RsvpsTab />, { request, path: '/admin?tab=rsvps&event=E2' });
    await user.click(await screen.findByRole('button', { name: "Details of Person T1's RSVP" }));
    const dialog = screen.getByRole('dialog', { name: "Person T1's RSVP" });
    const value = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Address')).toBe('12 Canyon Rd');
    expect(value('City')).toBe('Santa Fe');
    expect(value('State')).toBe('NM');
    expect(value('ZIP code')).toBe('87501');
    expect(value('Additional information')).toBe('Wheelchair access, please.');
    expect(value('Ticket ID')).toBe('T1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: "Details of Blank Bo's RSVP" }));
    expect(within(screen.getByRole('dialog', { name: "Blank Bo's RSVP" })).getByText('Address', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Not given');
  });

  describe('self-service: who cancelled and when, transfers, refunds (issue 25 item 6)', () => {
    // 2026-11-22T17:03Z is Nov 22, 2026, 10:03 AM MST in the organisation's zone.
    const at = '2026-11-22T17:03:00.000Z';
    const when = 'Nov 22, 2026, 10:03 AM MST';
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    const statusOf = (name: string) => within(row(name)).getByText((_text, el) => el?.getAttribute('data-label') === 'Status').textContent;

    beforeEach(() => {
      rsvps = [
        rsvp('T1', { name: 'Self Sam', status: 'cancelled', cancelledAt: at, cancelledBy: 'attendee', refundRequestedAt: at }),
        rsvp('T2', { name: 'Refunded Rae', status: 'cancelled', cancelledAt: at, cancelledBy: 'attendee', refundRequestedAt: at, refundedAt: at, paymentStatus: 'refunded', amountRefunded: 3500 }),
        rsvp('T3', { name: 'Admin Ann', status: 'cancelled', cancelledAt: at, cancelledBy: 'admin' }),
        rsvp('T4', { name: 'Old Olga', status: 'cancelled', cancelledAt: at, cancelledBy: 'attendee', transferredTo: { id: 'T5', name: 'New Ned' }, transferredAt: at }),
        rsvp('T5', { name: 'New Ned', transferredFrom: { id: 'T4', name: 'Old Olga' }, transferredAt: at }),
        rsvp('T6', { name: 'Plain Pat' }),
      ];
    });

    it('the status cell says who cancelled and when, whom a ticket went to or came from, and where a self-cancel’s refund stands', async () => {
      renderStaff(<RsvpsTab />, { request, role: 'admin', path: '/admin?tab=rsvps&event=E2' });
      await screen.findByText('Self Sam');
      expect(statusOf('Self Sam')).toBe(`CancelledCancelled by the attendee on ${when}Refund pending`);
      expect(statusOf('Refunded Rae')).toBe(`CancelledCancelled by the attendee on ${when}Refunded`);
      expect(statusOf('Admin Ann')).toBe(`CancelledCancelled by an admin on ${when}`);
      expect(statusOf('Old Olga')).toBe(`CancelledGiven to New Ned on ${when}`);
      expect(statusOf('New Ned')).toBe('ConfirmedReceived from Old Olga');
      expect(statusOf('Plain Pat')).toBe('Confirmed');
    });

    it('the Details dialog says the same', async () => {
      const user = userEvent.setup();
      renderStaff(<RsvpsTab />, { request, role: 'admin', path: '/admin?tab=rsvps&event=E2' });
      const history = async (name: string) => {
        await user.click(await screen.findByRole('button', { name: `Details of ${name}'s RSVP` }));
        const dialog = screen.getByRole('dialog', { name: `${name}'s RSVP` });
        const text = within(dialog).queryByText('History', { selector: 'dt' })?.nextElementSibling?.textContent ?? null;
        await user.click(within(dialog).getByRole('button', { name: 'Close' }));
        return text;
      };
      expect(await history('Self Sam')).toBe(`Cancelled by the attendee on ${when}\nRefund pending`);
      expect(await history('Old Olga')).toBe(`Given to New Ned on ${when}`);
      expect(await history('New Ned')).toBe('Received from Old Olga');
      expect(await history('Plain Pat')).toBeNull();
    });
  });

  it("offers 'Cancelled' in the status filter before any RSVP is cancelled; 'checked in' counts only RSVPs holding a seat (issue 24 item 13)", async () => {
    rsvps = [rsvp('T1', { checkedIn: true, checkedInAt: soon }), rsvp('T2'), rsvp('T3', { status: 'cancelled', paymentStatus: 'refunded', checkedIn: true, checkedInAt: soon })];
    const user = userEvent.setup();
    renderStaff(<RsvpsTab />, { request, path: '/admin?tab=rsvps&event=E2' });
    await screen.findByText('Person T1');
    expect(screen.getByLabelText('RSVP counts').textContent).toContain('1 checked in');
    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(screen.getByText('Person T3')).toBeTruthy();
    expect(screen.queryByText('Person T1')).toBeNull();
  });

  it("lists 'Cancelled' among the statuses when no RSVP is cancelled yet", async () => {
    rsvps = [rsvp('T1')];
    renderStaff(<RsvpsTab />, { request, path: '/admin?tab=rsvps&event=E2' });
    await screen.findByText('Person T1');
    const options = [...(screen.getByLabelText('Status') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toContain('Cancelled');
  });

  it('labels every cell with its column, so a phone shows each row as a card (issue 24 item 19)', async () => {
    renderStaff(<RsvpsTab />, { request, path: '/admin?tab=rsvps&event=E2' });
    const row = (await screen.findByText('Person T1')).closest('tr')!;
    expect(row.closest('.ui-table')?.classList.contains('ui-table-stack')).toBe(true);
    expect([...row.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['Name', 'E-mail', 'Ticket type', 'Status', 'Payment', 'Amount', 'Registered at', 'Checked in', 'Actions']);
  });

  it('downloads the CSV with the signed-in client', async () => {
    const user = userEvent.setup();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderStaff(<RsvpsTab />, { request, download, path: '/admin?tab=rsvps&event=E2' });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(download).toHaveBeenCalledWith('/events/E2/rsvps.csv', {}, 'Failed to download the CSV');
    expect(created).toHaveBeenCalled();
    expect(await screen.findByText('CSV downloaded')).toBeTruthy();
  });

  it('staff see the table without actions or the CSV', async () => {
    renderStaff(<RsvpsTab />, { request, role: 'staff', path: '/admin?tab=rsvps&event=E2' });
    await screen.findByText('Person T1');
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel RSVP' })).toBeNull();
    expect(request).toHaveBeenCalledWith('/events?active=all', expect.anything(), expect.any(String));
    expect(request).toHaveBeenCalledWith('/events/E2/rsvps', expect.anything(), expect.any(String));
  });
});
