import { SWIPE_THRESHOLD_PX } from '@shared/constants.js';
import { DEFAULT_THEME, SLIDE_FALLBACK, type SlideContent, type Theme } from '@shared/theme-model.js';
import { FALLBACK_IMAGE } from '../ui/content.js';

export interface Slide extends SlideContent {
  id: string;
  image: string;
}

const STORAGE_HOSTS = new Set(['firebasestorage.googleapis.com', 'storage.googleapis.com']);

/** A token fixed for this page load: storage images are fetched fresh once per visit. */
export const PAGE_LOAD_TOKEN = Date.now().toString(36);

export function isStorageUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && STORAGE_HOSTS.has(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * Storage-hosted images get their query stripped and a fresh token added
 * (SPEC §2), so a replaced image is not served from a stale cache. Firebase
 * Storage download URLs also need alt=media to return the file itself.
 * Any other URL is returned unchanged.
 */
export function refreshStorageUrl(url: string, token: string = PAGE_LOAD_TOKEN): string {
  if (!isStorageUrl(url)) return url;
  const parsed = new URL(url);
  const fresh = new URL(`${parsed.origin}${parsed.pathname}`);
  if (parsed.hostname === 'firebasestorage.googleapis.com') fresh.searchParams.set('alt', 'media');
  fresh.searchParams.set('t', token);
  return fresh.toString();
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

/**
 * The slides to show: the theme's active slides in order, each with its texts
 * and image, every missing part taken from SLIDE_FALLBACK and the stock image.
 */
export function resolveSlides(
  theme: Pick<Theme, 'activeSlides' | 'sliderContent' | 'sliderImages'>,
  options: { fallbackImage?: string; token?: string } = {},
): Slide[] {
  const fallbackImage = options.fallbackImage ?? FALLBACK_IMAGE;
  const ids = Array.isArray(theme.activeSlides) && theme.activeSlides.length ? theme.activeSlides : DEFAULT_THEME.activeSlides;
  const unique = [...new Set(ids.filter((id) => typeof id === 'string' && id))];
  return unique.map((id) => {
    const content: Partial<SlideContent> = theme.sliderContent?.[id] ?? {};
    const image = text(theme.sliderImages?.[id], '');
    return {
      id,
      image: image ? refreshStorageUrl(image, options.token) : fallbackImage,
      title: text(content.title, SLIDE_FALLBACK.title),
      subtitle: text(content.subtitle, SLIDE_FALLBACK.subtitle),
      description: text(content.description, SLIDE_FALLBACK.description),
      buttonText: text(content.buttonText, SLIDE_FALLBACK.buttonText),
      buttonLink: text(content.buttonLink, SLIDE_FALLBACK.buttonLink),
    };
  });
}

export type SwipeDirection = 'next' | 'previous';

export interface Point {
  x: number;
  y: number;
}

/**
 * A touch gesture counts as a swipe when it moved horizontally over the
 * threshold (and more sideways than up or down, so scrolling is not a swipe).
 * Moving the finger left shows the next slide.
 */
export function swipeDirection(start: Point, end: Point, threshold: number = SWIPE_THRESHOLD_PX): SwipeDirection | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) <= threshold || Math.abs(dx) < Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}

export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}
