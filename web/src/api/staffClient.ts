// The staff area's API client: the public client plus what only staff screens need (file
// downloads such as the RSVP CSV), kept here so the landing page's bundle does not carry it.
import type { ApiFailure } from '@shared/api.js';
import { MESSAGES } from '@shared/messages.js';
import { API_BASE, createApiClient, errorFromReply, send, type ApiClientOptions, type RequestOptions } from './client.js';

export function createStaffApiClient(options: ApiClientOptions = {}) {
  const { token, fetch: fetchImpl = (input, init) => fetch(input, init), base = API_BASE } = options;

  /**
   * A file the API sends (e.g. a CSV export), with the client's credentials; failures as for
   * `request`. `fileName` is the one the reply's Content-Disposition names, if any.
   */
  async function download(path: string, request: RequestOptions = {}, fallback: string = MESSAGES.internal): Promise<{ blob: Blob; fileName: string | null }> {
    const response = await send(fetchImpl, `${base}${path}`, { ...request, token: request.token ?? token });
    if (!response.ok) {
      const reply = (await response.json().catch(() => null)) as Partial<ApiFailure> | null;
      throw errorFromReply(response.status, reply, fallback);
    }
    const named = /filename="?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '');
    return { blob: await response.blob(), fileName: named ? named[1] : null };
  }

  return { ...createApiClient(options), download };
}

export type StaffApiClient = ReturnType<typeof createStaffApiClient>;
