import { cleanup, render, screen, within } from '@testing-library/react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicEventRecord } from '@shared/events-model.js';
import { ROUTES } from '../routes.js';
import { eventRecord } from '../test/fixtures.js';
import RegistrationForm from '../rsvps/RegistrationForm.js';
import { EventCard } from './EventCard.js';
import { EventPage } from './EventPage.js';

/*
 * Issue 26 item 4: a type with few tickets left says so ('3 left') on the landing card, beside the
 * type on the event page and in the registration form's choice; a sold-out type is said so and
 * cannot be chosen. The API sends `ticketsLeft` only for the types that are low.
 */

const low: PublicEventRecord = { ...eventRecord({ maxAttendees: 50, attendeeCount: 10, ticketTypes: ['Member', 'Guest'], ticketPrices: { Member: 35, Guest: 45 } }), ticketsLeft: { Member: 3 } };
const soldOutGuest: PublicEventRecord = { ...low, ticketsLeft: { Member: 3, Guest: 0 } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'n left' on the landing card", () => {
  it('names the low types with what is left, a sold-out one as Sold out; nothing when none is low', () => {
    render(
      <MemoryRouter>
        <EventCard event={soldOutGuest} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Member: 3 left · Guest: Sold out')).toBeTruthy();
    cleanup();
    render(
      <MemoryRouter>
        <EventCard event={{ ...low, ticketsLeft: undefined }} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/left/)).toBeNull();
  });
});

describe("'n left' on the event page", () => {
  it('says it beside the type in the ticket list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/events/E1' ? Response.json({ success: true, event: low }) : Response.json({ success: false, error: 'not in this test' }, { status: 404 }),
      ),
    );
    window.history.replaceState(null, '', '/event/E1');
    render(
      <BrowserRouter>
        <Routes>
          <Route path={ROUTES.eventById} element={<EventPage />} />
        </Routes>
      </BrowserRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Ticket Pricing' });
    const member = within(list).getByText('Member').closest('li') as HTMLElement;
    expect(within(member).getByText('3 left')).toBeTruthy();
    const guest = within(list).getByText('Guest').closest('li') as HTMLElement;
    expect(within(guest).queryByText(/left/)).toBeNull();
  });
});

describe("'n left' in the registration form's type choice", () => {
  it('says what is left in the option; a sold-out type is marked and cannot be chosen, and is not the default', () => {
    render(
      <MemoryRouter>
        <RegistrationForm event={{ ...soldOutGuest, ticketsLeft: { Member: 0, Guest: 3 } }} />
      </MemoryRouter>,
    );
    const select = screen.getByRole('combobox', { name: /Ticket type/ }) as HTMLSelectElement;
    const member = within(select).getByRole('option', { name: 'Member — $35.00 (Sold out)' }) as HTMLOptionElement;
    const guest = within(select).getByRole('option', { name: 'Guest — $45.00 (3 left)' }) as HTMLOptionElement;
    expect(member.disabled).toBe(true);
    expect(guest.disabled).toBe(false);
    expect(select.value).toBe('Guest');
  });
});
