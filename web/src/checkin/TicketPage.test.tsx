import { render, screen, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { googleCalendarUrl } from '@shared/calendar-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { SELF_SERVICE_MESSAGES } from '@shared/self-service-model.js';
import { ROUTES } from '../routes.js';
import TicketPage from './TicketPage.js';

const qr = { size: 29, path: 'M4 4h7v1h-7zM12 4h1v1h-1z' };
const active: TicketView = {
  id: 'T1',
  attendee: { name: 'Ann Lee', email: 'ann@example.org', ticketType: 'Member' },
  event: { id: 'E1', title: 'Bat Walk', date: '2027-06-14T02:30:00.000Z', location: 'Springdale', customUrl: 'bat-walk' },
  checkedIn: false,
  checkedInAt: null,
  checkedInBy: null,
  qr,
};

let reply: object;
const fetchMock = vi.fn(async (url: string) => {
  if (url === '/api/checkin/T1?format=json') return Response.json(reply);
  throw new Error(`unexpected ${url}`);
});

async function open(body: object) {
  reply = body;
  window.history.replaceState(null, '', '/checkin/T1');
  vi.stubGlobal('fetch', fetchMock);
  render(
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.ticket} element={<TicketPage />} />
      </Routes>
    </BrowserRouter>,
  );
  return screen.findByRole('heading', { name: 'Bat Walk' });
}

const code = () => document.querySelector('svg[data-ticket-qr]');

describe('TicketPage (issue 25 item 1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("draws the server's QR code black on its own white square, with 'Add to calendar' links", async () => {
    await open({ success: true, ticket: active });
    const svg = screen.getByRole('img', { name: 'QR code of your ticket, to be scanned at the door' });
    expect(svg).toBe(code());
    expect(svg.getAttribute('viewBox')).toBe('0 0 29 29');
    // Dark on light whatever the theme: the colours are the SVG's own, not the page's.
    expect(svg.querySelector('rect')?.getAttribute('fill')).toBe('#fff');
    expect(svg.querySelector('rect')?.getAttribute('width')).toBe('29');
    expect(svg.querySelector('path')?.getAttribute('fill')).toBe('#000');
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(qr.path);
    expect(screen.getByText('Not Checked In')).toBeTruthy();

    const calendar = screen.getByRole('region', { name: 'Add to calendar' });
    expect(within(calendar).getByRole('link', { name: 'Google Calendar' }).getAttribute('href')).toBe(
      googleCalendarUrl({ title: 'Bat Walk', start: active.event.date, location: 'Springdale', ticketUrl: `${location.origin}/checkin/T1` }),
    );
    expect(within(calendar).getByRole('link', { name: 'Download .ics' }).getAttribute('href')).toBe('/api/checkin/T1/calendar.ics');
    expect(screen.queryByText(/saved on this device/)).toBeNull();
    // Issue 25 item 4: the way to give the seat back, to the page that e-mails the ticket's holder a link.
    expect(screen.getByRole('link', { name: "Can't come? Cancel your ticket" }).getAttribute('href')).toBe('/ticket/T1/manage');
  });

  it("offers no 'Can't come?' once the event has started", async () => {
    await open({ success: true, ticket: { ...active, event: { ...active.event, date: '2026-01-01T02:30:00.000Z' } } });
    expect(screen.queryByRole('link', { name: /Can't come/ })).toBeNull();
  });

  it("a checked-in ticket says 'Checked In' with the time and who", async () => {
    await open({ success: true, ticket: { ...active, checkedIn: true, checkedInAt: '2026-06-14T02:05:00.000Z', checkedInBy: 'door@example.org' } });
    expect(screen.getByText('Checked In')).toBeTruthy();
    const checkIn = screen.getByRole('region', { name: 'Check-in' });
    expect(within(checkIn).getByText('Saturday, June 13, 2026 at 8:05 PM MDT')).toBeTruthy();
    expect(within(checkIn).getByText('door@example.org')).toBeTruthy();
    expect(screen.queryByText('Present this screen to event staff for check-in')).toBeNull();
    expect(screen.queryByRole('link', { name: /Can't come/ })).toBeNull();
  });

  it("a cancelled ticket says 'Cancelled' and shows no code and no calendar, even if a code came", async () => {
    await open({ success: true, ticket: { ...active, cancelled: { refunded: false, at: null } } });
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This ticket was cancelled, so it cannot be used for entry.');
    expect(code()).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add to calendar' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Can't come/ })).toBeNull();
  });

  it("a transferred ticket says it was given to someone else, with when, and shows no code, no calendar and no 'Can't come?' (issue 25 item 3)", async () => {
    await open({ success: true, ticket: { ...active, cancelled: { refunded: false, at: '2026-11-20T18:00:00.000Z', transferred: true } } });
    expect(screen.getByText('Transferred')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(`${SELF_SERVICE_MESSAGES.ticketTransferred} It was transferred on Friday, November 20, 2026 at 11:00 AM MST.`);
    expect(code()).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add to calendar' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Can't come/ })).toBeNull();
    expect(screen.queryByText('Present this screen to event staff for check-in')).toBeNull();
  });

  it('the copy the service worker kept says it is saved on this device and when it was fetched', async () => {
    const savedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    await open({ success: true, ticket: active, savedAt });
    expect(screen.getByRole('status').textContent).toBe('No connection: this is the copy of your ticket saved on this device. Last updated 5 minutes ago.');
    expect(code()).not.toBeNull();
  });
});
