import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@shared/theme-model.js';
import { FALLBACK_IMAGE } from '../ui/content.js';
import { eventImagePreload, heroImagePreload } from './heroPreload.js';

const upload = 'https://firebasestorage.googleapis.com/v0/b/site/o/images%2Fuploads%2F0123456789abcdef01234567-1600.webp?alt=media&token=x';

describe('heroImagePreload', () => {
  it("the first active slide's image, with the widths of an uploaded photo", () => {
    const theme = { ...DEFAULT_THEME, activeSlides: ['b', 'a'], sliderImages: { a: '/seed/a.svg', b: upload } };
    const preload = heroImagePreload({ success: true, theme });
    expect(preload?.href).toMatch(/^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/site\/o\/images%2Fuploads%2F0123456789abcdef01234567-1600\.webp\?alt=media&t=/);
    expect(preload?.srcset?.split(',').map((candidate) => candidate.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
  });

  it('a seed image has one size; a slide without an image shows the stock image', () => {
    expect(heroImagePreload({ theme: { ...DEFAULT_THEME, activeSlides: ['a'], sliderImages: { a: '/seed/slide1.svg' } } })).toEqual({ href: '/seed/slide1.svg' });
    expect(heroImagePreload({ theme: { ...DEFAULT_THEME, activeSlides: ['a'], sliderImages: {} } })).toEqual({ href: FALLBACK_IMAGE });
  });

  it('nothing for a reply without a theme', () => {
    for (const reply of [null, undefined, 'x', { success: false, message: 'down' }]) expect(heroImagePreload(reply)).toBeNull();
  });
});

describe('eventImagePreload', () => {
  it("an event page's picture, or the stock image when it has none, as EventImage shows it", () => {
    expect(eventImagePreload({ success: true, event: { id: 'e1', eventImage: '/seed/event-condor.svg' } })).toEqual({ href: '/seed/event-condor.svg' });
    expect(eventImagePreload({ success: true, event: { id: 'e1', eventImage: '' } })).toEqual({ href: FALLBACK_IMAGE });
    expect(eventImagePreload({ success: true, event: { id: 'e1' } })).toEqual({ href: FALLBACK_IMAGE });
  });

  it('nothing for a reply without an event', () => {
    for (const reply of [null, undefined, 'x', { success: false, message: 'Event not found' }]) expect(eventImagePreload(reply)).toBeNull();
  });
});
