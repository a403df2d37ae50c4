// The Activity tab's and the RSVP timeline's calls (issue 28 item 5), their queries and pure helpers.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { AUDIT_ACTION_LABELS, AUDIT_MESSAGES, type AuditAction, type AuditEntry, type AuditHistoryReply, type AuditPageReply } from '@shared/audit-model.js';
import type { StaffApiClient } from '../../api/staffClient.js';

type Api = Pick<StaffApiClient, 'request' | 'download'>;

/** What the Activity tab filters by (all optional; dates YYYY-MM-DD). */
export interface ActivityFilter {
  eventId: string;
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export const NO_FILTER: ActivityFilter = { eventId: '', actor: '', action: '', from: '', to: '' };

/** The query string of a filter (empty fields left out), with the page's cursor. */
export function activitySearch(filter: ActivityFilter, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value.trim()) params.set(key, value.trim());
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every audit query starts with this key: an action that records an entry invalidates it. */
export const AUDIT_KEY = ['audit'] as const;

export function activityQuery(api: Pick<StaffApiClient, 'request'>, filter: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: [...AUDIT_KEY, 'activity', filter] as const,
    queryFn: ({ pageParam, signal }) => api.request<AuditPageReply>(`/audit${activitySearch(filter, pageParam)}`, { signal }, AUDIT_MESSAGES.loadFailed),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function historyQuery(api: Pick<StaffApiClient, 'request'>, rsvpId: string) {
  return queryOptions({
    queryKey: [...AUDIT_KEY, 'rsvp', rsvpId] as const,
    queryFn: ({ signal }) =>
      api.request<AuditHistoryReply>(`/rsvps/${encodeURIComponent(rsvpId)}/history`, { signal }, AUDIT_MESSAGES.historyFailed).then((r) => r.entries ?? []),
    staleTime: 0,
  });
}

export const auditCalls = {
  csv: (api: Api, filter: ActivityFilter) => api.download(`/audit.csv${activitySearch(filter)}`, {}, AUDIT_MESSAGES.csvFailed),
};

export function invalidateAudit(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
}

/** The actions in the order the filter lists them, with their labels. */
export const ACTION_CHOICES = Object.entries(AUDIT_ACTION_LABELS) as [AuditAction, string][];
export type { AuditEntry };
