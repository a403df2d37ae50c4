import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { VOLUNTEER_MESSAGES } from '@shared/volunteers-model.js';
import { ROUTES } from '../routes.js';
import VolunteerPage from './VolunteerPage.js';

// 15:00-18:00 UTC on December 5, 2026: 8:00-11:00 AM in the organisation's zone (America/Denver).
const shift = (id: string, filled: number, extra: object = {}) => ({ id, start: '2026-12-05T15:00:00.000Z', end: '2026-12-05T18:00:00.000Z', place: 'Grafton trailhead', capacity: 5, minimum: 4, filled, ...extra });
const groups = [
  {
    event: { id: 'E1', title: 'Riverside Restoration Day', date: '2026-12-05T15:00:00.000Z', customUrl: 'restoration' },
    roles: [
      { id: 'r1', title: 'Planting crew', description: 'Plant willows along the river.', freeTicket: true, shifts: [shift('s1', 2), shift('s2', 5, { start: '2026-12-05T18:30:00.000Z', end: '2026-12-05T21:30:00.000Z' })] },
    ],
  },
  { event: null, roles: [{ id: 'r2', title: 'Monthly trail crew', description: '', shifts: [shift('s3', 4, { minimum: 2 })] }] },
];

type Reply = { status: number; body: object };
let replies: Reply[];
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
  const reply = replies.shift();
  if (!reply) throw new Error('no reply left');
  return Response.json(reply.body, { status: reply.status });
});

function open() {
  window.history.replaceState(null, '', '/volunteer');
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  render(
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.volunteer} element={<VolunteerPage />} />
      </Routes>
    </BrowserRouter>,
  );
}
const shiftItem = (name: RegExp) => screen.getByRole('listitem', { name });

describe('VolunteerPage (issue 29 item 1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('groups the roles by event, standalone last, each shift with its time, place, filled count, needs and Full', async () => {
    replies = [{ status: 200, body: { success: true, groups } }];
    open();
    expect(await screen.findByRole('heading', { name: 'Riverside Restoration Day' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Riverside Restoration Day' }).getAttribute('href')).toBe('/restoration');
    expect(screen.getByRole('heading', { name: VOLUNTEER_MESSAGES.standaloneHeading })).toBeTruthy();
    expect(screen.getByText('Plant willows along the river.')).toBeTruthy();
    // Issue 29 item 4: a role with a free ticket says so; the others do not.
    expect(screen.getAllByText(VOLUNTEER_MESSAGES.freeTicketNote)).toHaveLength(1);
    const morning = shiftItem(/Planting crew, Saturday, December 5, 2026, 8:00 AM – 11:00 AM MST/);
    expect(within(morning).getByText('Grafton trailhead')).toBeTruthy();
    expect(within(morning).getByText('filled 2 of 5')).toBeTruthy();
    expect(within(morning).getByText('needs 2 more')).toBeTruthy();
    expect(within(morning).getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton })).toBeTruthy();
    const full = shiftItem(/Planting crew, .*11:30 AM – 2:30 PM MST/);
    expect(within(full).getByText('filled 5 of 5')).toBeTruthy();
    expect(within(full).getByText(VOLUNTEER_MESSAGES.full)).toBeTruthy();
    expect(within(full).queryByRole('button')).toBeNull();
    const crew = shiftItem(/Monthly trail crew/);
    expect(within(crew).queryByText(/needs/)).toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toContain('/volunteer');
  });

  it("gives each event's group the anchor an event page links to (/volunteer#event-<id>) and scrolls there once loaded", async () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    replies = [{ status: 200, body: { success: true, groups } }];
    window.history.replaceState(null, '', '/volunteer#event-E1');
    vi.stubGlobal('fetch', fetchMock);
    render(
      <BrowserRouter>
        <Routes>
          <Route path={ROUTES.volunteer} element={<VolunteerPage />} />
        </Routes>
      </BrowserRouter>,
    );
    const heading = await screen.findByRole('heading', { name: 'Riverside Restoration Day' });
    expect(heading.closest('section')!.id).toBe('event-E1');
    await vi.waitFor(() => expect(scrolled).toEqual(['event-E1']));
  });

  it('says so when no shift is open, and when the list cannot be loaded', async () => {
    replies = [{ status: 200, body: { success: true, groups: [] } }];
    open();
    expect(await screen.findByText(VOLUNTEER_MESSAGES.none)).toBeTruthy();
  });

  it('a failed load shows the message', async () => {
    replies = [{ status: 500, body: { success: false, message: 'boom' } }];
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(VOLUNTEER_MESSAGES.loadFailed);
  });
});

describe('the sign-up form (issue 29 item 2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('checks the fields before asking, sends name, e-mail, phone and note, then thanks and counts the place', async () => {
    replies = [{ status: 200, body: { success: true, groups } }, { status: 201, body: { success: true, message: VOLUNTEER_MESSAGES.signedUp } }];
    open();
    const user = userEvent.setup();
    await screen.findByText('filled 2 of 5');
    const morning = shiftItem(/Planting crew, .*8:00 AM/);
    await user.click(within(morning).getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }));
    const form = within(morning).getByRole('form');
    await user.type(within(form).getByLabelText(/Phone/), 'call me');
    await user.click(within(form).getByRole('button', { name: VOLUNTEER_MESSAGES.submitButton }));
    expect(within(form).getByText(VOLUNTEER_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(form).getByText(VOLUNTEER_MESSAGES.emailInvalid)).toBeTruthy();
    expect(within(form).getByText(VOLUNTEER_MESSAGES.phoneInvalid)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(within(form).getByLabelText(/Name/), 'Ada Lovelace');
    await user.type(within(form).getByLabelText(/E-mail/), 'ada@example.org');
    await user.clear(within(form).getByLabelText(/Phone/));
    await user.type(within(form).getByLabelText(/Phone/), '435 555 0100');
    await user.type(within(form).getByLabelText(/Note/), 'Bringing gloves');
    await user.click(within(form).getByRole('button', { name: VOLUNTEER_MESSAGES.submitButton }));
    expect(await within(morning).findByText(VOLUNTEER_MESSAGES.signedUp)).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toContain('/volunteer/shifts/s1/signups');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({ name: 'Ada Lovelace', email: 'ada@example.org', phone: '435 555 0100', note: 'Bringing gloves' });
    expect(within(morning).getByText('filled 3 of 5')).toBeTruthy();
    expect(within(morning).getByText('needs 1 more')).toBeTruthy();
  });

  it("shows the server's refusal (a full shift, an overlapping one) above the button, and a field's under it", async () => {
    replies = [
      { status: 200, body: { success: true, groups } },
      { status: 409, body: { success: false, code: 'VOLUNTEER_SHIFT_OVERLAP', message: VOLUNTEER_MESSAGES.overlap } },
      { status: 409, body: { success: false, code: 'VOLUNTEER_LIMIT_REACHED', message: VOLUNTEER_MESSAGES.tooMany(4), errors: { email: VOLUNTEER_MESSAGES.tooMany(4) } } },
    ];
    open();
    const user = userEvent.setup();
    await screen.findByText('filled 2 of 5');
    const morning = shiftItem(/Planting crew, .*8:00 AM/);
    await user.click(within(morning).getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }));
    const form = within(morning).getByRole('form');
    await user.type(within(form).getByLabelText(/Name/), 'Ada Lovelace');
    await user.type(within(form).getByLabelText(/E-mail/), 'ada@example.org');
    await user.click(within(form).getByRole('button', { name: VOLUNTEER_MESSAGES.submitButton }));
    expect((await within(form).findByRole('alert')).textContent).toBe(VOLUNTEER_MESSAGES.overlap);
    await user.click(within(form).getByRole('button', { name: VOLUNTEER_MESSAGES.submitButton }));
    expect(await within(form).findByText(VOLUNTEER_MESSAGES.tooMany(4))).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('');
    expect(within(morning).getByText('filled 2 of 5')).toBeTruthy();
  });
});
