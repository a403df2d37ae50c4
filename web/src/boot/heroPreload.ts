import { uploadSrcset } from '@shared/uploads-model.js';
import { resolveSlides } from '../landing/slides.js';
import { themeOfReply } from '../theme/themeVars.js';
import { FALLBACK_IMAGE } from '../ui/content.js';

export interface ImagePreload {
  href: string;
  /** The widths of an uploaded photo, so the preload picks the copy the slider's <img> will (sizes 100vw). */
  srcset?: string;
}

/** The landing page's first slide image, from a GET /theme reply, exactly as HeroSlider renders it. */
export function heroImagePreload(reply: unknown): ImagePreload | null {
  const theme = themeOfReply(reply);
  if (!theme) return null;
  const [first] = resolveSlides(theme);
  if (!first) return null;
  const srcset = uploadSrcset(first.image);
  return srcset ? { href: first.image, srcset } : { href: first.image };
}

/** An event page's picture, from a GET /events/:id reply, exactly as EventImage renders it (no srcset). */
export function eventImagePreload(reply: unknown): ImagePreload | null {
  const event = reply && typeof reply === 'object' ? (reply as { event?: unknown }).event : undefined;
  if (!event || typeof event !== 'object') return null;
  const image = (event as { eventImage?: unknown }).eventImage;
  return { href: typeof image === 'string' && image ? image : FALLBACK_IMAGE };
}
