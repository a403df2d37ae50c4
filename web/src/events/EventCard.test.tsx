import { render, screen } from '@testing-library/react';
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
