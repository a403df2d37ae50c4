import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventsList } from './EventsList.js';

const event = (n: number) => ({
  id: `e${n}`,
  title: `Walk ${n}`,
  description: '',
  date: '2027-01-01T18:00:00.000Z',
  location: 'Zion',
  maxAttendees: null,
  ticketTypes: ['General'],
  ticketPrices: {},
  requiresPayment: false,
  eventImage: '',
  tags: [],
  isActive: true,
  isArchived: false,
  generateTickets: true,
  allowAdditionalInfo: false,
  customUrl: '',
  attendeeCount: 0,
});

const pages: Record<string, object> = {
  '/api/events?limit=12': { success: true, events: Array.from({ length: 12 }, (_, i) => event(i + 1)), nextCursor: 'c1' },
  '/api/events?limit=12&cursor=c1': { success: true, events: [event(13), event(14)], nextCursor: null },
};

function stubApi(fail = new Set<string>()) {
  const fetchMock = vi.fn(async (url: string) =>
    fail.has(url) ? Response.json({ success: false, message: 'Database unavailable' }, { status: 500 }) : Response.json(pages[url]),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderList = () =>
  render(
    <MemoryRouter>
      <EventsList />
    </MemoryRouter>,
  );

describe('EventsList (issue 13 item 3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first page of 12, then the next page below it on Show more, and no button after the last', async () => {
    const fetchMock = stubApi();
    renderList();
    const list = await screen.findByRole('list', { name: 'Upcoming events' });
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Walk 14')).toBeTruthy();
    expect(within(list).getAllByRole('article').map((card) => card.querySelector('h3')?.textContent)).toEqual(
      Array.from({ length: 14 }, (_, i) => `Walk ${i + 1}`),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/events?limit=12', '/api/events?limit=12&cursor=c1']);
  });

  it('a next page that fails says so, keeps the cards, and Show more tries again', async () => {
    const fail = new Set(['/api/events?limit=12&cursor=c1']);
    stubApi(fail);
    renderList();
    await screen.findByText('Walk 12');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
    expect(screen.getAllByRole('article')).toHaveLength(12);
    fail.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Walk 13')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
