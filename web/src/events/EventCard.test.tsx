import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicEventRecord } from '@shared/events-model.js';
import { eventRecord } from '../test/fixtures.js';
import { EventCard } from './EventCard.js';

// The shared fixture, two seats of which one is taken: 'Condor Talk', a paid event.
const event: PublicEventRecord = eventRecord({ maxAttendees: 2, attendeeCount: 1 });

const card = (overrides: Partial<PublicEventRecord>) =>
  render(
    <MemoryRouter>
      <EventCard event={{ ...event, ...overrides }} />
    </MemoryRouter>,
  );

describe('EventCard: a full event (issue 24 item 6)', () => {
  it("offers 'Buy Tickets' while seats are left", () => {
    card({});
    expect(screen.getByRole('link', { name: 'Buy Tickets for Condor Talk' })).toBeTruthy();
    expect(screen.queryByText('Sold out')).toBeNull();
  });

  it("says 'Sold out' instead, with no ticket link, once every seat is taken", () => {
    card({ attendeeCount: 2, heldSeats: 1 });
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Buy Tickets|Register Now/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Learn More about Condor Talk' })).toBeTruthy();
  });
});

describe('EventCard: an end and a registration deadline (issue 26 item 4)', () => {
  it('shows the end time on the same day, and both dates across days', () => {
    card({ endDate: '2027-07-04T02:30:00.000Z' });
    expect(screen.getByText('Saturday, July 3, 2027, 6:30 PM – 8:30 PM MDT')).toBeTruthy();
    cleanup();
    card({ endDate: '2027-07-05T18:00:00.000Z' });
    expect(screen.getByText('Saturday, July 3, 2027 at 6:30 PM MDT – Monday, July 5, 2027 at 12:00 PM MDT')).toBeTruthy();
  });

  it("offers no 'Buy Tickets' once registration has closed, and says so", () => {
    card({ registrationClosesAt: new Date(Date.now() - 60_000).toISOString() });
    expect(screen.getByText('Registration closed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Buy Tickets|Register Now/ })).toBeNull();
    cleanup();
    card({ registrationClosesAt: new Date(Date.now() + 60_000).toISOString() });
    expect(screen.getByRole('link', { name: 'Buy Tickets for Condor Talk' })).toBeTruthy();
  });
});
