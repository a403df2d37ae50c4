import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicEventRecord } from '@shared/events-model.js';
import { ORDER_MESSAGES, RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { eventRecord } from '../test/fixtures.js';
import RegistrationForm from './RegistrationForm.js';
import { orderAmountInCents, orderTotalText, rsvpBody, withTicketCount, initialValues } from './registration.js';

/*
 * Issue 26 item 1: the form takes how many tickets and each attendee's name (the buyer's by default),
 * shows a paid order's total, and the success step lists every ticket with its page.
 */

const freeEvent: PublicEventRecord = eventRecord({
  id: 'F1',
  title: 'Star Party',
  requiresPayment: false,
  ticketTypes: ['General', 'Child'],
  ticketPrices: {},
  confirmByEmail: false,
  maxRegistrationsPerEmail: 4,
});
const paidEvent: PublicEventRecord = eventRecord({ ticketTypes: ['General', 'Member'], ticketPrices: { General: 45, Member: 35 }, maxRegistrationsPerEmail: 4 });

function stub(status: number, body: object) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillBuyer(event: PublicEventRecord) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <RegistrationForm event={event} />
    </MemoryRouter>,
  );
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Rosa Parks');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'rosa@example.org');
  return user;
}

describe('an order of several tickets on the form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends every ticket with its attendee (the first the buyer by default) and lists each ticket with its page', async () => {
    const tickets = [
      { id: 't1', name: 'Rosa Parks', ticketType: 'General', price: 0 },
      { id: 't2', name: 'Ann Parks', ticketType: 'Child', price: 0 },
      { id: 't3', name: 'Sam Parks', ticketType: 'Child', price: 0 },
    ];
    const fetchMock = stub(201, { success: true, message: RSVP_MESSAGES.registered, requiresPayment: false, rsvpId: 't1', orderId: 'o1', amount: 0, tickets });
    const user = await fillBuyer(freeEvent);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of tickets' }), '3');
    // The first attendee shows the buyer's name as its placeholder: left blank, the ticket is the buyer's.
    expect(screen.getByRole('textbox', { name: /Ticket 1: attendee name/ }).getAttribute('placeholder')).toBe('Rosa Parks');
    await user.type(screen.getByRole('textbox', { name: /Ticket 2: attendee name/ }), 'Ann Parks');
    await user.type(screen.getByRole('textbox', { name: /Ticket 3: attendee name/ }), 'Sam Parks');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ticket 2: ticket type' }), 'Child');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ticket 3: ticket type' }), 'Child');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Registration Complete' })).toBeTruthy();
    const body = JSON.parse(String(fetchMock.mock.calls[0][1].body));
    expect(body.tickets).toEqual([
      { ticketType: 'General', name: '' },
      { ticketType: 'Child', name: 'Ann Parks' },
      { ticketType: 'Child', name: 'Sam Parks' },
    ]);
    const list = screen.getByRole('region', { name: 'Your tickets' });
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ["View Rosa Parks's ticket", '/checkin/t1'],
      ["View Ann Parks's ticket", '/checkin/t2'],
      ["View Sam Parks's ticket", '/checkin/t3'],
    ]);
    expect(screen.getByRole('button', { name: 'Register Another Person' })).toBeTruthy();
  });

  it('an attendee after the first without a name is refused before sending', async () => {
    const fetchMock = stub(201, {});
    const user = await fillBuyer(freeEvent);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of tickets' }), '2');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.attendeeNameRequired);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Ticket 2: attendee name/ }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a refusal of one line (the server's unknown type, say) marks that line", async () => {
    stub(400, { success: false, code: 'INVALID_TICKET', message: RSVP_MESSAGES.invalidTicket, errors: { 'tickets.1.ticketType': RSVP_MESSAGES.invalidTicket } });
    const user = await fillBuyer(freeEvent);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of tickets' }), '2');
    await user.type(screen.getByRole('textbox', { name: /Ticket 2: attendee name/ }), 'Ann Parks');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(RSVP_MESSAGES.invalidTicket, { selector: '.alert' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Ticket 2: ticket type' }).closest('.field')?.textContent).toContain(RSVP_MESSAGES.invalidTicket);
  });

  it("a paid order shows its total with the shared money helpers, each ticket at its type's price", async () => {
    stub(201, {});
    const user = await fillBuyer(paidEvent);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of tickets' }), '4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ticket 3: ticket type' }), 'Member');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ticket 4: ticket type' }), 'Member');
    expect(screen.getByText('Total: $160.00 (4 tickets)')).toBeTruthy();
  });
});

describe('order helpers', () => {
  it('one ticket is sent as before, without a list; more keep what was typed', () => {
    const values = { ...initialValues(paidEvent), name: 'Rosa Parks', email: 'rosa@example.org', ticketType: 'Member' };
    expect(rsvpBody(values, paidEvent)).not.toHaveProperty('tickets');
    const three = withTicketCount(values, 3, paidEvent);
    expect(three.tickets).toEqual([
      { name: '', ticketType: 'Member' },
      { name: '', ticketType: 'General' },
      { name: '', ticketType: 'General' },
    ]);
    expect(orderAmountInCents(paidEvent, three)).toBe(3500 + 4500 + 4500);
    expect(orderTotalText(12500, 3)).toBe('Total: $125.00 (3 tickets)');
    const back = withTicketCount({ ...three, tickets: [{ name: '', ticketType: 'General' }, ...three.tickets!.slice(1)] }, 1, paidEvent);
    expect(back).toMatchObject({ ticketType: 'General', tickets: undefined });
  });
});
