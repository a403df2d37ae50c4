import { createHash } from 'node:crypto';
import type { MailchimpAudience, MemberStatusIfNew } from '../shared/mailchimp-model.js';
import { MAILCHIMP_MESSAGES } from '../shared/mailchimp-model.js';
import { RuleError } from '../rule-error.js';

/** A member to add to or update in an audience. */
export interface AudienceMember {
  email: string;
  firstName: string;
  lastName: string;
  /**
   * The status a new member gets: pending with consent (Mailchimp then asks them to confirm),
   * else transactional. An existing member's status is never changed.
   */
  statusIfNew: MemberStatusIfNew;
  /** Tags to make active on the member (tags already there stay). */
  tags: string[];
}

/** What became of one member: taken, or refused with the provider's reason. */
export type MemberOutcome = { email: string; ok: true } | { email: string; ok: false; reason: string };

/**
 * The audiences port (DESIGN §3): Mailchimp in production, demo audiences kept in the
 * store locally. A refusal of the whole call (key, audience, provider down) is thrown as
 * an AudienceError; a refusal of one member is an outcome.
 */
export interface AudiencesPort {
  readonly kind: 'mailchimp' | 'offline' | 'unconfigured';
  /** Why it is not configured (kind 'unconfigured'), with how to fix it. */
  readonly notConfiguredMessage?: string;
  listAudiences(): Promise<MailchimpAudience[]>;
  /** Adds or updates every member (keyed by the subscriber hash), one outcome per member, in order. */
  upsertMembers(audienceId: string, members: AudienceMember[]): Promise<MemberOutcome[]>;
}

/**
 * Mailchimp's key for a member: the MD5 of the lower-cased e-mail address. Upserting by it
 * makes a repeated sync update the same member instead of adding another.
 */
export function subscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * The whole call failed. `retry` says whether trying later may help (provider down, rate
 * limited, a key being rotated) or not (the audience does not exist, nothing configured).
 */
export class AudienceError extends RuleError {
  constructor(
    code: 'MAILCHIMP_NOT_CONFIGURED' | 'MAILCHIMP_AUDIENCE_NOT_FOUND' | 'MAILCHIMP_FAILED',
    message: string,
    readonly retry: boolean,
  ) {
    super(code, message, code === 'MAILCHIMP_AUDIENCE_NOT_FOUND' ? 'not-found' : 'provider-failed', code === 'MAILCHIMP_AUDIENCE_NOT_FOUND' ? 'audienceId' : undefined);
    this.name = 'AudienceError';
  }
}

export const audienceNotFound = () => new AudienceError('MAILCHIMP_AUDIENCE_NOT_FOUND', MAILCHIMP_MESSAGES.audienceNotFound, false);

/**
 * Production without a Mailchimp key: every call answers that Mailchimp is not configured
 * and how to configure it (the routes answer 503), never a 500 and never a fake.
 */
export function unconfiguredAudiences(message: string = MAILCHIMP_MESSAGES.notConfigured): AudiencesPort {
  const refuse = () => Promise.reject(new AudienceError('MAILCHIMP_NOT_CONFIGURED', message, false));
  return { kind: 'unconfigured', notConfiguredMessage: message, listAudiences: refuse, upsertMembers: refuse };
}
