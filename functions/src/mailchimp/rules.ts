import { memberTags, nameFields, statusIfNew } from '../shared/mailchimp-model.js';
import type { AudienceMember } from './port.js';

type EventForMember = { title: string; mailchimpTags: readonly string[] };
type RsvpForMember = { name: string; email: string; status: string; keepInformed?: boolean };

/**
 * The member an RSVP makes: name fields from its name; pending (Mailchimp asks them to
 * confirm) only if the person ticked 'Keep me informed about future events', else a
 * transactional contact; tagged with the
 * event's Mailchimp tags and title, plus 'cancelled' once the RSVP is cancelled.
 */
export function memberOf(event: EventForMember, rsvp: RsvpForMember): AudienceMember {
  const { firstName, lastName } = nameFields(rsvp.name);
  return {
    email: rsvp.email.trim().toLowerCase(),
    firstName,
    lastName,
    statusIfNew: statusIfNew(rsvp.keepInformed),
    tags: memberTags(event, { cancelled: rsvp.status === 'cancelled' }),
  };
}

/**
 * The members a dashboard sync sends: one per e-mail address among the event's confirmed
 * RSVPs (a family registering under one address is one member), pending if any of that
 * address's registrations ticked the box, named after its first registration. The admin's
 * sync follows the same consent rule as the automatic one: never subscribed by us.
 */
export function membersOfEvent(event: EventForMember, rsvps: readonly RsvpForMember[]): AudienceMember[] {
  const byEmail = new Map<string, AudienceMember>();
  for (const rsvp of rsvps) {
    if (rsvp.status !== 'confirmed') continue;
    const member = memberOf(event, rsvp);
    const first = byEmail.get(member.email);
    if (!first) byEmail.set(member.email, member);
    else if (member.statusIfNew === 'pending') first.statusIfNew = 'pending';
  }
  return [...byEmail.values()];
}
