import type { AuditActor, AuditChange, AuditTarget } from '../shared/audit-model.js';

/** The signed-in member of staff a guard resolved (auth/middleware.ts Viewer). */
export function staffActor(viewer: { uid: string; email: string; role: string }): AuditActor {
  return { kind: 'staff', uid: viewer.uid, email: viewer.email, role: viewer.role };
}

export const SYSTEM: AuditActor = { kind: 'system' };
export const ATTENDEE: AuditActor = { kind: 'attendee' };
export const PAYMENT_PROVIDER: AuditActor = { kind: 'payment provider' };

/** An RSVP as a target: its id, its event, and its holder's name. */
export function rsvpTarget(id: string, rsvp: { eventId: string; name: string }): AuditTarget {
  return { type: 'rsvp', id, eventId: rsvp.eventId, label: rsvp.name };
}

/** A waitlist entry as a target: its id, its event, and the name it was given. */
export function waitlistTarget(id: string, entry: { eventId: string; name: string }): AuditTarget {
  return { type: 'waitlist', id, eventId: entry.eventId, label: entry.name };
}

export function eventTarget(id: string, title: string): AuditTarget {
  return { type: 'event', id, eventId: id, label: title };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields of `after` whose values differ from `before`'s, each with both values (only these are recorded). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, ignore: readonly string[] = []): AuditChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !ignore.includes(field)).sort();
  return fields.filter((field) => !same(before[field], after[field])).map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}
