// PUT /theme as the Theme tab uses it: every field group validated (a bad value is refused with
// its field error and the stored theme is unchanged), the slider's rules, and who may save.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/constants.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { THEME_MESSAGES } from '../../src/shared/theme.js';
import { DEFAULT_THEME, THEME_COLOUR_FIELDS, type Theme } from '../../src/shared/theme-model.js';
import { uploadSrcset } from '../../src/shared/uploads-model.js';
import { SETTINGS, THEME_DOC } from '../../src/theme/service.js';
import { createTestApi, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** A valid, non-default theme: what is stored before each refused save. */
const SAVED: Theme = {
  ...DEFAULT_THEME,
  siteName: 'Canyon Friends',
  contactEmail: 'hello@example.org',
  primaryColor: '#225577',
  activeSlides: ['slide2', 'slide1'],
  sliderContent: { slide1: DEFAULT_THEME.sliderContent.slide1, slide2: DEFAULT_THEME.sliderContent.slide2 },
  sliderImages: { slide2: '/api/files/uploads/abc-960.webp' },
};

const put = (body: unknown, who: 'admin' | 'staff' | 'outsider' | null = 'admin') => {
  const request = api.request.put('/api/theme');
  return who ? request.set(api.bearer(who)).send(body as object) : request.send(body as object);
};
const stored = async () => (await api.deps.store.get(SETTINGS, THEME_DOC))?.data;
const long = (n: number) => 'x'.repeat(n + 1);
const about = (patch: Partial<Theme['aboutSection']>) => ({ aboutSection: { ...SAVED.aboutSection, ...patch } });
const slide1 = (patch: Partial<Theme['sliderContent'][string]>) => ({ sliderContent: { ...SAVED.sliderContent, slide1: { ...SAVED.sliderContent.slide1, ...patch } } });

describe('PUT /theme: every field group is validated', () => {
  beforeAll(async () => {
    await put(SAVED).expect(200);
  });

  const cases: [string, Partial<Record<keyof Theme, unknown>>, string, string?][] = [
    ['site name empty', { siteName: '  ' }, 'siteName', 'Site name is required'],
    ['site name too long', { siteName: long(LIMITS.title) }, 'siteName'],
    ['site description too long', { siteDescription: long(LIMITS.shortText) }, 'siteDescription'],
    ['contact e-mail', { contactEmail: 'not-an-email' }, 'contactEmail'],
    ...THEME_COLOUR_FIELDS.map((field): [string, Partial<Record<keyof Theme, unknown>>, string, string] => [
      `${field} not hex`,
      { [field]: 'red; background: url(x)' },
      field,
      'Must be a hex colour such as #c4622d',
    ]),
    ['colour of 5 digits', { textColor: '#12345' }, 'textColor'],
    ['logo javascript:', { logoImage: 'javascript:alert(1)' }, 'logoImage'],
    ['favicon data:', { favicon: 'data:image/png;base64,AAAA' }, 'favicon'],
    ['header image protocol-relative', { headerImage: '//evil.example/x.png' }, 'headerImage'],
    ['header text too long', { headerText: long(LIMITS.shortText) }, 'headerText'],
    ['header subtext too long', { headerSubtext: long(LIMITS.shortText) }, 'headerSubtext'],
    ['footer text too long', { footerText: long(LIMITS.shortText) }, 'footerText'],
    ['custom CSS closing its style element', { customCSS: 'body{}</style><script>alert(1)</script>' }, 'customCSS', THEME_MESSAGES.customCssAngle],
    ['custom CSS with any <', { customCSS: 'a::after { content: "<" }' }, 'customCSS', THEME_MESSAGES.customCssAngle],
    ['custom CSS too long', { customCSS: long(LIMITS.customCss) }, 'customCSS'],
    ['website link', { socialLinks: { ...SAVED.socialLinks, website: 'javascript:alert(1)' } }, 'socialLinks.website'],
    ['facebook link', { socialLinks: { ...SAVED.socialLinks, facebook: 'ftp://example.org' } }, 'socialLinks.facebook'],
    ['instagram link', { socialLinks: { ...SAVED.socialLinks, instagram: 'https://exa mple.org' } }, 'socialLinks.instagram'],
    ['twitter link', { socialLinks: { ...SAVED.socialLinks, twitter: '/\\evil.example' } }, 'socialLinks.twitter'],
    ['no slides', { activeSlides: [], sliderContent: {}, sliderImages: {} }, 'activeSlides', THEME_MESSAGES.minSlides],
    [
      'six slides',
      {
        activeSlides: ['slide1', 'slide2', 'slide3', 'slide4', 'slide5', 'slide6'],
        sliderContent: Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`slide${n}`, DEFAULT_THEME.sliderContent.slide1])),
      },
      'activeSlides',
      THEME_MESSAGES.maxSlides,
    ],
    ['a slide listed twice', { activeSlides: ['slide1', 'slide1'] }, 'activeSlides', THEME_MESSAGES.duplicateSlide],
    ['a slide id that is not slideN', { activeSlides: ['hero'] }, 'activeSlides.0'],
    ['an active slide without texts', { activeSlides: ['slide1', 'slide2', 'slide3'] }, 'sliderContent.slide3', THEME_MESSAGES.slideWithoutContent],
    ['texts of a slide not shown', { sliderContent: { ...SAVED.sliderContent, slide4: DEFAULT_THEME.sliderContent.slide3 } }, 'sliderContent.slide4', THEME_MESSAGES.inactiveSlideContent],
    ['image of a slide not shown', { sliderImages: { slide5: '/api/files/uploads/x.webp' } }, 'sliderImages.slide5', THEME_MESSAGES.inactiveSlideImage],
    ['slide image javascript:', { sliderImages: { slide1: 'javascript:alert(1)' } }, 'sliderImages.slide1'],
    ['slide title too long', slide1({ title: long(LIMITS.shortText) }), 'sliderContent.slide1.title'],
    ['slide subtitle too long', slide1({ subtitle: long(LIMITS.shortText) }), 'sliderContent.slide1.subtitle'],
    ['slide description too long', slide1({ description: long(LIMITS.shortText) }), 'sliderContent.slide1.description'],
    ['slide button text too long', slide1({ buttonText: long(60) }), 'sliderContent.slide1.buttonText'],
    ['slide button link javascript:', slide1({ buttonLink: 'javascript:alert(1)' }), 'sliderContent.slide1.buttonLink'],
    ['about main title too long', about({ mainTitle: long(LIMITS.shortText) }), 'aboutSection.mainTitle'],
    ['about subtitle too long', about({ subtitle: long(LIMITS.shortText) }), 'aboutSection.subtitle'],
    ['about content title too long', about({ contentTitle: long(LIMITS.shortText) }), 'aboutSection.contentTitle'],
    ['about description too long', about({ description: long(LIMITS.description) }), 'aboutSection.description'],
    ['about image data:', about({ image: 'data:text/html,<script>' }), 'aboutSection.image'],
    ['about image alt too long', about({ imageAlt: long(LIMITS.shortText) }), 'aboutSection.imageAlt'],
    ['feature icon of 3 characters', about({ feature2: { icon: 'abc', title: 'T', description: '' } }), 'aboutSection.feature2.icon', THEME_MESSAGES.iconTooLong],
    ['feature icon of 3 emoji', about({ feature3: { icon: '🌱🌱🌱', title: 'T', description: '' } }), 'aboutSection.feature3.icon', THEME_MESSAGES.iconTooLong],
    ['feature title too long', about({ feature1: { icon: '', title: long(LIMITS.shortText), description: '' } }), 'aboutSection.feature1.title'],
    ['a group that is not an object', { socialLinks: 'https://example.org' }, 'socialLinks'],
  ];

  it.each(cases)('%s: 400 with the field error, nothing stored changes', async (_name, patch, field, message) => {
    const before = await stored();
    const response = await put({ ...SAVED, ...patch });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    expect(Object.keys(response.body.errors)).toContain(field);
    if (message) expect(response.body.errors[field]).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('accepts the limits themselves: 1 and 5 slides, a 2-emoji icon, CSS with ">" selectors', async () => {
    await put({ ...SAVED, activeSlides: ['slide1'], sliderContent: { slide1: SAVED.sliderContent.slide1 }, sliderImages: {} }).expect(200);
    const five = ['slide1', 'slide2', 'slide3', 'slide4', 'slide5'];
    const theme = {
      ...SAVED,
      activeSlides: five,
      sliderContent: Object.fromEntries(five.map((id) => [id, { ...DEFAULT_THEME.sliderContent.slide1, title: id }])),
      aboutSection: { ...SAVED.aboutSection, feature1: { icon: '🌵🌞', title: 'Desert', description: '' } },
      customCSS: '.hero > h2 { letter-spacing: 0.02em; }',
    };
    const response = await put(theme);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: MESSAGES.themeSaved });
    expect(response.body.theme.activeSlides).toEqual(five);
    expect(await stored()).toMatchObject({ activeSlides: five, customCSS: theme.customCSS });
    await put(SAVED).expect(200);
  });

  it('saves every field as sent and answers the stored theme', async () => {
    const theme: Theme = {
      ...SAVED,
      siteName: 'Desert Stewards',
      siteDescription: 'New words',
      textColor: '#101010',
      logoImage: '/api/files/uploads/0123456789abcdef01234567-480.webp',
      socialLinks: { website: 'https://example.org', facebook: '', instagram: 'https://instagram.com/x', twitter: '' },
      sliderImages: { slide1: 'https://cdn.example.org/a.jpg', slide2: '/api/files/uploads/abc-960.webp' },
    };
    const response = await put(theme);
    expect(response.status).toBe(200);
    expect(response.body.theme).toEqual(theme);
    expect(await stored()).toEqual(theme);
    await put(SAVED).expect(200);
  });
});

describe('PUT /theme: who may save', () => {
  it.each([
    ['anonymous', null, 401],
    ['a signed-in user without a role', 'outsider', 403],
    ['staff', 'staff', 403],
  ] as const)('%s is refused (%s) and nothing changes', async (_name, who, status) => {
    const before = await stored();
    const response = await put({ ...SAVED, siteName: 'Hijacked' }, who);
    expect(response.status).toBe(status);
    expect(await stored()).toEqual(before);
  });
});

describe('uploaded images at the size that fits', () => {
  it('the srcset rebuilt from the stored URL is exactly the one POST /upload answered', async () => {
    for (const width of [2400, 1200, 700, 300]) {
      const bytes = await sharp({ create: { width, height: Math.round(width / 2), channels: 3, background: { r: width % 255, g: 90, b: 60 } } }).png().toBuffer();
      const response = await api.request
        .post('/api/upload')
        .set(api.bearer('admin'))
        .send({ name: 'slide1', imageData: bytes.toString('base64'), fileName: 'photo.png', mimeType: 'image/png' });
      expect(response.status).toBe(200);
      expect(uploadSrcset(response.body.imageUrl)).toBe(response.body.srcset.replace(/, /g, ','));
      for (const candidate of uploadSrcset(response.body.imageUrl)!.split(',')) {
        const file = await api.request.get(candidate.split(' ')[0]);
        expect(file.status).toBe(200);
        expect(file.headers['content-type']).toContain('image/webp');
      }
    }
  });
});
