// Mailchimp calls of the dashboard (issue 11): the audiences (with their member counts) and
// the sync of an event's attendees. Staff chunks only.
import { queryOptions } from '@tanstack/react-query';
import { MAILCHIMP_MESSAGES, type MailchimpAudience, type MailchimpAudiencesReply, type MailchimpSyncReply } from '@shared/mailchimp-model.js';
import { ApiError, errorText, type ApiClient } from '../api/client.js';
import { queryKeys } from '../api/query.js';

type Api = Pick<ApiClient, 'request'>;

export const mailchimpCalls = {
  audiences: (api: Api, signal?: AbortSignal): Promise<MailchimpAudience[]> =>
    api.request<MailchimpAudiencesReply>('/mailchimp/audiences', { signal }, MAILCHIMP_MESSAGES.loadFailed).then((reply) => reply.audiences ?? []),
  sync: (api: Api, eventId: string, audienceId: string) =>
    api.request<MailchimpSyncReply>(`/events/${encodeURIComponent(eventId)}/sync-mailchimp`, { method: 'POST', body: { audienceId } }, MAILCHIMP_MESSAGES.syncFailed),
};

export function audiencesQuery(api: Api) {
  return queryOptions({ queryKey: queryKeys.mailchimpAudiences(), queryFn: ({ signal }) => mailchimpCalls.audiences(api, signal) });
}

/** Mailchimp has no key in this deployment: the API's message says how to configure it. */
export function isNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'MAILCHIMP_NOT_CONFIGURED';
}

/**
 * A failed sync as the dashboard says it: 'Failed to sync to Mailchimp' (SPEC §8), with the
 * API's reason when it gave one; the not-configured message as it is (it says what to do).
 */
export function syncFailureText(error: unknown): string {
  const reason = errorText(error, MAILCHIMP_MESSAGES.syncFailed);
  if (isNotConfigured(error) || reason === MAILCHIMP_MESSAGES.syncFailed) return reason;
  return `${MAILCHIMP_MESSAGES.syncFailed}: ${reason}`;
}

/** '1 subscriber', '1,234 subscribers'. */
export function subscribersText(count: number): string {
  return `${count.toLocaleString('en-US')} subscriber${count === 1 ? '' : 's'}`;
}

/** The audience to offer first: the event's own when it still exists, else the only one. */
export function preferredAudience(audiences: readonly MailchimpAudience[], eventAudienceId: string): string {
  if (audiences.some((audience) => audience.id === eventAudienceId)) return eventAudienceId;
  return audiences.length === 1 ? audiences[0].id : '';
}
