// The Sponsors tab's calls, its query (one per resource) and its pure helpers.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@shared/messages.js';
import { SPONSOR_MESSAGES, type Sponsor, type SponsorInput, type SponsorReply, type SponsorsReply, type SponsorUpdateInput } from '@shared/sponsors-model.js';
import { ApiError, errorText, type ApiClient } from '../../api/client.js';

type Api = Pick<ApiClient, 'request'>;
const id = encodeURIComponent;

/** The sponsors list's query key: the tab's only resource (the public strip fetches on its own, uncached). */
export const SPONSORS_KEY = ['sponsors'] as const;

/** The logo's hint, the same in the add form and the edit dialog. */
export const LOGO_HINT = `Logo: ${SPONSOR_MESSAGES.logoHint}. PNG, JPEG, WebP or GIF, at most 5MB.`;
/** The website field's hint (add form and edit dialog). */
export const WEBSITE_HINT = 'Optional. The logo in the public strip links to it: a full address, e.g. https://example.org';

export const sponsorCalls = {
  list: (api: Api, signal?: AbortSignal) => api.request<SponsorsReply>('/sponsors', { signal }, MESSAGES.sponsorsLoadFailed).then((r) => r.sponsors ?? []),
  add: (api: Api, body: SponsorInput) => api.request<SponsorReply>('/sponsors', { method: 'POST', body }, SPONSOR_MESSAGES.addFailed),
  /** PUT /sponsors/{id}: only the fields sent change; the sponsor keeps its place in the strip. */
  update: (api: Api, sponsorId: string, body: SponsorUpdateInput) =>
    api.request<SponsorReply>(`/sponsors/${id(sponsorId)}`, { method: 'PUT', body }, SPONSOR_MESSAGES.updateFailed),
  remove: (api: Api, sponsorId: string) => api.request<{ message?: string }>(`/sponsors/${id(sponsorId)}`, { method: 'DELETE' }, SPONSOR_MESSAGES.deleteFailed),
  reorder: (api: Api, ids: readonly string[]) =>
    api.request<SponsorsReply>('/sponsors/order', { method: 'PUT', body: { ids: [...ids] } }, SPONSOR_MESSAGES.orderFailed),
};

export function sponsorsQuery(api: Api) {
  return queryOptions({ queryKey: SPONSORS_KEY, queryFn: ({ signal }) => sponsorCalls.list(api, signal) });
}

export function invalidateSponsors(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: SPONSORS_KEY });
}

/** The list with the sponsor at `index` moved one place (`by` -1 up, +1 down); the same list when it cannot move. */
export function moveSponsor<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** A failed action's text: its SPEC §8 message, with the API's reason when it gave one ('Error deleting sponsor: Sponsor not found'). */
export function actionFailure(error: unknown, message: string): string {
  const reason = errorText(error, message);
  return reason === message ? message : `${message}: ${reason}`;
}

/** Whether the API refused the logo itself (not an image, over 5MB): the upload's reason, not 'Error adding sponsor'. */
export function isLogoRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'INVALID_IMAGE' || error.code === 'FILE_TOO_LARGE');
}

/**
 * What a failed add (or, with `fallback` 'Error saving sponsor', a failed edit) says: 'Error uploading
 * sponsor logo: <why>' for a refused logo, else '<fallback>: <why>'.
 */
export function addFailure(error: unknown, fallback: string = SPONSOR_MESSAGES.addFailed): string {
  if (isLogoRefusal(error)) {
    const prefix = SPONSOR_MESSAGES.logoUploadFailed;
    return error.message.startsWith(prefix) ? error.message : `${prefix}: ${error.message}`;
  }
  return actionFailure(error, fallback);
}

/** The edit dialog's values: what the admin sees, untrimmed; `imageData` '' while no new logo is chosen. */
export interface SponsorEditValues {
  name: string;
  website: string;
  imageData: string;
  fileName: string;
  mimeType: string;
}

export const editValuesOf = (sponsor: Pick<Sponsor, 'name' | 'website'>): SponsorEditValues => ({
  name: sponsor.name,
  website: sponsor.website,
  imageData: '',
  fileName: '',
  mimeType: '',
});

/**
 * The PUT's body: only what the admin changed (compared trimmed, as the server stores it), so a
 * field left alone is never sent; a new logo goes with its file name and type. Empty when nothing changed.
 */
export function changedSponsorFields(sponsor: Pick<Sponsor, 'name' | 'website'>, values: SponsorEditValues): SponsorUpdateInput {
  const changes: SponsorUpdateInput = {};
  if (values.name.trim() !== sponsor.name) changes.name = values.name;
  if (values.website.trim() !== sponsor.website) changes.website = values.website;
  if (values.imageData) Object.assign(changes, { imageData: values.imageData, fileName: values.fileName, mimeType: values.mimeType });
  return changes;
}

/** Where a sponsor is, for people: 'position 2 of 4'. */
export function positionText(sponsors: readonly Pick<Sponsor, 'id'>[], sponsorId: string): string {
  return `position ${sponsors.findIndex((s) => s.id === sponsorId) + 1} of ${sponsors.length}`;
}
