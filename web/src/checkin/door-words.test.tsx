import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKIN_MESSAGES, type DoorListReply } from '@shared/checkin-model.js';
import type { TicketView } from '@shared/rsvps-model.js';
import { ApiError } from '../api/client.js';
import { clearDeviceData } from '../device/store.js';
import { renderDoor, lookUp } from '../test/door.js';

// Issue 24 items 7, 11 and 17: what the door says, where it shows it, and how often.

const qr = vi.hoisted(() => ({ start: vi.fn<() => Promise<void>>() }));
vi.mock('qr-scanner', () => ({
  default: class {
    start = qr.start;
    destroy() {}
    static hasCamera = async () => true;
  },
}));

const soon = new Date(Date.now() + 86_400_000).toISOString();
const person = (id: string, extra = {}) => ({ id, eventId: 'E1', name: `Person ${id}`, email: `${id}@x.org`, ticketType: '', status: 'confirmed', paymentStatus: 'free', checkedIn: false, checkedInAt: null, checkedInBy: null, ...extra });
const doorList: DoorListReply = {
  success: true,
  event: { id: 'E1', title: 'Night Walk', date: soon, location: 'Lodge' },
  generatedAt: new Date().toISOString(),
  attendees: [person('T1')] as DoorListReply['attendees'],
};
let ticketView: (path: string) => Promise<{ ticket: TicketView }>;
const request = vi.fn(async (path: string) => {
  if (path.startsWith('/events?')) return { events: [{ id: 'E1', title: 'Night Walk', date: soon, isActive: true, isArchived: false }] };
  if (path.endsWith('/door-list')) return doorList;
  if (path.endsWith('/checkins')) return { checkedInAttendees: [] };
  if (path.endsWith('/door-volunteers')) return { volunteers: [] };
  if (path.endsWith('?format=json')) return ticketView(path);
  throw new Error(`unexpected ${path}`);
});

const renderPanel = () => renderDoor(request);


const otherEventsTicket = (extra: Partial<TicketView> = {}): { ticket: TicketView } => ({
  ticket: {
    id: 'X9',
    attendee: { name: 'Zed', email: 'z@x.org', ticketType: 'General' },
    event: { id: 'E2', title: 'Bat Walk', date: soon, location: 'Cave', customUrl: '' },
    checkedIn: false,
    checkedInAt: null,
    checkedInBy: null,
    ...extra,
  },
});

describe('the door’s words', () => {
  beforeEach(async () => {
    request.mockClear();
    qr.start.mockReset();
    ticketView = async () => {
      throw new ApiError('Ticket not found', 404, 'Ticket not found', undefined, 'TICKET_NOT_FOUND');
    };
    await clearDeviceData();
  });
  afterEach(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("names the event of another event's ticket, valid or cancelled, and says not found only for an unknown id (item 7)", async () => {
    ticketView = async () => otherEventsTicket();
    renderPanel();
    await lookUp('X9');
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toBe('This ticket is for another event: Bat Walk'));

    ticketView = async () => otherEventsTicket({ cancelled: { refunded: true, at: soon } });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Ticket ID'));
    await user.type(screen.getByLabelText('Ticket ID'), 'X9');
    await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
    // The door's calls but its volunteers list (issue 29 item 5), which it fetches on its own timer.
    await waitFor(() => expect(request.mock.calls.filter(([path]) => !path.endsWith('/door-volunteers'))).toHaveLength(6));
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('This ticket is for another event: Bat Walk');

    ticketView = async () => {
      throw new ApiError('Ticket not found', 404, 'Ticket not found', undefined, 'TICKET_NOT_FOUND');
    };
    await user.clear(screen.getByLabelText('Ticket ID'));
    await user.type(screen.getByLabelText('Ticket ID'), 'made-up');
    await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toBe(CHECKIN_MESSAGES.notInList));
  });

  it('brings the ticket found into view, smoothly unless reduced motion is asked for, and announces it (item 11)', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    // The result lands below a phone's fold.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top: 900, bottom: 1200, left: 0, right: 390, width: 390, height: 300, x: 0, y: 900, toJSON: () => ({}) });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
    renderPanel();
    await lookUp('T1');
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ behavior: 'auto', block: 'nearest' }));
    expect(scroll.mock.contexts[0]).toBe(document.querySelector('.checkin-ticket'));
    expect(screen.getByText('Ticket found: Person T1. Not checked in.').getAttribute('aria-live') ?? screen.getByText('Ticket found: Person T1. Not checked in.').closest('[aria-live]')).toBeTruthy();

    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    scroll.mockClear();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Ticket ID'));
    await user.type(screen.getByLabelText('Ticket ID'), 'T1');
    await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'nearest' }));
  });

  it('does not scroll a result that is already on screen', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top: 100, bottom: 300, left: 0, right: 390, width: 390, height: 200, x: 0, y: 100, toJSON: () => ({}) });
    renderPanel();
    await lookUp('T1');
    await screen.findByText('Ticket found: Person T1. Not checked in.');
    expect(scroll).not.toHaveBeenCalled();
  });

  it('shows a camera error once, beside the camera, not again in the status area (item 17)', async () => {
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn() }, configurable: true });
    qr.start.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    renderPanel();
    await screen.findByText('0 of 1 checked in');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Camera Scanner' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHECKIN_MESSAGES.cameraPermissionDenied);
    expect(screen.getAllByText(CHECKIN_MESSAGES.cameraPermissionDenied)).toHaveLength(1);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('');
  });

  it("a camera refused while navigator.onLine wrongly says offline is said as refused, not as 'scanner not loaded': the door's calls got through (item 4)", async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn() }, configurable: true });
    qr.start.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    renderPanel();
    await screen.findByText('0 of 1 checked in');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Camera Scanner' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHECKIN_MESSAGES.cameraPermissionDenied);
  });
});
