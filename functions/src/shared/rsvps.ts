import { z } from 'zod';
import { RSVP_MESSAGES } from './rsvp-messages.js';

export { RSVP_MESSAGES } from './rsvp-messages.js';

const emailShape = z.email();

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

/** POST /events/{id}/rsvp (SPEC §7). */
export const rsvpInputSchema = z
  .object({
    name: optionalText(120),
    email: optionalText(254),
    address: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    zipCode: optionalText(20),
    ticketType: optionalText(60),
    additionalInfo: optionalText(2000),
  })
  .strip()
  .superRefine((value, ctx) => {
    if (!value.name || !value.email) {
      ctx.addIssue({ code: 'custom', path: [value.name ? 'email' : 'name'], message: RSVP_MESSAGES.nameAndEmailRequired });
      return;
    }
    if (!emailShape.safeParse(value.email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: RSVP_MESSAGES.invalidEmail });
    }
  });
export type RsvpInput = z.infer<typeof rsvpInputSchema>;
/** The body a client sends (optional fields may be left out). */
export type RsvpRequest = z.input<typeof rsvpInputSchema>;

export type RsvpStatus = 'confirmed' | 'pending_payment' | 'released' | 'cancelled';
export type PaymentStatus = 'free' | 'pending' | 'paid' | 'failed' | 'refunded';

/** An RSVP as staff lists show it; its id is the ticket id. */
export interface RsvpRecord {
  id: string;
  eventId: string;
  name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  ticketType: string;
  additionalInfo: string;
  status: RsvpStatus;
  paymentStatus: PaymentStatus;
  /** Cents. */
  amountDue: number;
  /** Cents. */
  amountPaid: number;
  paymentIntentId: string | null;
  holdExpiresAt: string | null;
  createdAt: string;
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
}

/** POST /events/{id}/rsvp reply. */
export interface RsvpReply {
  success: true;
  message: string;
  requiresPayment: boolean;
  rsvpId: string;
}

/** GET /checkin/{ticketId}?format=json: what a ticket holder and the door staff see (SPEC §3). */
export interface TicketView {
  id: string;
  attendee: { name: string; email: string; ticketType: string };
  event: { id: string; title: string; date: string; location: string; customUrl: string };
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
}
