import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicEventRecord } from '@shared/events-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { eventRecord } from '../test/fixtures.js';
import RegistrationForm from './RegistrationForm.js';

/** A free 'Confirm by e-mail' event and a paid one, as the public API gives them. */
const freeEvent: PublicEventRecord = eventRecord({ id: 'F1', title: 'Star Party', customUrl: 'star-party', requiresPayment: false, ticketTypes: ['General'], ticketPrices: {}, confirmByEmail: true });
const paidEvent: PublicEventRecord = eventRecord();

function stubRsvp(status: number, body: object) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function register(event: PublicEventRecord, button: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <RegistrationForm event={event} />
    </MemoryRouter>,
  );
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.org');
  await user.click(screen.getByRole('button', { name: button }));
}

describe('RegistrationForm (issue 23)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a 'Confirm by e-mail' reply shows 'check your inbox' with the server's message, and no ticket", async () => {
    const fetchMock = stubRsvp(201, { success: true, message: RSVP_MESSAGES.confirmationSent, requiresPayment: false, requiresConfirmation: true });
    await register(freeEvent, 'Register');
    const heading = await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toBe(RSVP_MESSAGES.confirmationSent);
    expect(screen.queryByText('Registration Complete')).toBeNull();
    expect(screen.queryByRole('link', { name: /ticket/i })).toBeNull();
    expect(screen.getByText('ada@example.org')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register Another Person' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/events/F1/rsvp']);
  });

  it('a confirmed registration still says Registration Complete', async () => {
    stubRsvp(201, { success: true, message: RSVP_MESSAGES.registered, requiresPayment: false, rsvpId: 'r1' });
    await register(freeEvent, 'Register');
    expect(await screen.findByRole('heading', { name: 'Registration Complete' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(RSVP_MESSAGES.registered);
    // Its ticket is the RSVP: the success step links to the ticket page, as the paid one does (issue 25 item 1).
    expect(screen.getByRole('link', { name: 'View Your Ticket' }).getAttribute('href')).toBe('/checkin/r1');
  });

  it("'already registered' on a paid event is a notice on the form: no payment step, nothing marked wrong", async () => {
    const fetchMock = stubRsvp(409, { success: false, code: 'ALREADY_REGISTERED', message: RSVP_MESSAGES.alreadyRegistered });
    await register(paidEvent, 'Continue to Payment');
    const form = screen.getByRole('form', { name: 'Register for Condor Talk' });
    const alert = within(form).getByRole('alert');
    await vi.waitFor(() => expect(alert.textContent).toBe(RSVP_MESSAGES.alreadyRegistered));
    expect(alert.querySelector('.alert-error')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Email/ }).getAttribute('aria-invalid')).toBeNull();
    // Only the registration was asked: no payment intent for a registration on file.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/events/E1/rsvp']);
  });

  it('another refusal stays an error', async () => {
    stubRsvp(409, { success: false, code: 'EVENT_FULL', message: RSVP_MESSAGES.eventFull });
    await register(freeEvent, 'Register');
    const alert = await screen.findByText(RSVP_MESSAGES.eventFull);
    expect(alert.className).toContain('alert-error');
  });
});
