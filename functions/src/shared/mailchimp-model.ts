/**
 * Mailchimp audiences and the sync of an event's RSVPs to one (SPEC §3, §7, §8; issue 11),
 * without zod: the shapes the API answers, the wording, and the rules that decide what a
 * member looks like (consent, tags, name fields). mailchimp.ts builds the validator.
 */

/** A Mailchimp audience (list): its id, name and number of subscribed members (Mailchimp's member_count). */
export interface MailchimpAudience {
  id: string;
  name: string;
  memberCount: number;
}

/** GET /mailchimp/audiences (admins). */
export interface MailchimpAudiencesReply {
  success: true;
  audiences: MailchimpAudience[];
}

/** POST /events/{id}/sync-mailchimp body. */
export interface MailchimpSyncRequest {
  audienceId: string;
}

/** One attendee Mailchimp did not take, and its reason in Mailchimp's words. */
export interface MailchimpSyncFailure {
  email: string;
  reason: string;
}

/** POST /events/{id}/sync-mailchimp reply: members synced, and every failure with its reason. */
export interface MailchimpSyncReply {
  success: true;
  message: string;
  results: { success: number; failed: MailchimpSyncFailure[] };
}

/** How to configure the real adapter, for the not-configured message. */
export const MAILCHIMP_SETUP_HINT =
  'Set the MAILCHIMP_API_KEY secret (firebase functions:secrets:set MAILCHIMP_API_KEY, and MAILCHIMP_ENABLED=true in functions/.env) and deploy again.';

export const MAILCHIMP_MESSAGES = {
  syncFailed: 'Failed to sync to Mailchimp',
  loadFailed: 'Failed to load Mailchimp audiences',
  notConfigured: `Mailchimp is not configured. ${MAILCHIMP_SETUP_HINT}`,
  audienceRequired: 'Choose a Mailchimp audience',
  audienceNotFound: 'Mailchimp audience not found',
  keyRefused: 'Mailchimp refused the API key. Check the MAILCHIMP_API_KEY secret.',
  unavailable: 'Mailchimp could not be reached. Please try again in a minute.',
  noAttendees: 'This event has no confirmed attendees to sync',
} as const;

/** 'n synced, m failed': the dashboard's summary of a sync. */
export function syncSummary(results: { success: number; failed: readonly unknown[] }): string {
  return `${results.success} synced, ${results.failed.length} failed`;
}

/** The tag a member gets when their RSVP is cancelled: they stay in the audience, marked. */
export const CANCELLED_TAG = 'cancelled';
/** Mailchimp's longest tag name. */
export const MAILCHIMP_TAG_MAX = 100;

/** The status a new member is created with: never 'subscribed' (issue 23 item 4: double opt-in). */
export type MemberStatusIfNew = 'pending' | 'transactional';

/**
 * Consent (issue 23 item 4: double opt-in): a tick on our form is only a request, since anyone
 * can type anyone's address. Who ticked 'Keep me informed about future events' is added as
 * pending, and Mailchimp e-mails them its own confirmation; only their click there makes them
 * subscribed. Everyone else is a transactional contact, never sent marketing. It only decides
 * a new member's status: an existing member's (subscribed, unsubscribed, cleaned...) is never
 * changed, so nothing we send raises it.
 */
export function statusIfNew(keepInformed: boolean | undefined): MemberStatusIfNew {
  return keepInformed === true ? 'pending' : 'transactional';
}

/** The tags a member of an event gets: the event's Mailchimp tags and its title (each at most 100 characters, once). */
export function memberTags(event: { title: string; mailchimpTags: readonly string[] }, options: { cancelled?: boolean } = {}): string[] {
  const tags = [...event.mailchimpTags, event.title, ...(options.cancelled ? [CANCELLED_TAG] : [])]
    .map((tag) => tag.trim().slice(0, MAILCHIMP_TAG_MAX).trim())
    .filter(Boolean);
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The name merge fields: the first word is the first name, the rest the last name. */
export function nameFields(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}
