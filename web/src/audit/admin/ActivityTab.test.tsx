import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_MESSAGES, type AuditEntry } from '@shared/audit-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { renderStaff } from '../../test/staff.js';
import ActivityTab from './ActivityTab.js';
import { RsvpHistory } from './RsvpHistory.js';

const events = [{ id: 'E1', title: 'Night Walk', date: '2026-12-05T02:30:00.000Z', isActive: true, isArchived: false }];

function entry(id: string, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-21T19:02:00.000Z',
    actor: { kind: 'staff', uid: 'u1', email: 'admin@example.org', role: 'admin' },
    action: 'rsvp.cancelled',
    target: { type: 'rsvp', id: 'R1', eventId: 'E1', label: 'Ada Lovelace' },
    changes: [],
    reason: null,
    checkIn: null,
    ...extra,
  };
}

let pages: Record<string, { entries: AuditEntry[]; nextCursor: string | null }>;
let history: () => Promise<unknown>;
const request = vi.fn(async (path: string, _options: RequestOptions = {}) => {
  if (path.startsWith('/events?')) return { events };
  if (path.startsWith('/audit')) {
    const page = pages[path];
    if (!page) throw new ApiError('Failed to load the activity', 500);
    return { success: true, ...page };
  }
  if (path.endsWith('/history')) return history();
  throw new Error(`unexpected ${path}`);
});
const download = vi.fn(async () => ({ blob: new Blob(['\uFEFF"When"\r\n'], { type: 'text/csv' }), fileName: 'activity.csv' }));

describe('ActivityTab', () => {
  beforeEach(() => {
    request.mockClear();
    download.mockClear();
    pages = {
      '/audit': { entries: [entry('A2', { reason: 'Asked by phone' }), entry('A1', { action: 'event.updated', target: { type: 'event', id: 'E1', eventId: 'E1', label: 'Night Walk' }, changes: [{ field: 'title', before: 'Walk', after: 'Night Walk' }] })], nextCursor: 'c1' },
      '/audit?cursor=c1': { entries: [entry('A0', { action: 'rsvp.registered', actor: { kind: 'attendee' } })], nextCursor: null },
    };
  });

  it('lists the entries newest first with who, what, the target and the details, and pages on with Show more', async () => {
    renderStaff(<ActivityTab />, { request, download, role: 'admin', path: '/admin?tab=activity' });
    const table = await screen.findByRole('table', { name: 'Activity, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('admin@example.orgCancelledAda LovelaceReason: Asked by phone'),
      expect.stringContaining('Event editedNight Walktitle: Walk -> Night Walk'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('row')[3].textContent).toContain('the attendeeRegistered');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('asks with the filters applied, and exports what they select', async () => {
    pages['/audit?eventId=E1&actor=attendee&action=rsvp.registered&from=2026-11-01&to=2026-11-30'] = { entries: [], nextCursor: null };
    renderStaff(<ActivityTab />, { request, download, role: 'admin', path: '/admin?tab=activity' });
    await screen.findByRole('table', { name: 'Activity, newest first' });
    await userEvent.selectOptions(screen.getByLabelText('Event'), 'E1');
    await userEvent.type(screen.getByLabelText('Who'), 'attendee');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'rsvp.registered');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Nothing matches the filters.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith('/audit.csv?eventId=E1&actor=attendee&action=rsvp.registered&from=2026-11-01&to=2026-11-30', {}, AUDIT_MESSAGES.csvFailed),
    );
  });

  it('says when the activity cannot be loaded', async () => {
    pages = {};
    renderStaff(<ActivityTab />, { request, download, role: 'admin', path: '/admin?tab=activity' });
    expect(await screen.findByText('Failed to load the activity')).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});

describe('RsvpHistory', () => {
  it("tells the RSVP's story oldest first: who, the door, the reason, an offline scan's two times", async () => {
    history = async () => ({
      success: true,
      entries: [
        entry('H1', { action: 'rsvp.registered', actor: { kind: 'attendee' } }),
        entry('H2', { action: 'rsvp.paid', actor: { kind: 'payment provider' } }),
        entry('H3', {
          action: 'checkin.checkedIn',
          actor: { kind: 'staff', uid: 'u2', email: 'staff@example.org', role: 'staff' },
          checkIn: { door: 'Gate 2', scannedAt: '2026-11-21T19:00:00.000Z', syncedAt: '2026-11-21T19:02:00.000Z' },
        }),
        entry('H4', { action: 'checkin.undone', reason: 'wrong person' }),
      ],
    });
    renderStaff(<RsvpHistory rsvpId="R1" />, { request, download, role: 'admin', path: '/admin?tab=rsvps' });
    const list = await screen.findByRole('list');
    const lines = within(list).getAllByRole('listitem').map((item) => item.querySelector('.audit-line')?.textContent);
    expect(lines).toEqual([
      'Registered by the attendee',
      'Paid by the payment provider',
      'Checked in by staff@example.org at Gate 2',
      'Check-in undone by admin@example.org: wrong person',
    ]);
    expect(within(list).getAllByRole('listitem')[2].textContent).toMatch(/scanned .*, synced /);
    expect(request).toHaveBeenCalledWith('/rsvps/R1/history', expect.anything(), AUDIT_MESSAGES.historyFailed);
  });

  it('says when the history cannot be loaded', async () => {
    history = async () => Promise.reject(new ApiError('Failed to load the history', 500));
    renderStaff(<RsvpHistory rsvpId="R2" />, { request, download, role: 'admin', path: '/admin?tab=rsvps' });
    expect(await screen.findByText('Failed to load the history')).toBeTruthy();
  });
});
