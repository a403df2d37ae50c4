/**
 * A volunteer's pass on their sign-up page (issue 29 item 5): its reply and words. A file of its own,
 * so the public sign-up page's chunk carries only these, not the door's model (volunteer-door-model.ts).
 */

export const VOLUNTEER_PASS_TEXT = {
  title: 'Your volunteer pass',
  hint: 'Show this code at the door: the staff scan it to check you in.',
  code: 'Pass code',
  label: 'Volunteer pass QR code',
} as const;

/** POST /volunteer/signups/{signupId}/pass (the page's key in the body): the pass of an active sign-up. */
export interface VolunteerPassReply {
  success: true;
  /** The sign-up id, printed under the code so it can be typed at the door. */
  code: string;
  /** The QR code of volunteerPassUrl (volunteer-door-model.ts), drawn by the page as an <svg> (as the ticket page's). */
  qr: { size: number; path: string };
}
