import { describe, expect, it } from 'vitest';
import { DASHBOARD_SLUG } from '@shared/constants.js';
import { isLandingPath, pageDataPaths, publicPage } from './pageData.js';

// What the boot script asks for must be exactly what each page's component then asks for
// (App.tsx's routes; the e2e journey 'every API call of a public page is asked once' checks the pair).
describe('pageDataPaths', () => {
  it('the landing page: the theme, the first 12 events and the sponsors', () => {
    expect(pageDataPaths('/')).toEqual(['/theme', '/events?limit=12', '/sponsors']);
    expect(isLandingPath('/')).toBe(true);
    expect(isLandingPath('/stargazing')).toBe(false);
  });

  it('an event page, by custom URL or by id, with or without a trailing slash', () => {
    expect(pageDataPaths('/stargazing')).toEqual(['/theme', '/events/stargazing']);
    expect(pageDataPaths('/stargazing/')).toEqual(['/theme', '/events/stargazing']);
    expect(pageDataPaths('/event/abc123')).toEqual(['/theme', '/events/abc123']);
    // The router hands the component the decoded segment, which the client encodes again.
    expect(pageDataPaths('/caf%C3%A9%20night')).toEqual(['/theme', '/events/caf%C3%A9%20night']);
  });

  it("a ticket page: its ticket, as the ticket page asks (trimmed, as a holder's view)", () => {
    expect(pageDataPaths('/checkin/uwtmBPK4hh-ZFdpOk4YvKQ')).toEqual(['/theme', '/checkin/uwtmBPK4hh-ZFdpOk4YvKQ?format=json']);
    expect(pageDataPaths('/checkin/%20abc%20')).toEqual(['/theme', '/checkin/abc?format=json']);
  });

  it('pages with no data of their own, and addresses no page answers, ask for the theme only', () => {
    for (const path of ['/admin', `/${DASHBOARD_SLUG}`, '/checkin', '/checkin/', '/payment-success', '/confirm/r1', '/pay/r1', '/confirm', '/pay', '/a/b/c', '/checkin/%20', '/%E0%A4%A']) {
      expect(pageDataPaths(path), path).toEqual(['/theme']);
    }
  });

  it('a reserved slug, which the event page refuses without asking, asks for the theme only', () => {
    for (const path of ['/empty', '/tags', '/stats', '/Empty', '/event/admin', '/event/%20Admin', '/event/payment-success', `/event/${DASHBOARD_SLUG}`, '/event/empty']) {
      expect(pageDataPaths(path), path).toEqual(['/theme']);
    }
  });
});

describe('publicPage', () => {
  it('names the page and the call that brings its own data', () => {
    expect(publicPage('/')).toEqual({ kind: 'landing' });
    expect(publicPage('/stargazing')).toEqual({ kind: 'event', dataPath: '/events/stargazing' });
    expect(publicPage('/event/abc123/')).toEqual({ kind: 'event', dataPath: '/events/abc123' });
    expect(publicPage('/checkin/%20abc%20')).toEqual({ kind: 'ticket', dataPath: '/checkin/abc?format=json' });
    for (const path of ['/admin', '/checkin', '/payment-success', '/a/b/c', '/%E0%A4%A']) expect(publicPage(path), path).toEqual({ kind: 'other' });
  });
});
