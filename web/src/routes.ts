import { CONFIRM_REGISTRATION_SLUG, DASHBOARD_SLUG, MANAGE_TICKET_SLUG, PAY_HOLD_SLUG, PAYMENT_SUCCESS_SLUG, VOLUNTEER_SLUG, WAITLIST_SLUG } from '@shared/constants.js';

/**
 * The site's pages and their addresses, declared once. App.tsx routes them and preloads their
 * chunks (preloadRoute); the boot script, which must stay free of React, reads from them which
 * page an address is and what it asks for (boot/pageData.ts); the payment step sends a paid
 * registration to one. firebase.json's rewrites (staff.html for the staff pages, ticket.html for a
 * ticket) are checked against these by scripts/test/hosting-config.test.mjs.
 */
export const ROUTES = {
  landing: '/',
  paymentSuccess: `/${PAYMENT_SUCCESS_SLUG}`,
  /** The link e-mailed for a 'Confirm by e-mail' registration (issue 23); its secret is in the #key= fragment. */
  confirmRegistration: `/${CONFIRM_REGISTRATION_SLUG}/:rsvpId`,
  /** The link e-mailed for an unpaid registration's payment (issue 23); its secret is in the #key= fragment. */
  payHold: `/${PAY_HOLD_SLUG}/:rsvpId`,
  /** Issue 25: the 'Can't come?' page of a ticket; the e-mailed link's secret is in the #key= fragment. */
  manageTicket: `/${MANAGE_TICKET_SLUG}/:rsvpId/manage`,
  /** Issue 26 item 2: an order's printable receipt; the secret of its link is in the #key= fragment. */
  receipt: '/receipt/:orderId',
  /** Issue 28: a person's place on a waitlist; the e-mailed link's secret is in the #key= fragment. */
  waitlist: `/${WAITLIST_SLUG}/:entryId`,
  /** Issue 29: the footer's Volunteer page, and a volunteer's sign-up (the e-mailed link's secret in the #key= fragment). */
  volunteer: `/${VOLUNTEER_SLUG}`,
  volunteerSignup: `/${VOLUNTEER_SLUG}/signup/:signupId`,
  admin: '/admin',
  /** The secret dashboard path from SPEC §2 ({token}); also a reserved event slug. */
  dashboard: `/${DASHBOARD_SLUG}`,
  checkin: '/checkin',
  ticket: '/checkin/:ticketId',
  eventById: '/event/:eventId',
  /** An event by its custom URL or id; every first segment no other page takes (PAGE_SLUGS). */
  event: '/:eventId',
} as const;

/** The staff pages: one layout route in App.tsx, served staff.html by Hosting. */
export const STAFF_ROUTES = [ROUTES.admin, ROUTES.dashboard, ROUTES.checkin] as const;

/**
 * The decoded `:name` segments of `pathname` when it is an address of `route` (trailing slashes
 * aside); null when it is not, when a `:name` segment is empty, or when its encoding is malformed
 * (the router cannot match such an address either). Fixed parts compare case-sensitively, where
 * the router does not: `/Admin` is a staff page to it, an address of no page here.
 */
export function routeParams(route: string, pathname: string): Record<string, string> | null {
  const want = route.split('/').slice(1);
  const have = (pathname.replace(/\/+$/, '') || '/').split('/').slice(1);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = have[i] ?? '';
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return null;
      }
      if (segment === '') return null;
    } else if (part !== segment) return null;
  }
  return params;
}
