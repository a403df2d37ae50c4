import { describe, expect, it } from 'vitest';
import { DASHBOARD_SLUG, PAGE_SLUGS } from '@shared/constants.js';
import { ROUTES, routeParams, STAFF_ROUTES } from './routes.js';
import { publicPage } from './boot/pageData.js';

describe('routeParams', () => {
  it("gives a route's decoded segments, with or without trailing slashes", () => {
    expect(routeParams(ROUTES.ticket, '/checkin/abc123')).toEqual({ ticketId: 'abc123' });
    expect(routeParams(ROUTES.ticket, '/checkin/abc123/')).toEqual({ ticketId: 'abc123' });
    expect(routeParams(ROUTES.event, '/caf%C3%A9%20night')).toEqual({ eventId: 'café night' });
    expect(routeParams(ROUTES.eventById, '/event/e1')).toEqual({ eventId: 'e1' });
    expect(routeParams(ROUTES.admin, '/admin/')).toEqual({});
    expect(routeParams(ROUTES.landing, '/')).toEqual({});
  });

  it('is null for another route, a missing or empty segment, one too many, or a malformed encoding', () => {
    expect(routeParams(ROUTES.ticket, '/checkin')).toBeNull();
    expect(routeParams(ROUTES.ticket, '/checkin/a/b')).toBeNull();
    expect(routeParams(ROUTES.ticket, '/event/abc')).toBeNull();
    expect(routeParams(ROUTES.eventById, '/event//')).toBeNull();
    expect(routeParams(ROUTES.event, '/%E0%A4%A')).toBeNull();
    expect(routeParams(ROUTES.admin, '/admins')).toBeNull();
    expect(routeParams(ROUTES.landing, '/admin')).toBeNull();
  });
});

describe('ROUTES', () => {
  it('the staff pages are the staff slugs, and every page of its own is a slug no event can take', () => {
    expect(STAFF_ROUTES).toEqual(['/admin', `/${DASHBOARD_SLUG}`, '/checkin']);
    for (const route of [...STAFF_ROUTES, ROUTES.paymentSuccess]) expect(PAGE_SLUGS).toContain(route.slice(1));
  });

  it("the pages of an e-mail's links take an RSVP id under a slug of their own (issue 23)", () => {
    expect(routeParams(ROUTES.confirmRegistration, '/confirm/r1')).toEqual({ rsvpId: 'r1' });
    expect(routeParams(ROUTES.payHold, '/pay/r1/')).toEqual({ rsvpId: 'r1' });
    expect(routeParams(ROUTES.confirmRegistration, '/confirm')).toBeNull();
    expect(routeParams(ROUTES.payHold, '/pay/a/b')).toBeNull();
    for (const route of [ROUTES.confirmRegistration, ROUTES.payHold]) expect(PAGE_SLUGS).toContain(route.split('/')[1]);
  });

  it('the Volunteer page and a sign-up page are under a slug no event can take (issue 29)', () => {
    expect(routeParams(ROUTES.volunteer, '/volunteer/')).toEqual({});
    expect(routeParams(ROUTES.volunteerSignup, '/volunteer/signup/v1')).toEqual({ signupId: 'v1' });
    expect(PAGE_SLUGS).toContain(ROUTES.volunteer.slice(1));
    // Not read as an event's address: the boot script asks for no event there.
    expect(publicPage('/volunteer')).toEqual({ kind: 'other' });
  });
});
