import { describe, expect, it } from 'vitest';
import { decideRole, roleSatisfies, type AdminRecord } from '../../src/admins/roles.js';
import { resolveTheme } from '../../src/theme/rules.js';
import { DEFAULT_THEME } from '../../src/shared/theme-model.js';
import { themeSchema } from '../../src/shared/theme.js';

const record = (patch: Partial<AdminRecord> = {}): AdminRecord => ({
  email: 'a@example.org',
  role: 'staff',
  status: 'Active',
  addedDate: '',
  addedBy: 'test',
  ...patch,
});
const identity = { uid: 'u1', email: 'a@example.org', emailVerified: true };

describe('roles', () => {
  it('admin satisfies staff, not the other way round', () => {
    expect(roleSatisfies('admin', 'staff')).toBe(true);
    expect(roleSatisfies('staff', 'admin')).toBe(false);
  });
  it('decides by record, status and e-mail verification', () => {
    expect(decideRole(identity, null, 'staff')).toEqual({ allowed: false, reason: 'no-role' });
    expect(decideRole(identity, record({ status: 'Removed' }), 'staff')).toEqual({ allowed: false, reason: 'no-role' });
    expect(decideRole(identity, record(), 'admin')).toEqual({ allowed: false, reason: 'insufficient' });
    expect(decideRole(identity, record(), 'staff')).toEqual({ allowed: true, role: 'staff' });
    expect(decideRole({ ...identity, emailVerified: false }, record(), 'staff')).toEqual({ allowed: false, reason: 'unverified' });
    expect(decideRole({ ...identity, emailVerified: false }, record({ uid: 'u1' }), 'staff')).toEqual({ allowed: true, role: 'staff' });
  });

  it('honours a role bound to an account only for that account, verified or not', () => {
    expect(decideRole(identity, record({ uid: 'u1' }), 'staff')).toEqual({ allowed: true, role: 'staff' });
    expect(decideRole({ ...identity, uid: 'u2' }, record({ uid: 'u1' }), 'staff')).toEqual({ allowed: false, reason: 'no-role' });
    expect(decideRole({ ...identity, uid: 'u2', emailVerified: false }, record({ uid: 'u1' }), 'staff')).toEqual({ allowed: false, reason: 'no-role' });
  });
});

describe('theme resolution', () => {
  it('the defaults are a valid theme', () => {
    expect(themeSchema.parse(DEFAULT_THEME)).toEqual(DEFAULT_THEME);
  });
  it('stored slides replace the default slide set', () => {
    const theme = resolveTheme({ sliderContent: { slide1: { title: 'Only' } }, activeSlides: ['slide1'] });
    expect(Object.keys(theme.sliderContent)).toEqual(['slide1']);
    expect(theme.activeSlides).toEqual(['slide1']);
  });
  it('explicit button colour wins over the primary', () => {
    const theme = resolveTheme({ primaryColor: '#000000', buttonColor: '#ffffff' });
    expect(theme.buttonColor).toBe('#ffffff');
    expect(theme.linkColor).toBe('#000000');
  });

  it('replies with the theme fields only, never whatever else the stored document holds', () => {
    const theme = resolveTheme({
      siteName: 'Kept',
      internalNote: 'secret',
      socialLinks: { website: 'https://example.org', token: 'secret' },
      sliderContent: { slide1: { title: 'One', adminOnly: 'secret' } },
      sliderImages: { slide1: '/one.webp', slide2: { nested: 'secret' } },
    } as never);
    expect(theme.siteName).toBe('Kept');
    expect(Object.keys(theme).sort()).toEqual(Object.keys(DEFAULT_THEME).sort());
    expect(theme.socialLinks).toEqual({ ...DEFAULT_THEME.socialLinks, website: 'https://example.org' });
    expect(theme.sliderContent).toEqual({ slide1: { title: 'One' } });
    expect(theme.sliderImages).toEqual({ slide1: '/one.webp' });
  });
});
