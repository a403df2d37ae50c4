import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES, positionText } from '@shared/waitlist-model.js';
import WaitlistJoinForm from './WaitlistJoinForm.js';

type Reply = { status: number; body: object };
let replies: Reply[];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
  const reply = replies.shift();
  if (!reply) throw new Error('no reply left');
  return Response.json(reply.body, { status: reply.status });
});
const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1].body)) as Record<string, unknown>;

function show(limit = 3) {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  render(<WaitlistJoinForm event={{ id: 'E9', maxRegistrationsPerEmail: limit }} />);
}

async function fill({ name = 'Ada Lovelace', email = 'ada@example.org', seats = '2' } = {}) {
  if (name) await userEvent.type(screen.getByLabelText(/^Name/), name);
  if (email) await userEvent.type(screen.getByLabelText(/^Email/), email);
  const seatsInput = screen.getByLabelText(WAITLIST_MESSAGES.seatsLabel);
  await userEvent.clear(seatsInput);
  if (seats) await userEvent.type(seatsInput, seats);
}
const submit = () => userEvent.click(screen.getByRole('button', { name: WAITLIST_MESSAGES.joinButton }));

describe('WaitlistJoinForm (issue 28 item 1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('joins with the choice made and shows the place in line', async () => {
    replies = [{ status: 201, body: { success: true, message: WAITLIST_MESSAGES.joined, position: 4, alreadyOnList: false } }];
    show();
    await fill();
    await userEvent.click(screen.getByLabelText(WAITLIST_MESSAGES.fewerLabel));
    await submit();
    expect(await screen.findByText(positionText(4))).toBeTruthy();
    expect(screen.getByText(WAITLIST_MESSAGES.joined)).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toContain('/events/E9/waitlist');
    expect(bodyOf(0)).toEqual({ name: 'Ada Lovelace', email: 'ada@example.org', seats: 2, together: false });
  });

  it.each([
    ['an empty name', { name: '' }, /^Name/, WAITLIST_MESSAGES.nameRequired],
    ['a bad e-mail', { email: 'not-an-address' }, /^Email/, WAITLIST_MESSAGES.emailInvalid],
    ['seats over the limit', { seats: '4' }, WAITLIST_MESSAGES.seatsLabel, WAITLIST_MESSAGES.seatsOverLimit(3)],
    ['no seats', { seats: '0' }, WAITLIST_MESSAGES.seatsLabel, WAITLIST_MESSAGES.seatsInvalid],
  ] as const)('%s: the shared message under its field, nothing sent', async (_, input, label, message) => {
    replies = [];
    show(3);
    await fill(input);
    await submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refusal of the server (the event has seats again) is said above the button', async () => {
    replies = [{ status: 409, body: { success: false, code: 'WAITLIST_NOT_FULL', message: WAITLIST_MESSAGES.notFull } }];
    show();
    await fill();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain(WAITLIST_MESSAGES.notFull);
  });

  it('a field the server refuses is marked with its message', async () => {
    replies = [{ status: 400, body: { success: false, code: 'REGISTRATION_LIMIT_REACHED', message: WAITLIST_MESSAGES.seatsOverLimit(2), errors: { seats: WAITLIST_MESSAGES.seatsOverLimit(2) } } }];
    show(3);
    await fill({ seats: '3' });
    await submit();
    expect(await screen.findByText(WAITLIST_MESSAGES.seatsOverLimit(2))).toBeTruthy();
  });
});
