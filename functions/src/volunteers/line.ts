import { keyedQueue } from '../seats/choice.js';

/**
 * Sign-ups, swaps and moves into one shift (and free-ticket sign-ups of one event) take turns in
 * this process: a rush waits in line here instead of aborting on the shift counter's locks. One
 * line for the public and the admin service, so a move and a sign-up into the same shift queue
 * together; across instances the transaction still decides.
 */
export const inTurn = keyedQueue();
