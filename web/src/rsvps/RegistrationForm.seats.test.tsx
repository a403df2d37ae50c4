import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicEventRecord } from '@shared/events-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { eventRecord } from '../test/fixtures.js';
import RegistrationForm from './RegistrationForm.js';

// The seats the form reports to its page (onSeats; issue 24 item 18): one per registration the server took, none for one it refused.
const freeEvent: PublicEventRecord = eventRecord({ id: 'F1', title: 'Star Party', requiresPayment: false, ticketTypes: ['General'], ticketPrices: {} });

async function register(status: number, body: object) {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json(body, { status })));
  const onSeats = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <RegistrationForm event={freeEvent} onSeats={onSeats} />
    </MemoryRouter>,
  );
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.org');
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return onSeats;
}

describe('RegistrationForm: the seats it reports (issue 24 item 18)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports one seat taken, once, when the server accepts the registration', async () => {
    const onSeats = await register(201, { success: true, message: RSVP_MESSAGES.registered, requiresPayment: false, rsvpId: 'r1' });
    expect(await screen.findByRole('heading', { name: 'Registration Complete' })).toBeTruthy();
    expect(onSeats.mock.calls).toEqual([[1]]);
  });

  it('reports no seat when the server refuses it', async () => {
    const onSeats = await register(409, { success: false, code: 'ALREADY_REGISTERED', message: RSVP_MESSAGES.alreadyRegistered });
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(RSVP_MESSAGES.alreadyRegistered));
    expect(onSeats).not.toHaveBeenCalled();
  });
});
