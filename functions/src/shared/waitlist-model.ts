/**
 * The waitlist of a full event (issue 28) without zod: statuses, limits, wording and the shapes
 * of its calls. The public join form and the waitlist page import this file; waitlist.ts builds
 * the validators from it.
 */
import { RSVP_FIELD_LIMITS } from './rsvps-model.js';

/**
 * An entry's life. This round: 'waiting' (joined), 'left' (the person left from their page) and
 * 'removed' (an admin removed it). Declared for the automatic offers of a later round: 'offered'
 * (seats held for it until a time), 'claimed', 'expired', 'declined'.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'claimed', 'expired', 'declined', 'removed', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Statuses that keep a place in the line (an offer keeps its place until claimed, expired or declined). */
export const WAITLIST_IN_LINE: readonly WaitlistStatus[] = ['waiting', 'offered'];

export const WAITLIST_LIMITS = { name: RSVP_FIELD_LIMITS.name, email: RSVP_FIELD_LIMITS.email, minSeats: 1 } as const;

/** How the RSVPs tab names each status. */
export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  claimed: 'Claimed',
  expired: 'Expired',
  declined: 'Declined',
  removed: 'Removed',
  left: 'Left',
};

export const WAITLIST_MESSAGES = {
  joinHeading: 'Join the waitlist',
  joinIntro: 'Join the waitlist and we will e-mail you if seats free up.',
  joinButton: 'Join the waitlist',
  seatsLabel: 'Number of seats',
  togetherLegend: 'If fewer seats free up',
  togetherLabel: 'All together only',
  fewerLabel: 'Accept fewer',
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  seatsInvalid: 'Choose a whole number of seats',
  seatsOverLimit: (limit: number) => `At most ${limit} ${limit === 1 ? 'seat' : 'seats'} per e-mail address for this event`,
  notFull: 'This event still has seats: register instead of joining the waitlist.',
  joined: 'You are on the waitlist. We have e-mailed you a link to your waitlist page.',
  alreadyOnList: 'This e-mail address is already on the waitlist. Your link was e-mailed when you joined.',
  linkInvalid: 'This waitlist link is not valid. Use the link in your most recent e-mail.',
  notWaiting: 'You are no longer on this waitlist.',
  leaveButton: 'Leave the waitlist',
  leaveConfirm: 'Leave the waitlist? You lose your place in line.',
  left: 'You have left the waitlist.',
  entryNotFound: 'Waitlist entry not found',
  removed: 'Removed from the waitlist',
  loadFailed: 'Failed to load the waitlist',
  removeFailed: 'Failed to remove the entry',
  joinFailed: 'Could not join the waitlist. Please try again.',
} as const;

/** 'You are number 3 on the waitlist.' */
export function positionText(position: number): string {
  return `You are number ${position} on the waitlist.`;
}

/** '2 waiting' on the Events list. */
export function waitingText(count: number): string {
  return `${count} waiting`;
}

/** POST /events/{id}/waitlist. */
export interface JoinWaitlistRequest {
  name: string;
  email: string;
  seats: number;
  /** true: all the seats together or none ('All together only'); false: 'Accept fewer'. */
  together: boolean;
}

/**
 * The reply never carries the entry's id nor its key: whoever typed the address may not be its
 * owner, so the page's link goes only to the address (like registration's repeat rule).
 */
export interface JoinWaitlistReply {
  success: true;
  message: string;
  position: number;
  /** True when the address was already on the list: the existing entry's position, no second entry. */
  alreadyOnList: boolean;
}

/** A waitlist entry as its owner's page shows it (POST /waitlist/{id}/view with the key). */
export interface WaitlistEntryView {
  id: string;
  status: WaitlistStatus;
  name: string;
  seats: number;
  together: boolean;
  joinedAt: string;
  /** Current place in line (1 = next), null when not in line. */
  position: number | null;
  event: { id: string; title: string; date: string; location: string; customUrl: string };
}
export interface WaitlistEntryReply {
  success: true;
  entry: WaitlistEntryView;
  message?: string;
}

/** A row of the admin list (GET /events/{id}/waitlist). */
export interface WaitlistAdminEntry {
  id: string;
  position: number | null;
  name: string;
  email: string;
  seats: number;
  together: boolean;
  joinedAt: string;
  status: WaitlistStatus;
}
export interface WaitlistAdminReply {
  success: true;
  entries: WaitlistAdminEntry[];
}

/** GET /waitlist/counts (admin): waiting entries per event id, events with none left out. */
export interface WaitlistCountsReply {
  success: true;
  counts: Record<string, number>;
}

export const WAITLIST_CSV_COLUMNS = ['Position', 'Name', 'Email', 'Seats', 'Together', 'Joined', 'Status'] as const;
