// The Theme tab's calls and its query (GET /theme as the dashboard reads it).
import { queryOptions } from '@tanstack/react-query';
import { MESSAGES } from '@shared/messages.js';
import type { Theme } from '@shared/theme-model.js';
import { UPLOAD_MESSAGES, type UploadReply, type UploadRequest } from '@shared/uploads-model.js';
import { ApiError, type ApiClient } from '../api/client.js';

type Api = Pick<ApiClient, 'request'>;

/** SPEC §8's theme upload failures (the server's own refusals, e.g. a file too large, keep their wording). */
export const THEME_UPLOAD_TEXT = {
  network: 'Failed to upload image: Network error',
  processFailed: 'Failed to process file',
} as const;

export const themeQueryKey = ['theme'] as const;

export const themeCalls = {
  get: (api: Api, signal?: AbortSignal) => api.request<{ theme: Theme }>('/theme', { signal }, MESSAGES.themeLoadFailed).then((reply) => reply.theme),
  save: (api: Api, theme: Theme) => api.request<{ success: true; message: string; theme: Theme }>('/theme', { method: 'PUT', body: theme }, MESSAGES.themeSaveFailed),
  /**
   * POST /upload with SPEC §8's wording: no reply at all is 'Failed to upload image: Network
   * error'; a reply that is not an image address 'Failed to process file'; the server's refusals
   * ('File too large. Maximum size is 5MB.') are shown as they are.
   */
  upload: async (api: Api, body: UploadRequest): Promise<UploadReply> => {
    let reply: UploadReply;
    try {
      reply = await api.request<UploadReply>('/upload', { method: 'POST', body }, UPLOAD_MESSAGES.uploadFailed);
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError) // Not code NETWORK: errorText would answer the generic network message instead of §8's.
        throw new ApiError(THEME_UPLOAD_TEXT.network, 503, undefined, undefined, 'INTERNAL');
      throw error;
    }
    if (typeof reply?.imageUrl !== 'string' || !reply.imageUrl) throw new ApiError(THEME_UPLOAD_TEXT.processFailed, 502, undefined, undefined, 'INTERNAL');
    return reply;
  },
};

export function themeQuery(api: Api) {
  return queryOptions({ queryKey: themeQueryKey, queryFn: ({ signal }) => themeCalls.get(api, signal) });
}
