import { uploadSrcset } from '@shared/uploads-model.js';
import { resolveSlides } from '../landing/slides.js';
import { withThemeDefaults } from '../theme/themeVars.js';

export interface ImagePreload {
  href: string;
  /** The widths of an uploaded photo, so the preload picks the copy the slider's <img> will (sizes 100vw). */
  srcset?: string;
}

/** The landing page's first slide image, from a GET /theme reply, exactly as HeroSlider renders it. */
export function heroImagePreload(reply: unknown): ImagePreload | null {
  const theme = reply && typeof reply === 'object' ? (reply as { theme?: unknown }).theme : undefined;
  if (!theme) return null;
  const [first] = resolveSlides(withThemeDefaults(theme));
  if (!first) return null;
  const srcset = uploadSrcset(first.image);
  return srcset ? { href: first.image, srcset } : { href: first.image };
}
