// The check-in screen's pure rules (SPEC §2 'Staff scanner screen', §4, §5, §8, §9): which events
// a door may choose, how lists filter, what each outcome says and sounds like. No React here.
import { CHECKIN_FILTERS, DEFAULT_TICKET_TYPE } from '@shared/constants.js';
import type { EventRecord } from '@shared/events-model.js';
import { CHECKIN_MESSAGES, CHECKIN_REFUSAL_MESSAGES, admissionRefusal, doorEventRefusal, offlineWaitingText, type CheckInRefusal, type DoorListEntry } from '@shared/checkin-model.js';
import { ApiError, errorText } from '../api/client.js';

export type CheckinFilter = (typeof CHECKIN_FILTERS)[number];

/** The screen's own labels (SPEC §2). */
export const CHECKIN_TEXT = {
  title: 'Event Check-In',
  event: 'Event',
  noEvents: 'No events to check in for (only active events dated no more than 24 h ago are listed).',
  showRsvps: 'Show All RSVPs',
  hideRsvps: 'Hide All RSVPs',
  showCheckedIn: 'Show Checked-In Attendees',
  hideCheckedIn: 'Hide Checked-In Attendees',
  checkedInTitle: 'Checked-In Attendees',
  rsvpsTitle: 'RSVPs',
  noCheckedIn: 'Nobody is checked in yet.',
  noRsvps: 'No RSVPs for this event yet.',
  noMatches: 'No attendees match.',
  startCamera: 'Start Camera Scanner',
  refreshCamera: 'Refresh Camera',
  stopScanner: 'Stop Scanner',
  restartScanner: 'Restart Scanner',
  highSensitivity: 'Try High-Sensitivity Mode',
  standardMode: 'Standard Mode',
  pointCamera: 'Point camera at QR code',
  startingCamera: 'Starting camera...',
  ticketId: 'Ticket ID',
  ticketIdHint: 'Type the ticket ID, or scan a ticket with a USB scanner into this field.',
  lookUp: 'Look Up Ticket',
  lookingUp: 'Looking up...',
  checkInNow: 'Check In Now',
  checkingIn: 'Checking In...',
  undo: 'Undo check-in',
  undoing: 'Undoing...',
  keepCheckIn: 'Keep check-in',
  doorName: 'Door (optional)',
  doorNamePlaceholder: 'e.g. Gate 2',
  undoBody: 'The ticket can then be admitted again. The reason is kept in the activity log.',
  // SPEC §2's '✅ CHECKED IN' and '⏳ CLICK TO CHECK IN': the cards draw the site's icons instead of emoji (issue 24 item 15).
  checkedInBadge: 'CHECKED IN',
  pendingBadge: 'CLICK TO CHECK IN',
  ticketTitle: 'Ticket Information',
  attendee: 'Attendee',
  eventLabel: 'Event',
  status: 'Status',
  goToDashboard: 'Go to Dashboard',
  filter: 'Status filter',
  search: 'Search by name, e-mail or ticket ID',
  // Issue 26 item 7: the door page's search over its list (kept on the device, so offline too).
  doorSearchTitle: 'Find an attendee',
  // Not 'Search by ... ticket ID': the door's 'Ticket ID' field must stay the only control named so.
  doorSearchLabel: 'Search the door list',
  doorSearchHint: 'By name, e-mail or ticket ID. Searches the list kept on this device, so it works offline too.',
  doorSearchResults: 'Search results',
  checkInResult: 'Check in',
  notCheckedIn: 'Not checked in',
  listView: 'List',
  gridView: 'Grid',
  conflictsTitle: 'Not admitted when syncing',
  dismiss: 'Dismiss',
  offlineAdmitted: 'Checked in offline: will sync when the connection returns',
  connecting: 'Checking the connection',
  online: 'Online',
  offline: 'Offline: check-ins are kept on this device and sent when the connection returns',
} as const;

/**
 * The door's connection line, shown at all times (issue 24 item 4): whether its calls reach the
 * server, and how many check-ins wait to be sent.
 */
export function connectionText(state: 'checking' | 'online' | 'offline', waiting: number): string {
  if (state === 'offline') return waiting > 0 ? offlineWaitingText(waiting) : CHECKIN_TEXT.offline;
  const now = state === 'online' ? CHECKIN_TEXT.online : CHECKIN_TEXT.connecting;
  // Online with a queue: it is being sent (the next try comes within LIVE_REFRESH_MS).
  return waiting > 0 ? `${now}: ${waiting} check-in${waiting === 1 ? '' : 's'} waiting to sync` : now;
}

export const FILTER_LABELS: Record<CheckinFilter, string> = { all: 'All', pending: 'Pending', 'checked-in': 'Checked in' };

/** How often the door's lists refetch while the page is visible (another door's admissions show here). */
export const LIVE_REFRESH_MS = 4000;
/** The same code read again within this time is the camera seeing it twice, not a second scan. */
export const SCAN_REPEAT_MS = 3000;
/** The decode timeout (SPEC §9): no code after this long running says 'No QR code found'. */
export const DECODE_TIMEOUT_MS = 10_000;
/** qr-scanner's scans per second (SPEC §9). */
export const MAX_SCANS_PER_SECOND = 25;

/**
 * Events a door may check in for, soonest first: the API's own rule (`doorEventRefusal`: active,
 * not archived, dated no more than 24 h ago), so the door never offers an event the server refuses.
 */
export function checkInEvents(events: readonly EventRecord[], now: Date): EventRecord[] {
  return events
    .filter((event) => doorEventRefusal(event, now) === null)
    .sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime());
}

/** The event pre-selected: the first active one, else the first one, else none. */
export function defaultEventId(events: readonly EventRecord[]): string {
  return (events.find((event) => event.isActive) ?? events[0])?.id ?? '';
}

export interface Attendee {
  id: string;
  name: string;
  email: string;
  ticketType: string;
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
}

/** The ticket type, General when the record has none. */
export function ticketTypeOf(attendee: Pick<Attendee, 'ticketType'>): string {
  return attendee.ticketType?.trim() || DEFAULT_TICKET_TYPE;
}

/** The dashboard's status filter and search (name, e-mail or ticket id). */
export function filterAttendees<T extends Attendee>(attendees: readonly T[], filter: CheckinFilter, query: string): T[] {
  const needle = query.trim().toLowerCase();
  return attendees.filter((attendee) => {
    if (filter === 'pending' && attendee.checkedIn) return false;
    if (filter === 'checked-in' && !attendee.checkedIn) return false;
    if (!needle) return true;
    return [attendee.name, attendee.email, attendee.id].some((value) => value.toLowerCase().includes(needle));
  });
}

/** The most results the door's search lists at once: a busy door types a few more letters instead of scrolling. */
export const DOOR_SEARCH_MAX_RESULTS = 20;

/** What the door's search says of its results, shown and announced: '2 attendees match', or to type more. */
export function doorSearchResultsText(count: number): string {
  if (count === 0) return CHECKIN_TEXT.noMatches;
  const matches = `${count} attendee${count === 1 ? ' matches' : 's match'}`;
  return count > DOOR_SEARCH_MAX_RESULTS ? `${matches}: the first ${DOOR_SEARCH_MAX_RESULTS} are shown, type more to narrow` : matches;
}

/** 'n of m checked in'. */
/**
 * Whether a door list entry is someone the door expects: a confirmed, free or paid ticket. Cancelled
 * tickets and unpaid holds stay in the device's list (so a scan can say why it is refused) but are
 * neither shown as cards nor counted in 'n of m checked in'.
 */
export function expectedAtDoor(entry: Pick<DoorListEntry, 'eventId' | 'status' | 'paymentStatus' | 'checkedIn' | 'transferred'>): boolean {
  const refusal = admissionRefusal(entry);
  return refusal === null || refusal === 'ALREADY_CHECKED_IN';
}

export function checkedInCountText(attendees: readonly Pick<Attendee, 'checkedIn'>[]): string {
  return `${attendees.filter((attendee) => attendee.checkedIn).length} of ${attendees.length} checked in`;
}

/** What an outcome looks, reads and sounds like. */
export type Outcome = 'admitted' | 'already' | 'refused' | 'notFound' | 'error' | 'info';
export type StatusKind = 'success' | 'warning' | 'error' | 'info';

export interface StatusMessage {
  kind: StatusKind;
  text: string;
  outcome: Outcome;
}

const KIND_OF: Record<Outcome, StatusKind> = { admitted: 'success', already: 'warning', refused: 'error', notFound: 'error', error: 'error', info: 'info' };

export function status(outcome: Outcome, text: string): StatusMessage {
  return { kind: KIND_OF[outcome], text, outcome };
}

/** The outcome of a refusal code (the server's or an offline door's), in the product's words unless `text` says more. */
export function refusalStatus(code: CheckInRefusal, text: string = CHECKIN_REFUSAL_MESSAGES[code]): StatusMessage {
  return status(code === 'ALREADY_CHECKED_IN' ? 'already' : 'refused', text);
}

const REFUSALS = new Set<string>(Object.keys(CHECKIN_REFUSAL_MESSAGES));

export function isRefusal(code: string): code is CheckInRefusal {
  return REFUSALS.has(code);
}

/** A failed check-in call as the volunteer sees it; branches on the code, never the wording. */
export function checkInErrorStatus(error: unknown, fallback: string = CHECKIN_MESSAGES.checkInFailed): StatusMessage {
  if (error instanceof ApiError) {
    // WRONG_EVENT's text names the ticket's event, which only the server knows.
    if (isRefusal(error.code)) return refusalStatus(error.code, error.code === 'WRONG_EVENT' && error.serverMessage ? error.serverMessage : undefined);
    if (error.code === 'TICKET_NOT_FOUND' || error.code === 'NOT_FOUND') return status('notFound', CHECKIN_MESSAGES.notInList);
    if (error.code === 'NOT_CHECKED_IN') return status('info', CHECKIN_MESSAGES.notCheckedIn);
    if (error.code === 'AUTH_REQUIRED') return status('error', CHECKIN_MESSAGES.mustSignIn);
  }
  return status('error', errorText(error, fallback));
}

/**
 * Whether a queued check-in that failed to sync should be tried again later: no reply, the
 * server busy or failing, or the session to be renewed. Anything else is the server's verdict
 * (a refusal, or a body it cannot take) and is reported, never retried forever.
 */
export function shouldRetrySync(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.isNetworkError || error.status === 401 || error.status === 403 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Whether a failure means the network is gone (the door goes offline), not a refusal: no reply, or
 * none in time (connection.ts turns a timed-out call into the same network error). What the browser
 * says about its network is not asked (issue 24 item 4).
 */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}

/** A camera failure (qr-scanner rejects with a DOMException or a string) in the product's words (SPEC §8). */
export function cameraErrorText(error: unknown, secure: boolean, online = true): string {
  if (!secure) return CHECKIN_MESSAGES.cameraHttpsRequired;
  // The scanner's code loads when the camera first starts: without a network that load fails.
  if (!online || (error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message))) {
    return CHECKIN_MESSAGES.scannerNotLoaded;
  }
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error).name : '';
  const text = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || /permission|denied/i.test(text)) return CHECKIN_MESSAGES.cameraPermissionDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || /not found|no camera/i.test(text)) return CHECKIN_MESSAGES.cameraNotFound;
  if (name === 'NotSupportedError' || /not supported|unsupported/i.test(text)) return CHECKIN_MESSAGES.cameraUnsupported;
  return CHECKIN_MESSAGES.cameraNotFound;
}

/** Why the camera cannot start before trying: HTTPS required or no camera API; null when it may. */
export function cameraUnavailableText(env: { secure: boolean; hasMediaDevices: boolean }): string | null {
  if (!env.secure) return CHECKIN_MESSAGES.cameraHttpsRequired;
  if (!env.hasMediaDevices) return CHECKIN_MESSAGES.cameraUnsupported;
  return null;
}

/** Whether a scanned value is new, or the camera reading the same code again within SCAN_REPEAT_MS. */
export function isRepeatScan(last: { id: string; at: number } | null, id: string, now: number): boolean {
  return Boolean(last && last.id === id && now - last.at < SCAN_REPEAT_MS);
}

/** A value a scanner produced (a ticket URL) rather than a typed ID: such input is admitted straight away. */
export function looksScanned(value: string): boolean {
  return value.includes('/checkin/');
}

/** The scan region (SPEC §9): the centred square two thirds of the video's shorter side, or the whole frame. */
export function scanRegion(video: { width: number; height: number }, wholeFrame: boolean) {
  if (wholeFrame) return { x: 0, y: 0, width: video.width, height: video.height };
  const size = Math.round((2 / 3) * Math.min(video.width, video.height));
  return { x: Math.round((video.width - size) / 2), y: Math.round((video.height - size) / 2), width: size, height: size };
}

/** The tone and vibration of each outcome, so a volunteer can tell them apart without reading. */
export const SIGNALS: Record<Outcome, { tones: { hz: number; ms: number }[]; vibrate: number[] } | null> = {
  admitted: { tones: [{ hz: 880, ms: 90 }, { hz: 1320, ms: 140 }], vibrate: [80] },
  already: { tones: [{ hz: 440, ms: 160 }, { hz: 440, ms: 160 }], vibrate: [120, 80, 120] },
  refused: { tones: [{ hz: 220, ms: 450 }], vibrate: [400] },
  notFound: { tones: [{ hz: 330, ms: 120 }, { hz: 220, ms: 300 }], vibrate: [200, 100, 200] },
  error: { tones: [{ hz: 220, ms: 450 }], vibrate: [400] },
  info: null,
};

/** 'Checked in {when} by {who}', `when` as events/relativeTime's whenPhrase says it ('2 minutes ago', 'today at 7:05 PM MST'). */
export function checkedInLine(when: string | null, by: string | null): string {
  return ['Checked in', when ?? '', by ? `by ${by}` : ''].filter(Boolean).join(' ');
}
