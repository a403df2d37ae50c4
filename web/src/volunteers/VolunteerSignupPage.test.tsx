import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VOLUNTEER_PASS_TEXT } from '@shared/volunteer-pass-model.js';
import { VOLUNTEER_ADMIN_MESSAGES } from '@shared/volunteers-admin-model.js';
import { VOLUNTEER_MESSAGES } from '@shared/volunteers-model.js';
import { ROUTES } from '../routes.js';
import VolunteerSignupPage from './VolunteerSignupPage.js';

const signup = {
  id: 'v1',
  status: 'active',
  name: 'Ada Lovelace',
  role: { title: 'First aid', description: '' },
  shift: { start: '2026-12-05T15:00:00.000Z', end: '2026-12-05T18:00:00.000Z', place: 'First-aid post' },
  event: { id: 'E1', title: 'Riverside Restoration Day', customUrl: 'restoration' },
};

type Reply = { status: number; body: object };
let replies: Reply[];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
  const reply = replies.shift();
  if (!reply) throw new Error('no reply left');
  return Response.json(reply.body, { status: reply.status });
});

/** The pass (issue 29 item 5), asked for apart from the page's own calls. */
const pass = { success: true, code: 'v1', qr: { size: 29, path: 'M4 4h7v1h-7z' } };
const passMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json(pass));

function open(address: string) {
  window.history.replaceState(null, '', address);
  fetchMock.mockClear();
  passMock.mockClear();
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => (String(url).endsWith('/pass') ? passMock(url, init) : fetchMock(url, init)));
  render(
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.volunteerSignup} element={<VolunteerSignupPage />} />
      </Routes>
    </BrowserRouter>,
  );
}
const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1].body)) as Record<string, unknown>;

describe('VolunteerSignupPage (issue 29 item 2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows the role, the shift and the event; Cancel my shift after a confirmation, the key in the body', async () => {
    replies = [
      { status: 200, body: { success: true, signup } },
      { status: 200, body: { success: true, message: VOLUNTEER_MESSAGES.cancelled, signup: { ...signup, status: 'cancelled' } } },
    ];
    open('/volunteer/signup/v1#key=s3cret');
    expect(await screen.findByText('First aid')).toBeTruthy();
    expect(screen.getByText('Riverside Restoration Day')).toBeTruthy();
    expect(screen.getByText('Saturday, December 5, 2026')).toBeTruthy();
    expect(screen.getByText('8:00 AM – 11:00 AM MST')).toBeTruthy();
    expect(screen.getByText('First-aid post')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toContain('/volunteer/signups/v1/view');
    expect(bodyOf(0)).toEqual({ key: 's3cret' });
    // The secret leaves the address bar.
    expect(window.location.hash).toBe('');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: VOLUNTEER_MESSAGES.cancelButton }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('alertdialog', { name: VOLUNTEER_MESSAGES.cancelConfirm });
    await user.click(dialog.querySelector('.btn-primary') as HTMLElement);
    expect(await screen.findByText(VOLUNTEER_MESSAGES.cancelled)).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toContain('/volunteer/signups/v1/cancel');
    expect(bodyOf(1)).toEqual({ key: 's3cret' });
    expect(screen.queryByRole('button', { name: VOLUNTEER_MESSAGES.cancelButton })).toBeNull();
    // A cancelled shift has no pass to show.
    expect(screen.queryByRole('img', { name: VOLUNTEER_PASS_TEXT.label })).toBeNull();
  });

  it('shows the pass the door scans: the QR code the server drew and its code, asked for with the key (issue 29 item 5)', async () => {
    replies = [{ status: 200, body: { success: true, signup } }];
    open('/volunteer/signup/v1#key=s3cret');
    const qr = await screen.findByRole('img', { name: VOLUNTEER_PASS_TEXT.label });
    expect(qr.querySelector('path')!.getAttribute('d')).toBe('M4 4h7v1h-7z');
    expect(qr.getAttribute('viewBox')).toBe('0 0 29 29');
    expect(screen.getByRole('heading', { name: VOLUNTEER_PASS_TEXT.title })).toBeTruthy();
    expect(screen.getByText('v1', { selector: 'code' })).toBeTruthy();
    expect(String(passMock.mock.calls[0]![0])).toContain('/volunteer/signups/v1/pass');
    expect(JSON.parse(String(passMock.mock.calls[0]![1].body))).toEqual({ key: 's3cret' });
  });

  it('a cancelled sign-up asks for no pass', async () => {
    replies = [{ status: 200, body: { success: true, signup: { ...signup, status: 'cancelled' } } }];
    open('/volunteer/signup/v1#key=s3cret');
    expect(await screen.findByText(VOLUNTEER_MESSAGES.alreadyCancelled)).toBeTruthy();
    expect(passMock).not.toHaveBeenCalled();
  });

  it('swaps to another shift of the same role: the choices asked for on opening, the key in the body, then the new shift shown', async () => {
    const later = { id: 's2', start: '2026-12-06T15:00:00.000Z', end: '2026-12-06T18:00:00.000Z', place: 'Kolob gate', capacity: 4, filled: 1 };
    replies = [
      { status: 200, body: { success: true, signup } },
      { status: 200, body: { success: true, shifts: [later] } },
      { status: 409, body: { success: false, code: 'VOLUNTEER_SHIFT_FULL', message: VOLUNTEER_ADMIN_MESSAGES.targetFull } },
      { status: 200, body: { success: true, message: VOLUNTEER_ADMIN_MESSAGES.swapped } },
      { status: 200, body: { success: true, signup: { ...signup, shift: { start: later.start, end: later.end, place: 'Kolob gate' } } } },
    ];
    open('/volunteer/signup/v1#key=s3cret');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: VOLUNTEER_ADMIN_MESSAGES.swapHeading }));
    const choice = await screen.findByRole('radio', { name: /Sunday, December 6, 2026.*Kolob gate \(filled 1 of 4\)/ });
    expect((choice as HTMLInputElement).checked).toBe(true);
    expect(fetchMock.mock.calls[1]![0]).toContain('/volunteer/signups/v1/swap-options');
    expect(bodyOf(1)).toEqual({ key: 's3cret' });
    // Refused (someone took the last place): the reason shows, the choice stays.
    await user.click(screen.getByRole('button', { name: VOLUNTEER_ADMIN_MESSAGES.swapButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(VOLUNTEER_ADMIN_MESSAGES.targetFull);
    await user.click(screen.getByRole('button', { name: VOLUNTEER_ADMIN_MESSAGES.swapButton }));
    expect(await screen.findByText(VOLUNTEER_ADMIN_MESSAGES.swapped)).toBeTruthy();
    expect(fetchMock.mock.calls[3]![0]).toContain('/volunteer/signups/v1/swap');
    expect(bodyOf(3)).toEqual({ key: 's3cret', shiftId: 's2' });
    expect(await screen.findByText('Kolob gate')).toBeTruthy();
  });

  it("offers 'Add to calendar': the API's Google Calendar link of the shift, and the .ics asked for with the key in the body", async () => {
    const google = 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Volunteer';
    replies = [{ status: 200, body: { success: true, signup: { ...signup, googleCalendarUrl: google } } }];
    open('/volunteer/signup/v1#key=s3cret');
    const section = (await screen.findByRole('heading', { name: VOLUNTEER_MESSAGES.addToCalendar })).closest('section')!;
    const link = within(section).getByRole('link', { name: VOLUNTEER_MESSAGES.googleCalendar });
    expect(link.getAttribute('href')).toBe(google);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    const created: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:ics', revokeObjectURL: (url: string) => created.push(url) }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fetchMock.mockImplementationOnce(async () => new Response('BEGIN:VCALENDAR', { headers: { 'content-disposition': 'attachment; filename="volunteer-first-aid.ics"' } }));
    await userEvent.click(within(section).getByRole('button', { name: VOLUNTEER_MESSAGES.downloadIcs }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.mock.calls[1]![0]).toContain('/volunteer/signups/v1/calendar.ics');
    expect(bodyOf(1)).toEqual({ key: 's3cret' });
    await vi.waitFor(() => expect(created).toEqual(['blob:ics']));
    click.mockRestore();

    // A failed download says so.
    fetchMock.mockImplementationOnce(async () => Response.json({ success: false }, { status: 404 }));
    await userEvent.click(within(section).getByRole('button', { name: VOLUNTEER_MESSAGES.downloadIcs }));
    expect((await within(section).findByRole('alert')).textContent).toBe(VOLUNTEER_MESSAGES.calendarFailed);
  });

  it('a wrong link: the one refusal, no details', async () => {
    replies = [{ status: 404, body: { success: false, code: 'LINK_INVALID', message: VOLUNTEER_MESSAGES.linkInvalid } }];
    open('/volunteer/signup/v1#key=wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(VOLUNTEER_MESSAGES.linkInvalid);
  });

  it('no key at all asks nothing', async () => {
    replies = [];
    open('/volunteer/signup/v1');
    expect((await screen.findByRole('alert')).textContent).toBe(VOLUNTEER_MESSAGES.linkInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
