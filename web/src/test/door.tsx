// Component tests of the door (CheckinPanel): signed in as door staff, and a ticket looked up by id.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckinPanel } from '../checkin/CheckinPanel.js';
import { renderStaff, type FakeRequest } from './staff.js';

/** The door page as door@x.org (staff) sees it, its calls answered by `request`. */
export function renderDoor(request: FakeRequest) {
  return renderStaff(<CheckinPanel variant="page" />, { request, role: 'staff', email: 'door@x.org', path: '/checkin' });
}

/** Once the door's list of one is in ('0 of 1 checked in'), types `id` and presses Look Up Ticket. */
export async function lookUp(id: string) {
  const user = userEvent.setup();
  await screen.findByText('0 of 1 checked in');
  await user.type(screen.getByLabelText('Ticket ID'), id);
  await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
  return user;
}
