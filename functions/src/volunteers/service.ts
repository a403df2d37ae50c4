import type { Clock } from '../clock.js';
import { EVENTS, type StoredEvent } from '../events/repository.js';
import { newId } from '../ids.js';
import { queueMail } from '../outbox/outbox.js';
import { RuleError } from '../rule-error.js';
import { linkKeyMatches } from '../rsvps/link-keys.js';
import {
  VOLUNTEER_LIMITS,
  VOLUNTEER_MESSAGES,
  shiftsOverlap,
  type VolunteerGroupView,
  type VolunteerOpportunitiesReply,
  type VolunteerSignUpReply,
  type VolunteerSignupReply,
  type VolunteerSignupView,
} from '../shared/volunteers-model.js';
import type { VolunteerSignUpInput } from '../shared/volunteers.js';
import type { DocumentStore, StoredDocument } from '../store/port.js';
import {
  VOLUNTEER_PEOPLE,
  VOLUNTEER_ROLES,
  VOLUNTEER_SHIFTS,
  VOLUNTEER_SIGNUPS,
  confirmationMailId,
  volunteerPersonId,
  type StoredVolunteerRole,
  type StoredVolunteerShift,
  type StoredVolunteerSignup,
} from './repository.js';
import { groupOpportunities, isOpenEvent } from './rules.js';
import { volunteerShiftCalendarFile, volunteerShiftGoogleUrl } from '../calendar/shift-calendar.js';
import type { TicketCalendarFile } from '../calendar/ticket-calendar.js';
import { VOLUNTEER_SLUG } from '../shared/constants.js';
import { planVolunteerTicket, releaseVolunteerTicket, takeVolunteerTicket } from './free-ticket.js';
import { inTurn } from './line.js';

export interface VolunteerServiceDeps {
  store: DocumentStore;
  clock: Clock;
  /** The public site's address: a shift's .ics links its /volunteer page (and its host names the UID). */
  siteUrl?: string;
  /** Called after a commit that queued mail, so delivery starts at once. */
  onMailQueued?: () => void;
  /** Called after a commit that queued a Mailchimp sync job (a free ticket made or cancelled, issue 29 item 4). */
  onMailchimpQueued?: () => void;
  /** Called after a commit that freed an event seat (a free ticket cancelled), so the waitlist's offers go out at once. */
  onSeatsFreed?: () => void;
}

/** A wrong key, or no such sign-up: one refusal, nothing told apart (like the ticket links). */
function linkInvalid() {
  return new RuleError('LINK_INVALID', VOLUNTEER_MESSAGES.linkInvalid, 'not-found');
}

function shiftNotFound() {
  return new RuleError('VOLUNTEER_SHIFT_NOT_FOUND', VOLUNTEER_MESSAGES.shiftNotFound, 'not-found');
}

/** The owner's view: an allowlist (never the e-mail, phone or key hashes). */
function toSignupView(
  signup: StoredDocument<StoredVolunteerSignup>,
  shift: StoredVolunteerShift,
  role: StoredVolunteerRole,
  event: StoredDocument<StoredEvent> | null,
  volunteerPageUrl: string,
): VolunteerSignupView {
  const calendar =
    signup.data.status === 'active'
      ? { googleCalendarUrl: volunteerShiftGoogleUrl({ volunteerPageUrl, role: role.title, eventTitle: event?.data.title ?? '', shift }) }
      : {};
  return {
    id: signup.id,
    status: signup.data.status,
    name: signup.data.name,
    role: { title: role.title, description: role.description },
    shift: { start: shift.start, end: shift.end, place: shift.place },
    event: event ? { id: event.id, title: event.data.title, customUrl: event.data.customUrl } : null,
    ...calendar,
  };
}

/**
 * Whether an event has a role (not archived) with a shift still to start (issue 29 item 1: the event
 * page links to /volunteer#event-<id>): two single-field queries, no composite index.
 */
export async function hasOpenVolunteerRoles(store: DocumentStore, now: Date, eventId: string): Promise<boolean> {
  const [roles, shifts] = await Promise.all([
    store.query(VOLUNTEER_ROLES, { where: [['eventId', '==', eventId]] }),
    store.query(VOLUNTEER_SHIFTS, { where: [['eventId', '==', eventId]] }),
  ]);
  const open = new Set(roles.filter((role) => !role.data.archived).map((role) => role.id));
  return shifts.some((shift) => open.has(shift.data.roleId) && Date.parse(shift.data.start) > now.getTime());
}

export function createVolunteerService({ store, clock, siteUrl = 'http://localhost', onMailQueued, onMailchimpQueued, onSeatsFreed }: VolunteerServiceDeps) {
  const volunteerPageUrl = `${siteUrl.replace(/\/+$/, '')}/${VOLUNTEER_SLUG}`;

  async function readOwned(signupId: string, key: string) {
    const signup = await store.get(VOLUNTEER_SIGNUPS, signupId);
    if (!signup || !linkKeyMatches(signup.data.linkKeys, key)) throw linkInvalid();
    const [shift, role, event] = await Promise.all([
      store.get(VOLUNTEER_SHIFTS, signup.data.shiftId),
      store.get(VOLUNTEER_ROLES, signup.data.roleId),
      signup.data.eventId ? store.get(EVENTS, signup.data.eventId) : Promise.resolve(null),
    ]);
    if (!shift || !role) throw linkInvalid();
    return { signup, shift, role, event };
  }

  /** signUp's work, in the shift's turn. */
  async function signUpNow(shiftId: string, input: VolunteerSignUpInput, now: Date): Promise<{ mailchimpQueued: boolean }> {
    // The shift's role and event never change: read first, outside the transaction, so the
    // transaction reads its four documents in one round trip and holds the shift's lock briefly.
    // A shift already full is refused here at once; the count read inside the transaction decides.
    const known = await store.get(VOLUNTEER_SHIFTS, shiftId);
    if (!known) throw shiftNotFound();
    if (known.data.filled >= known.data.capacity) throw new RuleError('VOLUNTEER_SHIFT_FULL', VOLUNTEER_MESSAGES.shiftFull, 'conflict');
    // Issue 29 item 4: a role with a free ticket also takes one of the event's seats. Its sign-ups, over
    // all the event's shifts, take turns on the event in this instance (as a rush on one shift does on
    // the shift), so they do not queue on the seat shards' locks; across instances the transaction decides.
    // No early 'full' from a plain read: a person already registered signs up on a full event too.
    const freeTicketEvent = known.data.eventId ? await freeTicketEventOf(known.data.roleId, known.data.eventId) : null;
    if (freeTicketEvent) return inTurn(`event:${freeTicketEvent}`, () => signUpInTransaction(shiftId, known, input, now));
    return signUpInTransaction(shiftId, known, input, now);
  }

  /** The event whose seats a sign-up for this role takes (a free-ticket role's); else null. */
  async function freeTicketEventOf(roleId: string, eventId: string): Promise<string | null> {
    const role = await store.get(VOLUNTEER_ROLES, roleId);
    return role?.data.freeTicket ? eventId : null;
  }

  async function signUpInTransaction(shiftId: string, known: StoredDocument<StoredVolunteerShift>, input: VolunteerSignUpInput, now: Date): Promise<{ mailchimpQueued: boolean }> {
    const at = now.toISOString();
    const personId = volunteerPersonId(input.email);
    return store.runTransaction(async (tx) => {
      const [shift, role, event, person] = await Promise.all([
        tx.get(VOLUNTEER_SHIFTS, shiftId),
        tx.get(VOLUNTEER_ROLES, known.data.roleId),
        known.data.eventId ? tx.get(EVENTS, known.data.eventId) : Promise.resolve(null),
        tx.get(VOLUNTEER_PEOPLE, personId),
      ]);
      if (!shift || shift.data.archived || !role || role.data.archived) throw shiftNotFound();
      if (known.data.eventId && (!event || !isOpenEvent(event.data))) throw shiftNotFound();
      if (Date.parse(shift.data.start) <= now.getTime()) throw new RuleError('VOLUNTEER_SHIFT_STARTED', VOLUNTEER_MESSAGES.shiftOver, 'conflict');
      const held = (person?.data.shifts ?? []).filter((entry) => Date.parse(entry.end) > now.getTime());
      if (held.some((entry) => entry.shiftId === shiftId)) {
        throw new RuleError('VOLUNTEER_ALREADY_SIGNED_UP', VOLUNTEER_MESSAGES.alreadySignedUp, 'conflict', 'email');
      }
      if (held.some((entry) => shiftsOverlap(entry, shift.data))) throw new RuleError('VOLUNTEER_SHIFT_OVERLAP', VOLUNTEER_MESSAGES.overlap, 'conflict');
      if (held.length >= VOLUNTEER_LIMITS.shiftsPerEmail) {
        throw new RuleError('VOLUNTEER_LIMIT_REACHED', VOLUNTEER_MESSAGES.tooMany(VOLUNTEER_LIMITS.shiftsPerEmail), 'conflict', 'email');
      }
      if (shift.data.filled >= shift.data.capacity) throw new RuleError('VOLUNTEER_SHIFT_FULL', VOLUNTEER_MESSAGES.shiftFull, 'conflict');
      // Issue 29 item 4: the role's free ticket, its seat read here (the last read) and taken below with the place.
      const ticketPlan = role.data.freeTicket && event ? await planVolunteerTicket(tx, event, input, held, now) : null;
      const ticket = ticketPlan ? takeVolunteerTicket(tx, ticketPlan, input, now) : { ticketRsvpId: null, mailchimpQueued: false };
      const signupId = newId();
      tx.create(VOLUNTEER_SIGNUPS, signupId, {
        shiftId,
        roleId: role.id,
        eventId: role.data.eventId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        note: input.note,
        status: 'active',
        createdAt: at,
        updatedAt: at,
        linkKeys: [],
        ...(ticket.ticketRsvpId ? { ticketRsvpId: ticket.ticketRsvpId } : {}),
      });
      tx.update(VOLUNTEER_SHIFTS, shiftId, { filled: shift.data.filled + 1 });
      const entry = { signupId, shiftId, start: shift.data.start, end: shift.data.end, ...(ticket.ticketRsvpId ? { ticketRsvpId: ticket.ticketRsvpId } : {}) };
      tx.set(VOLUNTEER_PEOPLE, personId, { shifts: [...held, entry] });
      // To the address given only; the page key is minted when the e-mail is composed (mail/volunteer-mail.ts).
      queueMail(tx, { kind: 'volunteerConfirmation', to: input.email, volunteerSignupId: signupId }, now, confirmationMailId(signupId));
      return { mailchimpQueued: ticket.mailchimpQueued };
    });
  }

  return {
    /** GET /volunteer: upcoming shifts of open roles, grouped by event (issue 29 item 1). */
    async opportunities(): Promise<VolunteerOpportunitiesReply> {
      const now = clock.now().toISOString();
      // Single-field queries (no composite index): roles not archived, shifts not yet started.
      const [roles, shifts] = await Promise.all([
        store.query(VOLUNTEER_ROLES, { where: [['archived', '==', false]] }),
        store.query(VOLUNTEER_SHIFTS, { where: [['start', '>', now]] }),
      ]);
      const eventIds = [...new Set(roles.map((role) => role.data.eventId).filter((id): id is string => id !== null))];
      const events = (await Promise.all(eventIds.map((id) => store.get(EVENTS, id)))).filter((event) => event !== null);
      const groups: VolunteerGroupView[] = groupOpportunities(roles, shifts, events.filter((event) => isOpenEvent(event.data)));
      return { success: true, groups };
    },

    /**
     * Issue 29 item 2: one transaction reads the shift, its role and event, and the person's
     * document, then creates the sign-up, counts it on the shift and queues the confirmation
     * (its own id: exactly once). Nothing is stored when any rule refuses.
     */
    async signUp(shiftId: string, input: VolunteerSignUpInput): Promise<VolunteerSignUpReply> {
      const now = clock.now();
      // One shift's sign-ups take turns in this instance (inTurn): a rush then waits here instead of on
      // the counter document's locks, where 50 transactions at once took the Firestore emulator over a
      // minute. Across instances the transaction alone keeps the count exact.
      const { mailchimpQueued } = await inTurn(shiftId, () => signUpNow(shiftId, input, now));
      onMailQueued?.();
      if (mailchimpQueued) onMailchimpQueued?.();
      return { success: true, message: VOLUNTEER_MESSAGES.signedUp };
    },

    /** The sign-up page's 'Download .ics' (POST /volunteer/signups/{id}/calendar.ics with the key): the e-mail's file, cancelled once the sign-up is. */
    async calendar(signupId: string, key: string): Promise<TicketCalendarFile> {
      const { signup, shift, role, event } = await readOwned(signupId, key);
      return volunteerShiftCalendarFile({
        signupId: signup.id,
        volunteerPageUrl,
        role: role.data.title,
        eventTitle: event?.data.title ?? '',
        shift: shift.data,
        cancelled: signup.data.status === 'cancelled',
        now: clock.now(),
      });
    },

    /** The sign-up page (POST /volunteer/signups/{id}/view with the key). */
    async view(signupId: string, key: string): Promise<VolunteerSignupReply> {
      const { signup, shift, role, event } = await readOwned(signupId, key);
      return { success: true, signup: toSignupView(signup, shift.data, role.data, event, volunteerPageUrl) };
    },

    /** 'Cancel my shift': frees the place in the same transaction; a second click finds it cancelled. */
    async cancel(signupId: string, key: string): Promise<VolunteerSignupReply> {
      const now = clock.now();
      const at = now.toISOString();
      const found = await store.runTransaction(async (tx) => {
        const signup = await tx.get(VOLUNTEER_SIGNUPS, signupId);
        if (!signup || !linkKeyMatches(signup.data.linkKeys, key)) throw linkInvalid();
        const shift = await tx.get(VOLUNTEER_SHIFTS, signup.data.shiftId);
        const role = await tx.get(VOLUNTEER_ROLES, signup.data.roleId);
        if (!shift || !role) throw linkInvalid();
        if (signup.data.status === 'cancelled') return { signup, shift, role, ticket: null };
        const personId = volunteerPersonId(signup.data.email);
        const person = await tx.get(VOLUNTEER_PEOPLE, personId);
        // Issue 29 item 4: the free ticket this sign-up made goes with it (reads, then its writes, before ours).
        const ticket = await releaseVolunteerTicket(tx, signup, now);
        tx.update(VOLUNTEER_SIGNUPS, signupId, { status: 'cancelled', updatedAt: at });
        tx.update(VOLUNTEER_SHIFTS, shift.id, { filled: Math.max(0, shift.data.filled - 1) });
        if (person) tx.set(VOLUNTEER_PEOPLE, personId, { shifts: person.data.shifts.filter((entry) => entry.signupId !== signupId) });
        return { signup: { id: signup.id, data: { ...signup.data, status: 'cancelled' as const, updatedAt: at } }, shift, role, ticket };
      });
      if (found.ticket?.released) {
        onMailQueued?.();
        onSeatsFreed?.();
      }
      if (found.ticket?.mailchimpQueued) onMailchimpQueued?.();
      const event = found.signup.data.eventId ? await store.get(EVENTS, found.signup.data.eventId) : null;
      return { success: true, message: VOLUNTEER_MESSAGES.cancelled, signup: toSignupView(found.signup, found.shift.data, found.role.data, event, volunteerPageUrl) };
    },
  };
}
export type VolunteerService = ReturnType<typeof createVolunteerService>;
