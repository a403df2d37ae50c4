/**
 * The audit log (issue 28 items 4 and 5): an append-only record, written only by the API, of every
 * action that changes seats, money, access or content. Types, limits, messages and labels, no zod
 * (the dashboard's Activity tab and RSVP timeline import them; the schemas are in audit.ts).
 */

/** Every action the log records, once, with the words the dashboard shows for it. */
export const AUDIT_ACTION_LABELS = {
  'rsvp.registered': 'Registered',
  'rsvp.paid': 'Paid',
  'rsvp.refunded': 'Refunded',
  'rsvp.cancelled': 'Cancelled',
  'rsvp.transferred': 'Transferred',
  // The waitlist (issue 28 items 1-3) records through the same recordAudit.
  'waitlist.joined': 'Joined the waitlist',
  'waitlist.offered': 'Offered seats',
  'waitlist.claimed': 'Claimed the offer',
  'waitlist.declined': 'Declined the offer',
  'waitlist.expired': 'Offer expired',
  'waitlist.removed': 'Removed from the waitlist',
  'checkin.checkedIn': 'Checked in',
  'checkin.undone': 'Check-in undone',
  // Issue 29 item 5: a volunteer admitted at the door (stored on the sign-up, not an RSVP).
  'volunteer.checkedIn': 'Volunteer checked in',
  'event.created': 'Event created',
  'event.updated': 'Event edited',
  'event.archived': 'Event archived',
  'event.unarchived': 'Event restored',
  'event.cancelled': 'Event cancelled',
  'theme.updated': 'Theme changed',
  'emailTemplate.updated': 'E-mail template changed',
  'sponsor.added': 'Sponsor added',
  'sponsor.updated': 'Sponsor changed',
  'sponsor.removed': 'Sponsor removed',
  'sponsor.reordered': 'Sponsors reordered',
  'role.granted': 'Role granted',
  'role.removed': 'Role removed',
  'invitation.sent': 'Invitation sent',
  'invitation.revoked': 'Invitation revoked',
  // The admins' Volunteers tab (issue 29 item 3).
  'volunteerRole.created': 'Volunteer role created',
  'volunteerRole.updated': 'Volunteer role changed',
  'volunteerRole.reordered': 'Volunteer roles reordered',
  'volunteerShift.created': 'Volunteer shift created',
  'volunteerShift.updated': 'Volunteer shift changed',
  'volunteer.moved': 'Volunteer moved to another shift',
  'volunteer.cancelled': 'Volunteer sign-up cancelled',
  'volunteer.messaged': 'Volunteer shift e-mailed',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export type AuditActorKind = 'staff' | 'system' | 'attendee' | 'payment provider';
export const AUDIT_ACTOR_KINDS: readonly AuditActorKind[] = ['staff', 'system', 'attendee', 'payment provider'];

/** Who did it: a signed-in member of staff (with the role they held), or the system, the attendee, the payment provider. */
export type AuditActor =
  | { kind: 'staff'; uid: string; email: string; role: string }
  | { kind: 'system' }
  | { kind: 'attendee' }
  | { kind: 'payment provider' };

export type AuditTargetType = 'rsvp' | 'waitlist' | 'event' | 'theme' | 'emailTemplate' | 'sponsor' | 'admin' | 'invitation' | 'volunteerRole' | 'volunteerShift' | 'volunteerSignup';

export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  /** The event the target belongs to (an RSVP's, an event's own id), null for site-wide targets. */
  eventId: string | null;
  /** What the dashboard names it by: the attendee's name, the event's title, the sponsor's name. */
  label: string;
}

/** One field an edit changed, as it was and as it became (JSON values). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** What a check-in entry knows of the scan: the door's own time (offline scans) and when the server recorded it. */
export interface AuditCheckIn {
  door: string | null;
  scannedAt: string | null;
  syncedAt: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget;
  changes: AuditChange[];
  reason: string | null;
  checkIn: AuditCheckIn | null;
}

/** The reason an admin may give for a cancel, a refund or the undo of a check-in. */
export const AUDIT_REASON_MAX = 500;
export const AUDIT_MESSAGES = {
  reasonTooLong: `Keep the reason under ${AUDIT_REASON_MAX} characters`,
  reasonInvalid: 'The reason must be text',
  actionInvalid: 'action is not one the log records',
  dateInvalid: 'Dates must be written YYYY-MM-DD',
  cursorInvalid: 'cursor is not valid: pass the nextCursor of the page before',
  limitInvalid: 'limit must be a whole number from 1 to 200',
  rangeInvalid: 'The start date must not be after the end date',
  loadFailed: 'Failed to load the activity',
  historyFailed: 'Failed to load the history',
  csvFailed: 'Failed to export the activity',
  csvReady: 'Activity exported',
} as const;

export const AUDIT_PAGE = { size: 50, max: 200 } as const;

/** GET /audit: one page, newest first; `nextCursor` asks for the next, null on the last. */
export interface AuditPageReply {
  success: true;
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** GET /rsvps/{id}/history: the RSVP's entries, oldest first. */
export interface AuditHistoryReply {
  success: true;
  entries: AuditEntry[];
}

export const AUDIT_CSV_COLUMNS = ['When', 'Actor', 'Role', 'Action', 'Target', 'Target ID', 'Event ID', 'Changes', 'Reason', 'Door', 'Scanned at', 'Synced at'] as const;

export function actorLabel(actor: AuditActor): string {
  return actor.kind === 'staff' ? actor.email : actor.kind === 'payment provider' ? 'the payment provider' : actor.kind === 'system' ? 'the system' : 'the attendee';
}

function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `title: "Hike" -> "Night hike"; capacity: 10 -> 12` */
export function changesText(changes: readonly AuditChange[]): string {
  return changes.map((change) => `${change.field}: ${showValue(change.before)} -> ${showValue(change.after)}`).join('; ');
}

/**
 * One line of an RSVP's timeline, e.g. 'Checked in by staff@example.org at Gate 2' or
 * 'Check-in undone by admin@example.org: wrong person' (the time is shown beside it).
 */
export function timelineText(entry: Pick<AuditEntry, 'action' | 'actor' | 'reason' | 'checkIn'>): string {
  const label = AUDIT_ACTION_LABELS[entry.action];
  const by = entry.actor.kind === 'staff' ? ` by ${entry.actor.email}` : entry.actor.kind === 'attendee' ? ' by the attendee' : ` by ${actorLabel(entry.actor)}`;
  const door = entry.checkIn?.door ? ` at ${entry.checkIn.door}` : '';
  const reason = entry.reason ? `: ${entry.reason}` : '';
  return `${label}${by}${door}${reason}`;
}
