import mailchimpLibrary, { type MailchimpClient } from '@mailchimp/mailchimp_marketing';
import { MAILCHIMP_MESSAGES, type MailchimpAudience } from '../shared/mailchimp-model.js';
import { AudienceError, audienceNotFound, subscriberHash, type AudienceMember, type AudiencesPort, type MemberOutcome } from './port.js';

export interface MailchimpOptions {
  /** The Marketing API key; it ends with its data centre ('…-us21'), which is the server prefix. */
  apiKey: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
  /** Tries after a 429 (too many requests) or a 5xx before the call counts as failed. */
  retries?: number;
  /** Members sent at once: Mailchimp allows 10 simultaneous connections per key. */
  batchSize?: number;
  /** Waits between tries (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
}

/** The data centre at the end of a Mailchimp key ('0123…-us21' -> 'us21'), or null when it has none. */
export function serverPrefix(apiKey: string): string | null {
  const match = /^[0-9a-f]{8,}-([a-z]{2,}\d+)$/i.exec(apiKey.trim());
  return match ? match[1].toLowerCase() : null;
}

/** The error superagent rejects with: the status and Mailchimp's problem document. */
interface HttpFailure {
  status?: number;
  message?: string;
  response?: { body?: { title?: string; detail?: string; errors?: { field?: string; message?: string }[] }; headers?: Record<string, string> };
}

function failureOf(error: unknown): HttpFailure {
  return (error ?? {}) as HttpFailure;
}

/** Mailchimp's own words for a refusal: its detail, then the field errors, else its title. */
export function mailchimpReason(error: unknown): string {
  const failure = failureOf(error);
  const body = failure.response?.body;
  const fields = (body?.errors ?? []).map((item) => [item.field, item.message].filter(Boolean).join(': ')).filter(Boolean);
  const text = [body?.detail, ...fields].filter(Boolean).join(' ');
  return (text || body?.title || failure.message || 'Mailchimp refused the request').slice(0, 500);
}

const isRetryable = (status: number | undefined) => status === undefined || status === 429 || status >= 500;

/** Retry-After in seconds when Mailchimp sends it (capped), else 1 s, 2 s, 4 s … */
function retryDelay(error: unknown, attempt: number): number {
  const header = Number(failureOf(error).response?.headers?.['retry-after']);
  if (Number.isFinite(header) && header >= 0) return Math.min(header, 30) * 1000;
  return 1000 * 2 ** attempt;
}

/** A whole-call failure of the key or the provider, in the product's words. */
function callFailure(error: unknown): AudienceError {
  const status = failureOf(error).status;
  if (status === 401 || status === 403) return new AudienceError('MAILCHIMP_FAILED', MAILCHIMP_MESSAGES.keyRefused, true);
  if (isRetryable(status)) return new AudienceError('MAILCHIMP_FAILED', MAILCHIMP_MESSAGES.unavailable, true);
  return new AudienceError('MAILCHIMP_FAILED', `${MAILCHIMP_MESSAGES.syncFailed}: ${mailchimpReason(error)}`, false);
}

/**
 * The real audiences adapter on the Mailchimp Marketing API. A member is upserted at
 * /lists/{id}/members/{MD5 of the lower-cased e-mail} with `status_if_new` and never `status`:
 * consent makes a new member 'pending', for which Mailchimp sends its own opt-in confirmation
 * (double opt-in: a tick on our form for someone else's address subscribes no one), and an
 * existing member's status (subscribed, unsubscribed, cleaned...) is left as it is. Then its
 * tags are made active (is_syncing: no automation fires). Both calls are idempotent, so a
 * repeated sync changes nothing. Members go in batches of `batchSize` at once.
 */
export function mailchimpAudiences(options: MailchimpOptions): AudiencesPort {
  const server = serverPrefix(options.apiKey);
  if (!server) throw new Error('MAILCHIMP_API_KEY does not look like a Mailchimp API key: it ends with its data centre, e.g. -us21');
  const client: MailchimpClient = new mailchimpLibrary.constructor();
  client.setConfig({ apiKey: options.apiKey.trim(), server });
  client.timeout = options.timeoutMs ?? 20_000;
  const retries = options.retries ?? 3;
  const batchSize = options.batchSize ?? 10;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** One API call, tried again after a 429 or a 5xx (Mailchimp asks to slow down, or hiccups). */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (attempt >= retries || !isRetryable(failureOf(error).status)) throw error;
        await sleep(retryDelay(error, attempt));
      }
    }
  }

  async function upsertOne(audienceId: string, member: AudienceMember): Promise<MemberOutcome> {
    const hash = subscriberHash(member.email);
    const body = {
      email_address: member.email.trim().toLowerCase(),
      status_if_new: member.statusIfNew,
      merge_fields: { FNAME: member.firstName, LNAME: member.lastName },
    };
    try {
      // skip_merge_validation: an audience without FNAME/LNAME still takes the member.
      await call(() => client.lists.setListMember(audienceId, hash, body, { skipMergeValidation: true }));
      if (member.tags.length) {
        const tags = member.tags.map((name) => ({ name, status: 'active' as const }));
        await call(() => client.lists.updateListMemberTags(audienceId, hash, { tags, is_syncing: true }));
      }
      return { email: member.email, ok: true };
    } catch (error) {
      const status = failureOf(error).status;
      if (status === 404) throw audienceNotFound();
      if (status === 400) return { email: member.email, ok: false, reason: mailchimpReason(error) };
      throw callFailure(error);
    }
  }

  return {
    kind: 'mailchimp',

    async listAudiences(): Promise<MailchimpAudience[]> {
      const audiences: MailchimpAudience[] = [];
      const fields = ['lists.id', 'lists.name', 'lists.stats.member_count', 'total_items'];
      try {
        for (let offset = 0; ; ) {
          const page = await call(() => client.lists.getAllLists({ count: 1000, offset, fields }));
          audiences.push(...page.lists.map((list) => ({ id: list.id, name: list.name, memberCount: list.stats?.member_count ?? 0 })));
          offset += page.lists.length;
          if (!page.lists.length || offset >= page.total_items) break;
        }
      } catch (error) {
        throw callFailure(error);
      }
      return audiences.sort((a, b) => a.name.localeCompare(b.name));
    },

    async upsertMembers(audienceId, members) {
      const outcomes: MemberOutcome[] = [];
      for (let start = 0; start < members.length; start += batchSize) {
        const settled = await Promise.allSettled(members.slice(start, start + batchSize).map((member) => upsertOne(audienceId, member)));
        // A refusal of the whole call (key, audience, provider) ends the sync once its batch is in.
        const whole = settled.find((result) => result.status === 'rejected');
        if (whole) throw whole.reason;
        for (const result of settled) if (result.status === 'fulfilled') outcomes.push(result.value);
      }
      return outcomes;
    },
  };
}
