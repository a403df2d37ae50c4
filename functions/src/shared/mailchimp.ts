import { z } from 'zod';
import { EVENT_LIMITS } from './events-model.js';
import { MAILCHIMP_MESSAGES, type MailchimpSyncRequest } from './mailchimp-model.js';
import type { Same } from './type-checks.js';

const required = MAILCHIMP_MESSAGES.audienceRequired;

/** POST /events/{id}/sync-mailchimp (SPEC §7): the audience to sync the event's attendees to. */
export const mailchimpSyncSchema = z
  .object({
    audienceId: z.string({ error: required }).trim().min(1, required).max(EVENT_LIMITS.mailchimpAudienceId, required),
  })
  .strip();

const _sync: Same<z.input<typeof mailchimpSyncSchema>, MailchimpSyncRequest> = true;
void _sync;
