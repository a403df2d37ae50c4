// The door decides online or offline from its own calls, never from navigator.onLine, and says
// which at all times (issue 24 item 4).
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKIN_MESSAGES, type CheckInRequest, type DoorListReply } from '@shared/checkin-model.js';
import { CHECKIN_FORM_CLEAR_MS } from '@shared/constants.js';
import { ApiError } from '../api/client.js';
import { clearDeviceData } from '../device/store.js';
import { LIVE_REFRESH_MS } from './checkin.js';
import { DOOR_REQUEST_TIMEOUT_MS, resetConnection } from './connection.js';
import { pendingCheckIns } from './offline.js';
import { renderDoor } from '../test/door.js';

const soon = new Date(Date.now() + 86_400_000).toISOString();
const event = { id: 'E1', title: 'Night Walk', date: soon, isActive: true, isArchived: false };
const person = (id: string) => ({ id, eventId: 'E1', name: `Person ${id}`, email: `${id}@x.org`, ticketType: '', status: 'confirmed', paymentStatus: 'free', checkedIn: false, checkedInAt: null, checkedInBy: null });
/** The old ticket of a transfer (issue 25 item 5), as the door list carries it: refused, and not counted among those expected. */
const transferredTicket = { ...person('T3'), status: 'cancelled', transferred: true };
const doorList: DoorListReply = { success: true, event: { id: 'E1', title: 'Night Walk', date: soon, location: 'Lodge' }, generatedAt: new Date().toISOString(), attendees: [person('T1'), person('T2'), transferredTicket] as DoorListReply['attendees'] };
const admitted = { success: true, message: 'Checked in', ticket: { attendee: { name: 'Person T1' }, checkedIn: true, checkedInAt: soon, checkedInBy: 'door@x.org' } };

type Options = { method?: string; body?: unknown; signal?: AbortSignal };
let checkIn: (path: string, options: Options) => Promise<unknown>;
let listReachable: boolean;
let ticketView: () => Promise<unknown>;
const noReply = () => new ApiError('Network error', 0);
/** A network that takes the request and never answers: only the door's time limit ends it. */
const hang = (options: Options) =>
  new Promise((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
const request = vi.fn(async (path: string, options: Options = {}) => {
  if (path.startsWith('/events?')) return { events: [event] };
  if (path.endsWith('/door-list')) {
    if (!listReachable) throw noReply();
    return doorList;
  }
  if (path.endsWith('?format=json')) return ticketView();
  if (options.method === 'POST') return checkIn(path, options);
  throw new Error(`unexpected ${path}`);
});
const posts = () => request.mock.calls.filter(([, options]) => options?.method === 'POST');
const line = () => document.querySelector('.checkin-connection')?.textContent;

const renderPanel = () => renderDoor(request);

async function checkInT1(advanceTimers?: (ms: number) => unknown) {
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  await screen.findByText('0 of 2 checked in');
  await user.type(screen.getByLabelText('Ticket ID'), 'T1');
  await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
  await user.click(await screen.findByRole('button', { name: 'Check In Now' }));
  return user;
}

describe('the door online or offline, from its own calls', () => {
  beforeEach(async () => {
    request.mockClear();
    listReachable = true;
    checkIn = async () => admitted;
    ticketView = async () => {
      throw new ApiError('Ticket not found', 404, 'Ticket not found', undefined, 'TICKET_NOT_FOUND');
    };
    resetConnection();
    await clearDeviceData();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("'Checked in' clears with the form 3 s later; a refusal said after it stays (SPEC §9, issue 27 item 4)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderPanel();
    const user = await checkInT1(vi.advanceTimersByTime);
    expect(await screen.findByText('Checked in: Person T1')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(CHECKIN_FORM_CLEAR_MS - 100);
    expect(screen.queryByText('Checked in: Person T1')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    await waitFor(() => expect(screen.queryByText('Checked in: Person T1')).toBeNull());
    expect((screen.getByLabelText('Ticket ID') as HTMLInputElement).value).toBe('');

    // A ticket the server does not know: the error is still there long after.
    await user.type(screen.getByLabelText('Ticket ID'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
    const refusal = await screen.findByText(CHECKIN_MESSAGES.notInList);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refusal.isConnected).toBe(true);
  });

  it('sends a check-in, not queues it, when navigator.onLine says offline but the calls work', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    renderPanel();
    await checkInT1();
    expect(await screen.findByText('Checked in: Person T1')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(await pendingCheckIns()).toEqual([]);
    expect(line()).toBe('Online');
  });

  it('shows the connection at all times: checking, then online, then offline when a call gets no reply', async () => {
    renderPanel();
    expect(line()).toBe('Checking the connection');
    await waitFor(() => expect(line()).toBe('Online'));
    checkIn = async () => {
      throw noReply();
    };
    await checkInT1();
    await waitFor(() => expect(line()).toBe('Offline: 1 check-in waiting to sync'));
    expect(document.querySelector('.checkin-connection')?.className).toContain('checkin-connection--offline');
  });

  it('says offline with nothing queued when the door list gets no reply', async () => {
    listReachable = false;
    renderPanel();
    await waitFor(() => expect(line()).toBe('Offline: check-ins are kept on this device and sent when the connection returns'));
  });

  it('a check-in with no reply within the time limit is admitted offline and queued', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    checkIn = async (_path, options) => hang(options);
    renderPanel();
    await checkInT1(vi.advanceTimersByTime);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(await pendingCheckIns()).toEqual([]);
    await vi.advanceTimersByTimeAsync(DOOR_REQUEST_TIMEOUT_MS);
    expect(await screen.findByText(/Checked in offline.*Person T1/)).toBeTruthy();
    expect(await pendingCheckIns()).toEqual([expect.objectContaining({ ticketId: 'T1', sentBefore: true })]);
    await waitFor(() => expect(line()).toBe('Offline: 1 check-in waiting to sync'));
  });

  /** T1 checked in with no reply (the door now knows it is offline), then another ticket looked up from the device's list. */
  async function offlineAfterT1ThenLookUp(ticketId: string) {
    checkIn = async () => {
      throw noReply();
    };
    renderPanel();
    const user = await checkInT1();
    await screen.findByText(/Checked in offline.*Person T1/);
    listReachable = false;
    await user.clear(screen.getByLabelText('Ticket ID'));
    await user.type(screen.getByLabelText('Ticket ID'), ticketId);
    await user.click(screen.getByRole('button', { name: 'Look Up Ticket' }));
    return user;
  }

  it('known offline, the next check-in is queued at once without waiting for another call', async () => {
    const user = await offlineAfterT1ThenLookUp('T2');
    await user.click(await screen.findByRole('button', { name: 'Check In Now' }));
    await screen.findByText(/Checked in offline.*Person T2/);
    // T1's try and the sync's retries of T1 only: T2 was never sent while offline.
    expect(posts().every(([path]) => path === '/checkin/T1')).toBe(true);
    expect((await pendingCheckIns()).map((item) => item.ticketId)).toEqual(['T1', 'T2']);
  });

  it('offline, a transferred ticket from the list on the device is refused with the transferred message, never admitted nor queued (issue 25 item 4)', async () => {
    await offlineAfterT1ThenLookUp('T3');
    expect(await screen.findByText(CHECKIN_MESSAGES.transferred, { selector: '.checkin-status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check In Now' })).toBeNull();
    expect(posts().some(([path]) => path === '/checkin/T3')).toBe(false);
    expect((await pendingCheckIns()).map((item) => item.ticketId)).toEqual(['T1']);
  });

  it('retries the queue on a timer, without any online event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    checkIn = async () => {
      throw noReply();
    };
    renderPanel();
    await checkInT1(vi.advanceTimersByTime);
    await waitFor(() => expect(line()).toBe('Offline: 1 check-in waiting to sync'));
    const sent: CheckInRequest[] = [];
    checkIn = async (_path, options) => {
      sent.push(options.body as CheckInRequest);
      return admitted;
    };
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    await waitFor(() => expect(line()).toBe('Online'));
    expect(sent).toEqual([expect.objectContaining({ eventId: 'E1' })]);
    expect(await pendingCheckIns()).toEqual([]);
  });

  it("retries the queue on the 'online' event, before the timer", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    listReachable = true;
    checkIn = async () => {
      throw noReply();
    };
    renderPanel();
    await checkInT1();
    await waitFor(() => expect(line()).toBe('Offline: 1 check-in waiting to sync'));
    checkIn = async () => admitted;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(line()).toBe('Online'));
    expect(await pendingCheckIns()).toEqual([]);
  });

  it('a check-in that got no reply is not a conflict when the server has it from this same staff member', async () => {
    checkIn = async () => {
      throw noReply();
    };
    renderPanel();
    await checkInT1();
    await waitFor(() => expect(line()).toBe('Offline: 1 check-in waiting to sync'));
    // The first call did reach the server; only its reply was lost. The server's time is its own.
    checkIn = async () => {
      throw new ApiError('already', 409, 'already', undefined, 'ALREADY_CHECKED_IN');
    };
    ticketView = async () => ({ ticket: { id: 'T1', event: { id: 'E1', title: 'Night Walk' }, checkedIn: true, checkedInAt: new Date(Date.now() - 5000).toISOString(), checkedInBy: 'door@x.org' } });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(line()).toBe('Online'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await pendingCheckIns()).toEqual([]);
  });
});
