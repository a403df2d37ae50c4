import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DoorListEntry } from '@shared/checkin-model.js';
import { TicketInfo } from './TicketLookup.js';

const entry: DoorListEntry = {
  id: 'T1',
  eventId: 'E1',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  ticketType: 'General',
  status: 'confirmed',
  paymentStatus: 'free',
  checkedIn: true,
  checkedInAt: new Date().toISOString(),
  checkedInBy: 'staff@example.org',
};

describe("TicketInfo's undo (issue 28 item 4)", () => {
  it('asks first, with an optional reason that goes with the undo', async () => {
    const onUndo = vi.fn();
    render(<TicketInfo entry={entry} eventTitle="Night Walk" eventId="E1" busy={null} canUndo onCheckIn={vi.fn()} onUndo={onUndo} />);
    await userEvent.click(screen.getByRole('button', { name: 'Undo check-in' }));
    let dialog = screen.getByRole('dialog', { name: "Undo Ada Lovelace's check-in?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep check-in' }));
    expect(onUndo).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Undo check-in' }));
    dialog = screen.getByRole('dialog', { name: "Undo Ada Lovelace's check-in?" });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'wrong person');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo check-in' }));
    expect(onUndo).toHaveBeenCalledWith(entry, 'wrong person');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('staff get no undo', () => {
    render(<TicketInfo entry={entry} eventTitle="Night Walk" eventId="E1" busy={null} canUndo={false} onCheckIn={vi.fn()} onUndo={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Undo check-in' })).toBeNull();
  });
});
