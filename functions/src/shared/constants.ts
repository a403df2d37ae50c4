/**
 * Business constants from SPEC §9, declared once for the API and the site.
 */

/** Events happen in the organisation's time zone; every date is formatted in it. */
export const ORGANISATION_TIME_ZONE = 'America/Denver';
export const CURRENCY = 'USD';

export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
export const MIN_SLIDES = 1;
export const MAX_SLIDES = 5;
export const SLIDER_AUTO_ADVANCE_MS = 8000;
export const SWIPE_THRESHOLD_PX = 50;
export const EVENT_EXCERPT_LENGTH = 150;
export const SUCCESS_MESSAGE_CLEAR_MS = 3000;
export const INVITE_REDIRECT_MS = 2000;
/** An admin invitation can be accepted for this long after it was sent (issue 14). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SCANNER_RESTART_DELAY_MS = 500;
export const CHECKIN_FORM_CLEAR_MS = 3000;
export const CHECKIN_EVENT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 6;
export const FEATURE_ICON_LENGTH = 2;
export const DEFAULT_TICKET_TYPE = 'General';
export const DEFAULT_EVENT_STATUS_FILTER = 'Active';
export const CHECKIN_FILTERS = ['all', 'pending', 'checked-in'] as const;

/** The secret dashboard path's segment (SPEC §2: /admin-zfp-dashboard-{token}). */
export const DASHBOARD_SLUG = 'admin-zfp-dashboard-2025';

/** The staff pages' paths (/admin, the dashboard, /checkin): Hosting serves them staff.html (firebase.json). */
export const STAFF_PAGE_SLUGS = ['admin', DASHBOARD_SLUG, 'checkin'] as const;

/** Where a paid registration lands (SPEC §2: /payment-success). */
export const PAYMENT_SUCCESS_SLUG = 'payment-success';

/**
 * Pages a link in an attendee's e-mail opens (issue 23): confirming a registration
 * (/confirm/{rsvpId}) and finishing an unpaid one's payment (/pay/{rsvpId}).
 */
export const CONFIRM_REGISTRATION_SLUG = 'confirm';
export const PAY_HOLD_SLUG = 'pay';
/** Issue 25: /ticket/{id}/manage, the attendee's 'Can't come?' page (its key in the #key= fragment). */
export const MANAGE_TICKET_SLUG = 'ticket';
/** Issue 28: /waitlist/{entryId}, a person's place on an event's waitlist (its key in the #key= fragment). */
export const WAITLIST_SLUG = 'waitlist';
/** Issue 29: /volunteer, the footer's page of volunteer shifts, and /volunteer/signup/{id} (its key in the #key= fragment). */
export const VOLUNTEER_SLUG = 'volunteer';

/** First path segments that are pages of their own (web/src/routes.ts), so never an event's address. */
export const PAGE_SLUGS = [...STAFF_PAGE_SLUGS, PAYMENT_SUCCESS_SLUG, CONFIRM_REGISTRATION_SLUG, PAY_HOLD_SLUG, MANAGE_TICKET_SLUG, WAITLIST_SLUG, VOLUNTEER_SLUG] as const;

/**
 * Path segments that are routes of their own, never event slugs (SPEC §2); 'tags' and
 * 'stats' are API paths beside GET /events/{idOrSlug}, so an event there could never be read.
 */
export const RESERVED_SLUGS = [...PAGE_SLUGS, 'empty', 'tags', 'stats'] as const;

/** The contact section's fixed details (SPEC §2, §9). */
export const CONTACT_PHONE = '(435) 772-3256';
export const CONTACT_ADDRESS = 'Springdale, UT 84767';

export const PROJECT_NAME = 'Zion Events';

/** Text limits that keep stored documents sane. */
export const LIMITS = {
  title: 200,
  shortText: 300,
  description: 10_000,
  url: 2_000,
  customCss: 20_000,
  ticketTypes: 20,
  tags: 30,
} as const;
