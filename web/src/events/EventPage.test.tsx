import { render, screen, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventRecord } from '../test/fixtures.js';
import { ROUTES } from '../routes.js';
import { EventPage } from './EventPage.js';

let event: object;
const fetchMock = vi.fn(async (url: string) => {
  if (url === '/api/events/E1') return Response.json({ success: true, event });
  // The rest of the page (sponsors, theme, the registration form's data) is not what these tests read.
  return Response.json({ success: false, error: 'not in this test' }, { status: 404 });
});

async function open(overrides: object) {
  event = { ...eventRecord(), ...overrides };
  window.history.replaceState(null, '', '/event/E1');
  vi.stubGlobal('fetch', fetchMock);
  render(
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.eventById} element={<EventPage />} />
      </Routes>
    </BrowserRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Condor Talk' });
  return document.querySelector('.event-hero-info .event-meta') as HTMLElement;
}

describe('EventPage: the location links to a map (issue 26 item 5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links the location to a map search in a new tab, without opener or referrer', async () => {
    const details = await open({ location: 'Zion Lodge, Springdale' });
    const link = within(details).getByRole('link', { name: /^Zion Lodge, Springdale/ });
    expect(link.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=Zion%20Lodge%2C%20Springdale');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows no location line and no link for an empty location', async () => {
    const details = await open({ location: '' });
    expect(within(details).queryByRole('link')).toBeNull();
    expect(details.innerHTML).not.toContain('google.com/maps');
  });
});

describe('EventPage: a cancelled event (issue 26 item 3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says it has been cancelled and offers no registration', async () => {
    await open({ cancelledAt: '2026-11-28T17:00:00.000Z' });
    expect(screen.getByRole('status').textContent).toBe('This event has been cancelled.');
    expect(screen.queryByRole('link', { name: /register|get tickets/i })).toBeNull();
    expect(document.getElementById('register')).toBeNull();
  });

  it('an event not cancelled offers registration as before', async () => {
    await open({});
    expect(screen.queryByText('This event has been cancelled.')).toBeNull();
    expect(document.querySelector('.event-actions a[href="#register"]')).not.toBeNull();
  });
});

describe('EventPage: an end and a registration deadline (issue 26 item 4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the time from start to end, and no 'Buy Tickets' but the closed notice once registration has closed", async () => {
    const details = await open({ endDate: '2027-07-04T02:30:00.000Z', registrationClosesAt: new Date(Date.now() - 1000).toISOString() });
    expect(within(details).getByText('6:30 PM – 8:30 PM MDT')).toBeTruthy();
    expect(within(details).getByText('Saturday, July 3, 2027')).toBeTruthy();
    const header = document.querySelector('.event-actions') as HTMLElement;
    expect(within(header).getByText('Registration closed')).toBeTruthy();
    expect(within(header).queryByRole('link', { name: /Buy Tickets|Register Now/ })).toBeNull();
    expect(await screen.findByText('Registration for this event has closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Continue|Register|Pay/ })).toBeNull();
  });

  it('an event with no end or deadline shows its start time and offers tickets, as before', async () => {
    const details = await open({});
    expect(within(details).getByText('6:30 PM MDT')).toBeTruthy();
    expect(within(document.querySelector('.event-actions') as HTMLElement).getByRole('link', { name: 'Buy Tickets' })).toBeTruthy();
  });
});

describe('EventPage: its volunteer roles (issue 29 item 1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("links 'Volunteer at this event' to its group on the Volunteer page when the API says it has roles", async () => {
    await open({ id: 'E1', hasVolunteerRoles: true });
    const header = document.querySelector('.event-actions') as HTMLElement;
    expect(within(header).getByRole('link', { name: 'Volunteer at this event' }).getAttribute('href')).toBe('/volunteer#event-E1');
  });

  it('shows no such link without roles', async () => {
    await open({ id: 'E1' });
    expect(screen.queryByRole('link', { name: 'Volunteer at this event' })).toBeNull();
  });
});
