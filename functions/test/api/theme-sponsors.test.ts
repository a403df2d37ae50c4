import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, THEME_COLOUR_FIELDS } from '../../src/shared/theme-model.js';
import { THEME_MESSAGES } from '../../src/shared/theme.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { createTestApi, type TestApi } from '../support/api.js';
import { SETTINGS } from '../../src/theme/service.js';
import { SPONSORS } from '../../src/sponsors/service.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('GET /theme', () => {
  it('answers every theme field with the defaults when nothing is stored', async () => {
    const response = await api.request.get('/api/theme');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.theme).toEqual(DEFAULT_THEME);
    expect(response.body.theme).toMatchObject({
      outerBackgroundColor: '#2c2d2e',
      navbarColor: '#ffffff',
      navbarTextColor: '#2c2c2c',
      footerColor: '#2c3e50',
      footerTextColor: '#ffffff',
      buttonTextColor: '#ffffff',
      borderColor: '#e8e1dc',
      activeSlides: ['slide1', 'slide2', 'slide3'],
    });
    for (const field of THEME_COLOUR_FIELDS) expect(response.body.theme[field]).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('fills fields missing from an older stored theme; button and link colours follow the primary', async () => {
    await api.deps.store.set(SETTINGS, 'theme', { siteName: 'Old Site', primaryColor: '#112233', aboutSection: { mainTitle: 'Who' } });
    const { theme } = (await api.request.get('/api/theme')).body;
    expect(theme).toMatchObject({ siteName: 'Old Site', primaryColor: '#112233', buttonColor: '#112233', linkColor: '#112233' });
    expect(theme.aboutSection.mainTitle).toBe('Who');
    expect(theme.aboutSection.feature1).toEqual(DEFAULT_THEME.aboutSection.feature1);
    await api.deps.store.delete(SETTINGS, 'theme');
  });
});

describe('PUT /theme', () => {
  it('saves a whole theme and drops unknown fields', async () => {
    const theme = {
      ...DEFAULT_THEME,
      siteName: 'Zion Friends',
      primaryColor: '#aa5500',
      extra: 'dropped',
      activeSlides: ['slide1'],
      sliderContent: { slide1: DEFAULT_THEME.sliderContent.slide1 },
    };
    const response = await api.request.put('/api/theme').set(api.bearer('admin')).send(theme);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: MESSAGES.themeSaved });
    const stored = (await api.request.get('/api/theme')).body.theme;
    expect(stored).toMatchObject({ siteName: 'Zion Friends', primaryColor: '#aa5500', activeSlides: ['slide1'] });
    expect(stored).not.toHaveProperty('extra');
  });

  it.each([
    [{ primaryColor: 'red' }, 'primaryColor'],
    [{ activeSlides: [] }, 'activeSlides'],
    [{ activeSlides: ['slide1', 'slide2', 'slide3', 'slide4', 'slide5', 'slide6'] }, 'activeSlides'],
    [{ activeSlides: ['hero'] }, 'activeSlides.0'],
    [{ socialLinks: { ...DEFAULT_THEME.socialLinks, website: 'javascript:alert(1)' } }, 'socialLinks.website'],
    [{ contactEmail: 'not-an-email' }, 'contactEmail'],
    [{ aboutSection: { ...DEFAULT_THEME.aboutSection, feature1: { icon: 'abc', title: '', description: '' } } }, 'aboutSection.feature1.icon'],
    [{ siteName: '' }, 'siteName'],
  ])('refuses %j with 400 and keeps the stored theme', async (patch, field) => {
    const before = (await api.request.get('/api/theme')).body.theme;
    const response = await api.request.put('/api/theme').set(api.bearer('admin')).send({ ...DEFAULT_THEME, ...patch });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(Object.keys(response.body.errors)).toContain(field);
    expect((await api.request.get('/api/theme')).body.theme).toEqual(before);
  });

  it('accepts a two-character emoji icon', async () => {
    const aboutSection = { ...DEFAULT_THEME.aboutSection, feature1: { icon: '🌵🌞', title: 'Desert', description: '' } };
    const response = await api.request.put('/api/theme').set(api.bearer('admin')).send({ ...DEFAULT_THEME, aboutSection });
    expect(response.status).toBe(200);
  });

  it('refuses custom CSS that could close its style element, and keeps the stored CSS', async () => {
    await api.request.put('/api/theme').set(api.bearer('admin')).send({ ...DEFAULT_THEME, customCSS: 'body { color: red; }' }).expect(200);
    const customCSS = 'body { color: red; }</style><script>alert(1)</script>';
    const response = await api.request.put('/api/theme').set(api.bearer('admin')).send({ ...DEFAULT_THEME, customCSS });
    expect(response.status).toBe(400);
    expect(response.body.errors.customCSS).toBe(THEME_MESSAGES.customCssAngle);
    expect((await api.request.get('/api/theme')).body.theme.customCSS).toBe('body { color: red; }');
  });
});

describe('GET /sponsors and files', () => {
  it('lists sponsors oldest first', async () => {
    await api.deps.store.set(SPONSORS, 'b', { name: 'Second', logo: '/api/files/b.svg', createdAt: '2026-01-02T00:00:00.000Z' });
    await api.deps.store.set(SPONSORS, 'a', { name: 'First', logo: '/api/files/a.svg', createdAt: '2026-01-01T00:00:00.000Z' });
    const response = await api.request.get('/api/sponsors');
    expect(response.body).toEqual({
      success: true,
      sponsors: [
        { id: 'a', name: 'First', logo: '/api/files/a.svg', website: '', createdAt: '2026-01-01T00:00:00.000Z' },
        { id: 'b', name: 'Second', logo: '/api/files/b.svg', website: '', createdAt: '2026-01-02T00:00:00.000Z' },
      ],
    });
  });

  it('serves stored files with a safe content type and refuses paths outside the folder', async () => {
    const url = await api.deps.files.put('seed/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(url).toBe('/api/files/seed/logo.svg');
    const response = await api.request.get(url);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await api.request.get('/api/files/../../etc/passwd')).status).toBe(404);
    expect((await api.request.get('/api/files/seed/missing.svg')).status).toBe(404);
  });
});
