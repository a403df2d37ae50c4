import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VOLUNTEER_DOOR_MESSAGES, doorScanOf, type DoorVolunteer } from '@shared/volunteer-door-model.js';
import { VolunteerInfo, VolunteersList, volunteerFoundText } from './VolunteerDoor.js';
import { alreadyCheckedInText, expectedVolunteers, volunteerRefusalStatus } from './volunteerDoor.js';

/* Issue 29 item 5: the door's volunteer result card and its Volunteers list. */

const ada: DoorVolunteer = {
  id: 'S1',
  eventId: 'E1',
  name: 'Ada Lovelace',
  role: 'Planting crew',
  shift: { start: '2026-12-05T15:00:00.000Z', end: '2026-12-05T18:00:00.000Z', place: 'Grafton trailhead' },
  status: 'active',
  checkedIn: false,
  checkedInAt: null,
  checkedInBy: null,
  door: null,
};
const grace: DoorVolunteer = { ...ada, id: 'S2', name: 'Grace Hopper', role: 'Water station', checkedIn: true, checkedInAt: new Date(Date.now() - 2 * 60_000).toISOString(), checkedInBy: 'staff@example.org', door: 'Gate 2' };

describe('VolunteerInfo (the result card)', () => {
  it("says 'Volunteer' with the role and the shift, and checks the volunteer in", async () => {
    const onCheckIn = vi.fn();
    render(<VolunteerInfo volunteer={ada} eventId="E1" busy={false} onCheckIn={onCheckIn} />);
    const card = screen.getByRole('region', { name: 'Volunteer Ada Lovelace' });
    expect(within(card).getByText('Planting crew')).toBeTruthy();
    expect(within(card).getByText(/Grafton trailhead/).textContent).toMatch(/December 5, 2026, .+ · Grafton trailhead/);
    expect(within(card).queryByText(/Ticket/)).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: VOLUNTEER_DOOR_MESSAGES.checkIn }));
    expect(onCheckIn).toHaveBeenCalledWith(ada);
  });

  it('a checked-in volunteer shows when, by whom and where, and no button; a cancelled one says so', () => {
    const { unmount } = render(<VolunteerInfo volunteer={grace} eventId="E1" busy={false} onCheckIn={vi.fn()} />);
    expect(screen.getByText('Checked in 2 minutes ago by staff@example.org at Gate 2')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(<VolunteerInfo volunteer={{ ...ada, status: 'cancelled' }} eventId="E1" busy={false} onCheckIn={vi.fn()} />);
    expect(screen.getByText(VOLUNTEER_DOOR_MESSAGES.cancelled)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('VolunteersList (the Volunteers section)', () => {
  it('lists name, role, shift and checked in or not, with its own count; Check in goes to the door', async () => {
    const onCheckIn = vi.fn();
    render(<VolunteersList volunteers={[ada, grace]} busy={false} onCheckIn={onCheckIn} />);
    expect(screen.getByText('1 of 2 volunteers checked in')).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(first).getByText('Planting crew')).toBeTruthy();
    expect(within(first).getByText(VOLUNTEER_DOOR_MESSAGES.notCheckedIn)).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Grace Hopper' });
    expect(within(second).getByText(/Checked in 2 minutes ago by staff@example.org/)).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `${VOLUNTEER_DOOR_MESSAGES.checkIn}: Ada Lovelace` }));
    expect(onCheckIn).toHaveBeenCalledWith(ada);
  });

  it('disables its buttons while the door is busy; says when nobody is signed up', () => {
    const { unmount } = render(<VolunteersList volunteers={[ada]} busy onCheckIn={vi.fn()} />);
    expect((screen.getByRole('button', { name: `${VOLUNTEER_DOOR_MESSAGES.checkIn}: Ada Lovelace` }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    render(<VolunteersList volunteers={[]} busy={false} onCheckIn={vi.fn()} />);
    expect(screen.getByText(VOLUNTEER_DOOR_MESSAGES.none)).toBeTruthy();
  });
});

describe("the door's volunteer rules", () => {
  it("tells a pass from a ticket, whatever the site's address", () => {
    expect(doorScanOf('https://zion.example/volunteer/pass/S1')).toEqual({ kind: 'volunteer', id: 'S1' });
    expect(doorScanOf(' https://zion.example/volunteer/pass/S%2B1?x=1 ')).toEqual({ kind: 'volunteer', id: 'S+1' });
    expect(doorScanOf('https://zion.example/checkin/T1')).toEqual({ kind: 'ticket', id: 'T1' });
    expect(doorScanOf('T1')).toEqual({ kind: 'ticket', id: 'T1' });
  });

  it('a second scan says already checked in, with when; another event and a cancelled sign-up are refused; only active ones are expected', () => {
    expect(alreadyCheckedInText(grace)).toBe(`${VOLUNTEER_DOOR_MESSAGES.alreadyCheckedIn} (2 minutes ago, by staff@example.org, at Gate 2)`);
    expect(volunteerRefusalStatus(grace, 'E1')).toMatchObject({ outcome: 'already', kind: 'warning' });
    expect(volunteerRefusalStatus(ada, 'E2')).toMatchObject({ outcome: 'refused', text: VOLUNTEER_DOOR_MESSAGES.wrongEvent });
    expect(volunteerRefusalStatus({ ...ada, status: 'cancelled' }, 'E1')).toMatchObject({ outcome: 'refused', text: VOLUNTEER_DOOR_MESSAGES.cancelled });
    expect(volunteerRefusalStatus(ada, 'E1')).toBeNull();
    expect(expectedVolunteers([ada, { ...grace, status: 'cancelled' }])).toEqual([ada]);
    expect(volunteerFoundText(ada, 'E1')).toBe('Volunteer found: Ada Lovelace, Planting crew. Not checked in.');
  });
});
