import { describe, expect, it } from 'vitest';
import { SWIPE_THRESHOLD_PX } from '@shared/constants.js';
import { DEFAULT_THEME, SLIDE_FALLBACK } from '@shared/theme-model.js';
import { FALLBACK_IMAGE } from '../ui/content.js';
import { isStorageUrl, refreshStorageUrl, resolveSlides, swipeDirection, wrapIndex } from './slides.js';

describe('resolveSlides', () => {
  it('shows the active slides in order with their texts and images', () => {
    const slides = resolveSlides({
      activeSlides: ['slide2', 'slide1'],
      sliderImages: { slide1: '/api/files/seed/slide1.svg', slide2: '/api/files/seed/slide2.svg' },
      sliderContent: DEFAULT_THEME.sliderContent,
    });
    expect(slides.map((s) => s.id)).toEqual(['slide2', 'slide1']);
    expect(slides[0]).toMatchObject({ image: '/api/files/seed/slide2.svg', title: 'Restore native habitat', buttonLink: '#about' });
  });

  it('fills every missing part from the fallbacks', () => {
    const [slide] = resolveSlides({ activeSlides: ['slide4'], sliderImages: {}, sliderContent: {} });
    expect(slide).toEqual({ id: 'slide4', image: FALLBACK_IMAGE, ...SLIDE_FALLBACK });
    expect(slide.buttonText).toBe('Learn More');
    expect(slide.buttonLink).toBe('#events');
  });

  it('treats blank texts as missing and keeps the ones that are set', () => {
    const [slide] = resolveSlides({
      activeSlides: ['slide1'],
      sliderImages: { slide1: '  ' },
      sliderContent: { slide1: { title: 'Hike with us', subtitle: '', description: ' ', buttonText: '', buttonLink: '' } },
    });
    expect(slide.title).toBe('Hike with us');
    expect(slide.description).toBe(SLIDE_FALLBACK.description);
    expect(slide.image).toBe(FALLBACK_IMAGE);
  });

  it('falls back to the default slides when none is active, and drops duplicates', () => {
    expect(resolveSlides({ activeSlides: [], sliderImages: {}, sliderContent: {} }).map((s) => s.id)).toEqual(DEFAULT_THEME.activeSlides);
    expect(resolveSlides({ activeSlides: ['slide1', 'slide1'], sliderImages: {}, sliderContent: {} })).toHaveLength(1);
  });

  it('refreshes storage-hosted slide images with the page token', () => {
    const [slide] = resolveSlides(
      {
        activeSlides: ['slide1'],
        sliderImages: { slide1: 'https://storage.googleapis.com/bucket/slides/one.jpg?GoogleAccessId=x&Signature=y' },
        sliderContent: {},
      },
      { token: 'abc' },
    );
    expect(slide.image).toBe('https://storage.googleapis.com/bucket/slides/one.jpg?t=abc');
  });
});

describe('refreshStorageUrl', () => {
  it('strips the query of a Firebase Storage URL and adds alt=media and a fresh token', () => {
    const url = 'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/theme%2Fslide1.jpg?alt=media&token=old-token';
    expect(refreshStorageUrl(url, 'k9')).toBe('https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/theme%2Fslide1.jpg?alt=media&t=k9');
  });

  it('leaves other URLs alone', () => {
    for (const url of ['/api/files/seed/slide1.svg', 'https://example.org/a.jpg?x=1', 'not a url', '']) {
      expect(refreshStorageUrl(url, 'k9')).toBe(url);
    }
    expect(isStorageUrl('https://evil.example/firebasestorage.googleapis.com/x')).toBe(false);
    expect(isStorageUrl('https://storage.googleapis.com/b/x.png')).toBe(true);
  });

  it('gives the same URL for the same page token', () => {
    const url = 'https://storage.googleapis.com/b/x.png?v=1';
    expect(refreshStorageUrl(url, 't1')).toBe(refreshStorageUrl(url, 't1'));
  });
});

describe('swipeDirection', () => {
  const start = { x: 200, y: 100 };

  it('needs a horizontal move over the threshold', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeDirection(start, { x: 200 - 50, y: 100 })).toBeNull();
    expect(swipeDirection(start, { x: 200 + 50, y: 100 })).toBeNull();
    expect(swipeDirection(start, { x: 200 - 20, y: 100 })).toBeNull();
  });

  it('moves to the next slide when swiping left and to the previous when swiping right', () => {
    expect(swipeDirection(start, { x: 200 - 51, y: 100 })).toBe('next');
    expect(swipeDirection(start, { x: 200 + 51, y: 100 })).toBe('previous');
  });

  it('ignores a mostly vertical gesture (scrolling)', () => {
    expect(swipeDirection(start, { x: 200 - 60, y: 300 })).toBeNull();
  });
});

describe('wrapIndex', () => {
  it('wraps around both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
