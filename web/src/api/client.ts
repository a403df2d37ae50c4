import type { ApiFailure } from '@shared/api.js';
import { codeForStatus, type ErrorCode } from '@shared/error-codes.js';
import type { EventsPageReply, PublicEventRecord } from '@shared/events-model.js';
import { MESSAGES } from '@shared/messages.js';
import type { ContactRequest } from '@shared/mail-model.js';
import type { CreatePaymentIntentReply, OfflineCardRequest, PaymentConfigReply, PaymentIntentRequest } from '@shared/payments-model.js';
import { PAYMENT_INIT_FAILED, PAYMENT_PROCESSING_FAILED } from '@shared/payments-model.js';
import type { RsvpRequest } from '@shared/rsvps-model.js';

/** Request bodies are the shared schemas' input types: declared once, for API and site. */
export type { ContactRequest, OfflineCardRequest, PaymentIntentRequest, RsvpRequest };
import type { SessionInfo } from '@shared/session-model.js';
import type { Sponsor } from '@shared/sponsors-model.js';
import type { Theme } from '@shared/theme-model.js';
import { takeArrivedBody, takeEarlyResponse } from './earlyResponses.js';
import { API_BASE, THEME_PATH } from './paths.js';
import { eventPath, eventsPagePath, SPONSORS_PATH } from './publicPaths.js';

/** The product API's base path; Hosting rewrites /api/** to the function. */
export { API_BASE };

/** What failed: the API's stable code, or 'NETWORK' when no reply arrived. */
export type ApiErrorCode = ErrorCode | 'NETWORK';

/** The code of a failure with no code of its own: 'NETWORK' for status 0, else the status's generic code. */
export function codeOf(status: number): ApiErrorCode {
  return status === 0 ? 'NETWORK' : codeForStatus(status);
}

/**
 * A failed call. `status` is the HTTP status (0 when the network failed); `code` the
 * API's stable code from the failure envelope (branch on it, never on the wording);
 * `serverMessage` is the API's own wording when it sent one. For 401/403 the
 * error's message is always MESSAGES.authRequired (SPEC §6), while
 * `serverMessage` still tells *why* (e.g. the account has no role).
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;

  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage?: string,
    readonly fieldErrors?: Record<string, string>,
    code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code ?? codeOf(status);
  }

  /** True for 401 and 403: the caller must sign in (again) or lacks access. */
  get authRequired(): boolean {
    return this.status === 401 || this.status === 403;
  }

  get isNetworkError(): boolean {
    return this.code === 'NETWORK';
  }
}

/**
 * The one way to turn a failure into text for people: an ApiError's message (the
 * server's wording or the call's fallback), the sign-in message for 401/403, the
 * network message when no reply came; anything else (a bug, a thrown string) gets `fallback`.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.authRequired) return MESSAGES.authRequired;
  if (error.isNetworkError) return MESSAGES.networkError;
  return error.message || fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Returns the signed-in user's ID token, or null when there is none. */
export type TokenSource = () => Promise<string | null>;

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** Present for authenticated calls: adds `Authorization: Bearer <idToken>`. */
  token?: TokenSource;
  signal?: AbortSignal;
  /**
   * The page preloads this call (`<link rel="preload" as="fetch" crossorigin>`, see vite.config.ts):
   * it is sent with the preload's credentials mode ('same-origin'), else the browser ignores the
   * preload and asks again. The site sets no cookies of its own, so nothing more is sent.
   */
  preloaded?: boolean;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Builds the request init: public calls carry no credentials, authenticated ones a bearer token. */
export async function buildRequestInit(options: RequestOptions): Promise<RequestInit> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: options.method ?? 'GET', headers, signal: options.signal };
  if (options.token) {
    let idToken: string | null = null;
    try {
      idToken = await options.token();
    } catch (error) {
      // A token source's own ApiError stands: a token not renewed for want of a network (a door
      // offline for over an hour, auth/AuthProvider.tsx) is no reply, not 'sign in again' (issue 24 item 4).
      if (error instanceof ApiError) throw error;
      idToken = null;
    }
    if (!idToken) throw new ApiError(MESSAGES.authRequired, 401);
    headers.Authorization = `Bearer ${idToken}`;
    headers['Content-Type'] = 'application/json';
    init.credentials = 'omit';
  } else {
    init.credentials = options.preloaded ? 'same-origin' : 'omit';
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  }
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  return init;
}

/** Turns a non-OK reply into an ApiError with the spec's wording. */
export function errorFromReply(status: number, reply: Partial<ApiFailure> | null, fallback: string): ApiError {
  const serverMessage = reply && typeof reply.message === 'string' && reply.message ? reply.message : undefined;
  // The API declares its codes in shared/error-codes.ts; a reply without one gets the status's generic code.
  // (Not checked against ERROR_CODES: that list would weigh on the landing page.)
  const code = reply && typeof reply.code === 'string' && reply.code ? reply.code : codeOf(status);
  if (status === 401 || status === 403) return new ApiError(MESSAGES.authRequired, status, serverMessage, undefined, code);
  return new ApiError(serverMessage ?? fallback, status, serverMessage, reply?.errors, code);
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await response.json();
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface ApiClientOptions {
  /** Makes every call authenticated with this token source (the staff area's client). */
  token?: TokenSource;
  fetch?: FetchLike;
  base?: string;
}

const defaultFetch: FetchLike = (input, init) => fetch(input, init);

/** Sends a call (see buildRequestInit); a failure to reach the API becomes ApiError 'NETWORK', an abort stays an abort. */
export async function send(fetchImpl: FetchLike, url: string, options: RequestOptions): Promise<Response> {
  const init = await buildRequestInit(options);
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(MESSAGES.networkError, 0);
  }
}

/**
 * One typed client over the API's shared shapes. `createApiClient({ token })` gives an
 * authenticated client (every call carries the bearer token); the older positional form
 * `createApiClient(fetch, base)` stays for tests.
 */
export function createApiClient(options: ApiClientOptions | FetchLike = {}, baseArg?: string) {
  const { token: clientToken, fetch: fetchImpl = defaultFetch, base = baseArg ?? API_BASE } = typeof options === 'function' ? { fetch: options } : options;
  async function request<T extends object>(path: string, options: RequestOptions = {}, fallback: string = MESSAGES.internal): Promise<T> {
    const url = `${base}${path}`;
    const token = options.token ?? clientToken;
    // A public GET the boot script already asked for (boot/boot.ts) takes that reply instead of asking again.
    const early = !token && (options.method ?? 'GET') === 'GET' ? takeEarlyResponse(url) : undefined;
    const response = early ? await early.catch(() => Promise.reject(new ApiError(MESSAGES.networkError, 0))) : await send(fetchImpl, url, { ...options, token });
    const reply = await readJson(response);
    if (!response.ok || !reply || reply.success === false) {
      throw errorFromReply(response.ok ? 500 : response.status, reply as Partial<ApiFailure> | null, fallback);
    }
    return reply as T;
  }

  /**
   * The body of a public GET the boot script asked for (boot/boot.ts), when it is already in: given
   * once, instead of asking. A page whose data is here at its first render starts with it, rather
   * than showing a spinner first and itself a moment later. Undefined when it is not (yet) here.
   */
  function arrived<T extends object>(path: string): T | undefined {
    const body = takeArrivedBody(`${base}${path}`);
    return body && typeof body === 'object' && (body as { success?: unknown }).success !== false ? (body as T) : undefined;
  }

  // Calls with wording the landing page does not need live with their screens (rsvps/registration.ts,
  // checkin/ticket.ts, payments/paymentFlow.ts), so RSVP_MESSAGES stays out of the landing page's bundle.
  return {
    request,
    arrived,
    getTheme: (signal?: AbortSignal) => request<{ theme: Theme }>(THEME_PATH, { signal, preloaded: true }, MESSAGES.themeLoadFailed).then((r) => r.theme),
    listEvents: (signal?: AbortSignal) =>
      request<{ events: PublicEventRecord[] }>('/events', { signal }, MESSAGES.eventsLoadFailed).then((r) => r.events ?? []),
    /** One page of the upcoming public events (the landing page); pass the last page's nextCursor for the next. */
    listEventsPage: (cursor: string | null, signal?: AbortSignal) =>
      request<EventsPageReply>(eventsPagePath(cursor), { signal }, MESSAGES.eventsLoadFailed),
    getEvent: (idOrSlug: string, signal?: AbortSignal) =>
      request<{ event: PublicEventRecord }>(eventPath(idOrSlug), { signal }, MESSAGES.eventDetailsFailed).then((r) => r.event),
    /** The event, when the boot script's reply for it is already in (given once); else undefined: ask getEvent. */
    arrivedEvent: (idOrSlug: string): PublicEventRecord | undefined => {
      const event = arrived<{ event?: PublicEventRecord }>(eventPath(idOrSlug))?.event;
      return event && typeof event === 'object' ? event : undefined;
    },
    listSponsors: (signal?: AbortSignal) =>
      request<{ sponsors: Pick<Sponsor, 'id' | 'name' | 'logo' | 'website'>[] }>(SPONSORS_PATH, { signal }, MESSAGES.sponsorsLoadFailed).then((r) => r.sponsors ?? []),
    getPaymentConfig: (signal?: AbortSignal) => request<PaymentConfigReply>('/payments/config', { signal }, PAYMENT_INIT_FAILED),
    createPaymentIntent: (body: PaymentIntentRequest, signal?: AbortSignal) =>
      request<CreatePaymentIntentReply>('/create-payment-intent', { method: 'POST', body, signal }, PAYMENT_INIT_FAILED),
    confirmOfflinePayment: (paymentIntentId: string, body: OfflineCardRequest, signal?: AbortSignal) =>
      request<{ status: 'succeeded'; paymentIntentId: string }>(
        `/offline-payments/${encodeURIComponent(paymentIntentId)}/confirm`,
        { method: 'POST', body, signal },
        PAYMENT_PROCESSING_FAILED,
      ),
    sendContact: (body: ContactRequest, signal?: AbortSignal) =>
      request<{ message?: string }>('/contact', { method: 'POST', body, signal }),
    /** GET /session: the signed-in user's e-mail and role (needs the authenticated client). */
    getSession: (signal?: AbortSignal) =>
      request<SessionInfo>('/session', { signal }).then((r) => ({ email: r.email, role: r.role }) satisfies SessionInfo),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient();
