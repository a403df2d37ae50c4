import { describe, expect, it } from 'vitest';
import { nextTabIndex } from '../ui/roving.js';
import { DASHBOARD_TABS, isDashboardTab, resolveTab, tabsFor } from './tabs.js';

describe('dashboard tabs', () => {
  it('lists Overview first (issue 30), the seven tabs of the spec in order, then Volunteers (issue 29) and Activity (issue 28 item 5)', () => {
    expect(DASHBOARD_TABS.map((t) => t.id)).toEqual(['overview', 'events', 'rsvps', 'theme', 'emails', 'sponsors', 'checkin', 'volunteers', 'admins', 'activity']);
    expect(isDashboardTab('emails')).toBe(true);
    expect(isDashboardTab('nope')).toBe(false);
  });

  it('moves focus with arrows, Home and End', () => {
    expect(nextTabIndex('ArrowRight', 6, 7)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 7)).toBe(6);
    expect(nextTabIndex('Home', 4, 7)).toBe(0);
    expect(nextTabIndex('End', 1, 7)).toBe(6);
    expect(nextTabIndex('a', 1, 7)).toBeNull();
  });
});

describe('tabs by role', () => {
  it('admins see all ten tabs, Overview first; staff RSVPs, Check-in and Volunteers (read only)', () => {
    expect(tabsFor('admin').map((t) => t.id)).toEqual(['overview', 'events', 'rsvps', 'theme', 'emails', 'sponsors', 'checkin', 'volunteers', 'admins', 'activity']);
    expect(tabsFor('staff').map((t) => t.label)).toEqual(['RSVPs', 'Check-in', 'Volunteers']);
  });

  it('an unknown or forbidden ?tab= falls back to the first allowed tab', () => {
    expect(resolveTab(null, 'admin')).toBe('overview');
    expect(resolveTab('nope', 'admin')).toBe('overview');
    expect(resolveTab('events', 'admin')).toBe('events');
    expect(resolveTab('overview', 'staff')).toBe('rsvps');
    expect(resolveTab('theme', 'admin')).toBe('theme');
    expect(resolveTab('theme', 'staff')).toBe('rsvps');
    expect(resolveTab(null, 'staff')).toBe('rsvps');
    expect(resolveTab('checkin', 'staff')).toBe('checkin');
  });
});
