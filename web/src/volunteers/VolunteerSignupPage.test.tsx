import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function open(address: string) {
  window.history.replaceState(null, '', address);
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
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
