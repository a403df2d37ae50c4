import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_TIME_MESSAGES, REFUND_RULE_MESSAGE, type EventRecord } from '@shared/events-model.js';
import { MESSAGES } from '@shared/messages.js';
import { QUOTA_MESSAGES } from '@shared/quotas-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { UnsavedChangesProvider, useConfirmLeave } from '../../staff/unsavedChanges.js';
import { eventRecord } from '../../test/fixtures.js';
import { renderStaff } from '../../test/staff.js';
import { EventForm } from './EventForm.js';

const stored = eventRecord();

let save: (path: string, options: RequestOptions) => Promise<unknown>;
const request = vi.fn(async (path: string, options: RequestOptions = {}) => save(path, options));
const onClose = vi.fn();
/** The calls that save (the form also loads the Mailchimp audiences for its select). */
const saves = () => request.mock.calls.filter(([path]) => path !== '/mailchimp/audiences');

function TabSwitch() {
  const confirmLeave = useConfirmLeave();
  return (
    <button type="button" onClick={() => confirmLeave(onClose)}>
      Other tab
    </button>
  );
}

function renderForm(event?: EventRecord) {
  return renderStaff(
    <UnsavedChangesProvider>
      <TabSwitch />
      <EventForm event={event} onClose={onClose} />
    </UnsavedChangesProvider>,
    { request },
  );
}

describe('EventForm', () => {
  beforeEach(() => {
    request.mockClear();
    onClose.mockClear();
    save = async () => ({ success: true, event: stored });
  });

  it('shows the required fields’ errors beside them and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Location is required')).toBeTruthy();
    expect(screen.getByLabelText(/Title/).getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toEqual([]);
  });

  it('names the time zone; creates with the wall-clock time, prices and tags as the schema reads them', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText(/Date and time \(America\/Denver\)/)).toBeTruthy();
    await user.type(screen.getByLabelText(/Title/), 'Night Walk');
    await user.type(screen.getByLabelText(/Date and time/), '2027-01-10T18:00');
    await user.type(screen.getByLabelText(/Location/), 'Lodge');
    await user.click(screen.getByLabelText('Requires payment'));
    await user.type(screen.getByLabelText('Price of ticket type 1 (USD)'), '12.5');
    await user.type(screen.getByLabelText('New ticket type'), 'VIP');
    await user.click(screen.getByRole('button', { name: 'Add ticket type' }));
    await user.type(screen.getByLabelText('Price of ticket type 2 (USD)'), '40');
    await user.type(screen.getByLabelText('Tags'), ' night, ,family ');
    await user.type(screen.getByLabelText('Custom URL'), 'Night Walk');
    expect(screen.getByText(/\/night-walk$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [path, options] = saves()[0];
    expect(path).toBe('/events');
    expect(options?.body).toMatchObject({
      title: 'Night Walk',
      date: '2027-01-10T18:00',
      ticketTypes: ['General', 'VIP'],
      ticketPrices: { General: 12.5, VIP: 40 },
      requiresPayment: true,
      tags: ['night', 'family'],
      customUrl: 'night-walk',
      maxAttendees: null,
    });
  });

  describe("'Confirm by e-mail' (issue 23)", () => {
    const box = () => screen.queryByRole('checkbox', { name: 'Confirm by e-mail' }) as HTMLInputElement | null;

    async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
      await user.type(screen.getByLabelText(/Title/), 'Star Party');
      await user.type(screen.getByLabelText(/Date and time/), '2027-01-10T18:00');
      await user.type(screen.getByLabelText(/Location/), 'Lodge');
    }

    it('a new event shows the default (on once free with a maximum) and, untouched, leaves it to the server', async () => {
      const user = userEvent.setup();
      renderForm();
      expect(box()?.checked).toBe(false);
      expect(screen.getByText(/holds its seat for 30 minutes until the person opens the link/)).toBeTruthy();
      expect(box()?.getAttribute('aria-describedby')).toBeTruthy();
      await fillRequired(user);
      await user.type(screen.getByLabelText('Maximum attendees'), '2');
      expect(box()?.checked).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Create Event' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      const body = saves()[0][1]?.body as Record<string, unknown>;
      expect(body).toMatchObject({ maxAttendees: 2, requiresPayment: false });
      expect(body).not.toHaveProperty('confirmByEmail');
    });

    it('a new event, once the box is touched, is saved as shown: unticked with a maximum, ticked without one', async () => {
      const user = userEvent.setup();
      const { unmount } = renderForm();
      await fillRequired(user);
      await user.type(screen.getByLabelText('Maximum attendees'), '20');
      await user.click(box()!);
      expect(box()?.checked).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Create Event' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(saves()[0][1]?.body).toMatchObject({ maxAttendees: 20, confirmByEmail: false });
      unmount();

      request.mockClear();
      onClose.mockClear();
      renderForm();
      await fillRequired(user);
      await user.click(box()!);
      expect(box()?.checked).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Create Event' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(saves()[0][1]?.body).toMatchObject({ maxAttendees: null, confirmByEmail: true });
    });

    it('is offered for free events only', async () => {
      const user = userEvent.setup();
      renderForm();
      expect(box()).not.toBeNull();
      await user.click(screen.getByLabelText('Requires payment'));
      expect(box()).toBeNull();
      await user.click(screen.getByLabelText('Requires payment'));
      expect(box()).not.toBeNull();
    });

    it('editing shows the stored value and sends it only when changed', async () => {
      const user = userEvent.setup();
      renderForm(eventRecord({ requiresPayment: false, ticketTypes: ['General'], ticketPrices: {}, maxAttendees: 40, confirmByEmail: false }));
      // Stored off, though the event is free with a maximum: the stored value, not the default.
      expect(box()?.checked).toBe(false);
      await user.click(box()!);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(saves().length).toBeGreaterThan(0));
      expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { confirmByEmail: true } }, 'Failed to save event');
    });

    it('editing an event stored with it on shows it ticked', () => {
      renderForm(eventRecord({ requiresPayment: false, ticketTypes: ['General'], ticketPrices: {}, maxAttendees: null, confirmByEmail: true }));
      expect(box()?.checked).toBe(true);
    });

    it('a paid event being edited does not offer it', () => {
      renderForm(stored);
      expect(box()).toBeNull();
    });
  });

  describe('refund rule (issue 25 item 4)', () => {
    const field = () => screen.queryByLabelText('Refund if an attendee cancels (hours before the start)') as HTMLInputElement | null;

    it('is offered for paid events only; a new one shows 48 and creates with it', async () => {
      const user = userEvent.setup();
      renderForm();
      expect(field()).toBeNull();
      await user.click(screen.getByLabelText('Requires payment'));
      expect(field()?.value).toBe('48');
      await user.type(screen.getByLabelText(/Title/), 'Star Party');
      await user.type(screen.getByLabelText(/Date and time/), '2027-01-10T18:00');
      await user.type(screen.getByLabelText(/Location/), 'Lodge');
      await user.type(screen.getByLabelText('Price of ticket type 1 (USD)'), '25');
      await user.click(screen.getByRole('button', { name: 'Create Event' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(saves()[0][1]?.body).toMatchObject({ requiresPayment: true, refundUntilHoursBefore: 48 });
    });

    it('editing without touching it keeps the stored value: it is not sent', async () => {
      const user = userEvent.setup();
      renderForm(eventRecord({ refundUntilHoursBefore: 72 }));
      expect(field()?.value).toBe('72');
      await user.clear(screen.getByLabelText(/Title/));
      await user.type(screen.getByLabelText(/Title/), 'Condor Dinner');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(saves().length).toBeGreaterThan(0));
      expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { title: 'Condor Dinner' } }, 'Failed to save event');
    });

    it('cleared, it sends null: no refunds', async () => {
      const user = userEvent.setup();
      renderForm(eventRecord({ refundUntilHoursBefore: 72 }));
      await user.clear(field()!);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(saves().length).toBeGreaterThan(0));
      expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { refundUntilHoursBefore: null } }, 'Failed to save event');
    });

    it('a fractional number of hours is refused on the field with the shared message, and nothing is sent', async () => {
      const user = userEvent.setup();
      renderForm(eventRecord({ refundUntilHoursBefore: 72 }));
      await user.clear(field()!);
      await user.type(field()!, '1.5');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText(REFUND_RULE_MESSAGE)).toBeTruthy();
      expect(field()!.getAttribute('aria-invalid')).toBe('true');
      expect(saves()).toEqual([]);
    });
  });

  describe('end and registration deadline (issue 26 item 4)', () => {
    it('an end before the start and a deadline after it are refused on their fields with the shared messages, and nothing is sent', async () => {
      const user = userEvent.setup();
      renderForm(stored);
      await user.type(screen.getByLabelText(/Ends/), '2027-07-03T17:00');
      await user.type(screen.getByLabelText(/Registration closes/), '2027-07-03T19:00');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText(EVENT_TIME_MESSAGES.endBeforeStart)).toBeTruthy();
      expect(screen.getByText(EVENT_TIME_MESSAGES.deadlineAfterStart)).toBeTruthy();
      expect(screen.getByLabelText(/Ends/).getAttribute('aria-invalid')).toBe('true');
      expect(saves()).toEqual([]);
    });

    it('editing sends only the new end and deadline; clearing a stored end sends null', async () => {
      const user = userEvent.setup();
      renderForm(stored);
      await user.type(screen.getByLabelText(/Ends/), '2027-07-03T21:00');
      await user.type(screen.getByLabelText(/Registration closes/), '2027-07-02T12:00');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(saves().length).toBeGreaterThan(0));
      expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { endDate: '2027-07-03T21:00', registrationClosesAt: '2027-07-02T12:00' } }, 'Failed to save event');
    });

    it('shows a stored end in the organisation time zone, and clearing it sends null', async () => {
      const user = userEvent.setup();
      renderForm(eventRecord({ endDate: '2027-07-04T03:00:00.000Z' }));
      const end = screen.getByLabelText(/Ends/) as HTMLInputElement;
      expect(end.value).toBe('2027-07-03T21:00');
      await user.clear(end);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(saves().length).toBeGreaterThan(0));
      expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { endDate: null } }, 'Failed to save event');
    });
  });

  describe('quota per ticket type (issue 26 item 4)', () => {
    const quota = (index: number) => screen.getByLabelText(`Quota of ticket type ${index}`) as HTMLInputElement;

    it('a quota that is not a whole number of at least 1, or above the maximum, is refused on its row with the shared message; nothing is sent', async () => {
      const user = userEvent.setup();
      renderForm(stored);
      await user.type(quota(1), '0');
      await user.type(quota(2), '41');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText(QUOTA_MESSAGES.whole)).toBeTruthy();
      expect(screen.getByText(QUOTA_MESSAGES.aboveCapacity('Guest'))).toBeTruthy();
      expect(quota(1).getAttribute('aria-invalid')).toBe('true');
      expect(quota(2).getAttribute('aria-invalid')).toBe('true');
      expect(saves()).toEqual([]);
    });

    it('shows stored quotas and sends only the quotas when one changes; an emptied quota is left out (no quota)', async () => {
      const user = userEvent.setup();
      renderForm(eventRecord({ ticketQuotas: { Member: 20, Guest: 10 } }));
      expect(quota(1).value).toBe('20');
      expect(quota(2).value).toBe('10');
      await user.clear(quota(1));
      await user.type(quota(1), '3');
      await user.clear(quota(2));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(saves().length).toBeGreaterThan(0));
      expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { ticketQuotas: { Member: 3 } } }, 'Failed to save event');
    });

    it("puts the API's refusal of a quota below the tickets taken on that type's row", async () => {
      const below = QUOTA_MESSAGES.belowTaken('Guest', 4);
      save = async () => {
        throw new ApiError(below, 409, 'QUOTA_BELOW_TAKEN', { 'ticketQuotas.Guest': below });
      };
      const user = userEvent.setup();
      renderForm(stored);
      await user.type(quota(2), '2');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(quota(2).getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getAllByText(below).length).toBeGreaterThan(0);
      expect(onClose).not.toHaveBeenCalled();
    });
  });

  it('does not add a duplicate ticket type, and keeps the last one', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('New ticket type'), 'general');
    await user.click(screen.getByRole('button', { name: 'Add ticket type' }));
    expect(screen.getByText('That ticket type is already on the list.')).toBeTruthy();
    expect(screen.queryByLabelText('Ticket type 2')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove ticket type 1' }));
    expect(screen.getByText(MESSAGES.ticketTypeRequired)).toBeTruthy();
    expect(screen.getByLabelText('Ticket type 1')).toBeTruthy();
  });

  it('edit sends only the changed fields', async () => {
    const user = userEvent.setup();
    renderForm(stored);
    const title = screen.getByLabelText(/Title/);
    await user.clear(title);
    await user.type(title, 'Condor Dinner');
    await user.clear(screen.getByLabelText('Price of ticket type 2 (USD)'));
    await user.type(screen.getByLabelText('Price of ticket type 2 (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saves().length).toBeGreaterThan(0));
    expect(request).toHaveBeenCalledWith('/events/E1', { method: 'PUT', body: { title: 'Condor Dinner', ticketPrices: { Member: 35, Guest: 50 } } }, 'Failed to save event');
  });

  it("puts the API's field errors beside their fields (a price on its row) and its message on the form", async () => {
    save = async () => {
      throw new ApiError(MESSAGES.capacityBelowRegistered, 409, MESSAGES.capacityBelowRegistered, {
        maxAttendees: MESSAGES.capacityBelowRegistered,
        'ticketPrices.Guest': 'Ticket price is too high',
      });
    };
    const user = userEvent.setup();
    renderForm(stored);
    const max = screen.getByLabelText('Maximum attendees');
    await user.clear(max);
    await user.type(max, '5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Ticket price is too high')).toBeTruthy();
    expect(screen.getByLabelText('Price of ticket type 2 (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(MESSAGES.capacityBelowRegistered)).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.capacityBelowRegistered);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before leaving with unsaved changes; Keep editing stays, Discard leaves', async () => {
    const user = userEvent.setup();
    renderForm(stored);
    await user.click(screen.getByRole('button', { name: 'Other tab' }));
    expect(onClose).toHaveBeenCalledTimes(1); // nothing changed yet: no question
    await user.type(screen.getByLabelText(/Location/), ' Canyon');
    await user.click(screen.getByRole('button', { name: 'Other tab' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/Location/)).toHaveProperty('value', 'Springdale Canyon');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('the browser asks before the page is left with unsaved changes', async () => {
    const user = userEvent.setup();
    renderForm(stored);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText(/Location/), '!');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
