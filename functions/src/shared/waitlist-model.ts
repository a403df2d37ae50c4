/**
 * The waitlist of a full event (issue 28) without zod: statuses, limits, wording and the shapes
 * of its calls. The public join form and the waitlist page import this file; waitlist.ts builds
 * the validators from it.
 */
import { WAITLIST_CLAIM_LIMITS } from './events-model.js';
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

/**
 * Offers (issue 28 item 2). The claim window is the event's `waitlistClaimHours` (default below) but
 * never more than a quarter of the time left before the start; no offer is made in the last
 * WAITLIST_OFFER_CUTOFF_HOURS before the start (seats held for the line then go back on sale).
 */
export const DEFAULT_WAITLIST_CLAIM_HOURS = WAITLIST_CLAIM_LIMITS.defaultHours;
export const WAITLIST_OFFER_CUTOFF_HOURS = 2;
const HOUR_MS = 3_600_000;

/** Until when an offer made at `now` holds its seats, or null when no offer may be made any more (past the cut-off). */
export function offerWindowEnd(eventStartIso: string, claimHours: number | null | undefined, now: Date): string | null {
  const start = Date.parse(eventStartIso);
  if (!Number.isFinite(start)) return null;
  const left = start - now.getTime();
  if (left <= WAITLIST_OFFER_CUTOFF_HOURS * HOUR_MS) return null;
  const hours = claimHours ?? DEFAULT_WAITLIST_CLAIM_HOURS;
  return new Date(now.getTime() + Math.min(hours * HOUR_MS, left / 4)).toISOString();
}

/** How many seats an entry in line gets of `free` seats: all it asked, what there is ('accept fewer'), or none (it keeps its place). */
export function seatsToOffer(entry: { seats: number; together: boolean }, free: number): number {
  if (free >= entry.seats) return entry.seats;
  if (!entry.together && free > 0) return free;
  return 0;
}

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
  offered: (seats: number) => `${seats === 1 ? 'A seat has' : `${seats} seats have`} freed up for you.`,
  heldUntil: (when: string) => `Offered until ${when}: claim before then, or say you no longer need it.`,
  claiming: 'Claiming...',
  declining: 'Giving up...',
  keepOffer: 'Keep the offer',
  claimButton: 'Claim',
  declineButton: 'No longer needed',
  declineConfirm: 'Give up these seats? They go to the next person on the waitlist.',
  claimed: 'Your seats are yours: your tickets are on their way by e-mail.',
  declined: 'Thank you: the seats go to the next person on the waitlist.',
  notOffered: 'There is no offer to claim for this waitlist entry.',
  offerExpired: 'This offer has expired: the seats went to the next person on the waitlist.',
  claimedView: 'You claimed your seats.',
  expiredView: 'Your offer expired.',
  declinedView: 'You gave up your offer.',
  ticketLink: (index: number) => `Ticket ${index}`,
  claimedToPay: 'Your seats are held for you: pay to get your tickets. We have also e-mailed you the payment link.',
  payBefore: (when: string) => `Pay before ${when}, or the seats go to the next person in line.`,
  payLink: (index: number, count: number) => (count === 1 ? 'Pay now' : `Pay for seat ${index}`),
  makeOfferButton: 'Make offer',
  offerMade: 'Offer made',
  offerFailed: 'Failed to make the offer',
  noSeatsToOffer: 'There are no free seats to offer.',
  offerTooLate: 'Too close to the start: no more offers are made for this event.',
} as const;

/** 'You are number 3 on the waitlist.' */
export function positionText(position: number): string {
  return `You are number ${position} on the waitlist.`;
}

/** 'Offered until 14:30' (the time in the organisation's zone, formatted by the caller). */
export function offeredUntilText(time: string): string {
  return `Offered until ${time}`;
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
  /** While offered: how many seats are held for it, and until when. */
  offerSeats: number | null;
  offerExpiresAt: string | null;
  /** Once claimed: the tickets it became (their pages need no key: the ticket id is the secret of a ticket page). */
  ticketIds: string[];
  event: { id: string; title: string; date: string; location: string; customUrl: string };
}
export interface WaitlistEntryReply {
  success: true;
  entry: WaitlistEntryView;
  message?: string;
  /** A claim on a paid event (issue 28 item 2): each held seat's payment page, its key in the fragment (only in the claim's reply). */
  payments?: { ticketId: string; path: string }[];
  /** With `payments`: until when the seats are held unpaid (the offer's window). */
  heldUntil?: string;
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
  offerSeats: number | null;
  offerExpiresAt: string | null;
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
