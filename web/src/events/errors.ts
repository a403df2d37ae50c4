import { MESSAGES } from '@shared/messages.js';
import { ApiError } from '../api/client.js';

/** The public list's error: the server's message, else 'Failed to load events' or 'Failed to load events: {reason}'. */
export function eventsLoadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return `${MESSAGES.eventsLoadFailed}: ${error.message}`;
    return error.serverMessage ?? MESSAGES.eventsLoadFailed;
  }
  if (error instanceof Error && error.message) return `${MESSAGES.eventsLoadFailed}: ${error.message}`;
  return MESSAGES.eventsLoadFailed;
}

/** The event page's error: 'Event not found' for a 404, else 'Failed to load event details'. */
export function eventLoadErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'EVENT_NOT_FOUND' || error.code === 'NOT_FOUND')) return MESSAGES.eventNotFound;
  return MESSAGES.eventDetailsFailed;
}
