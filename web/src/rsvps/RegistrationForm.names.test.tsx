import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSON_NAME_MESSAGES } from '@shared/person-name-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { eventRecord } from '../test/fixtures.js';
import RegistrationForm from './RegistrationForm.js';

const event = eventRecord({ requiresPayment: false, ticketTypes: ['General'], ticketPrices: {} });

async function submit(name: string, email = 'ada@example.org') {
  const fetchMock = vi.fn(async () => Response.json({ success: true, message: RSVP_MESSAGES.registered, requiresPayment: false, rsvpId: 'r1' }, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <RegistrationForm event={event} />
    </MemoryRouter>,
  );
  const nameBox = screen.getByRole('textbox', { name: /Name/ });
  await user.type(nameBox, name);
  await user.type(screen.getByRole('textbox', { name: /Email/ }), email);
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return { user, nameBox, fetchMock };
}

/** The text of the elements a control's aria-describedby names. */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the Name field takes a person\'s name only (issue 23 item 3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['acme-login.wtf', PERSON_NAME_MESSAGES.webAddress],
    ['Call +1 888 555 0100 to avoid a $499 charge', PERSON_NAME_MESSAGES.lettersOnly],
  ])('%j: the message shows under the Name field, which takes the focus; nothing is sent', async (name, message) => {
    const { nameBox, fetchMock } = await submit(name);
    expect(nameBox.getAttribute('aria-invalid')).toBe('true');
    expect(description(nameBox)).toBe(message);
    expect(nameBox.closest('.field')?.querySelector('.field-error')?.textContent).toBe(message);
    expect(document.activeElement).toBe(nameBox);
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('editing the name clears its message, and a real name is sent', async () => {
    const { user, nameBox, fetchMock } = await submit('ｅｖｉｌ．ｃｏｍ');
    expect(description(nameBox)).toBe(PERSON_NAME_MESSAGES.webAddress);
    await user.clear(nameBox);
    expect(nameBox.closest('.field')?.querySelector('.field-error')).toBeNull();
    await user.type(nameBox, 'Zoë d’Arc');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Registration Complete' })).toBeTruthy();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({ name: 'Zoë d’Arc' });
  });
});
