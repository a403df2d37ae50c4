import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TicketInfo } from '../checkin/TicketLookup.js';
import type { DoorListEntry } from '@shared/checkin-model.js';

/*
 * A relative time on a screen left open must move on by itself (issue 24 item 20): the door's
 * ticket panel read 'just now' forever until something else re-rendered it.
 */
describe('useNow: relative times move on while the screen stays open', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-28T19:00:10Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("the door's ticket panel reads 'just now', then '1 minute ago', then '2 minutes ago'", () => {
    const entry: DoorListEntry = {
      id: 'TKT-1',
      eventId: 'ev1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      ticketType: 'General',
      status: 'confirmed',
      paymentStatus: 'free',
      checkedIn: true,
      checkedInAt: '2026-11-28T19:00:05Z',
      checkedInBy: 'door@example.org',
    } as DoorListEntry;
    render(<TicketInfo entry={entry} eventTitle="Star Party" eventId="ev1" busy={null} canUndo={false} onCheckIn={() => {}} onUndo={() => {}} />);
    expect(screen.getByText(/just now/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText(/1 minute ago/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText(/2 minutes ago/)).toBeTruthy();
  });
});
