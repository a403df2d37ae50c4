// When the staff area stops waiting for the network and carries on from what this device kept.

/**
 * How long a call may go unanswered before it counts as no network: the door's calls
 * (checkin/connection.ts; the door then admits offline) and the sign-in configuration when the device
 * kept a copy (auth/firebase.ts; the page then starts from that copy). One figure, so the door
 * never waits longer for one than for the other.
 */
export const NO_REPLY_AFTER_MS = 8000;
