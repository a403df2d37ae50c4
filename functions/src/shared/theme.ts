import { z } from 'zod';
import { FEATURE_ICON_LENGTH, LIMITS, MAX_SLIDES, MIN_SLIDES } from './constants.js';
import { hexColour, longText, safeUrl, shortText } from './fields.js';
import { SLIDE_ID_PATTERN, THEME_COLOUR_FIELDS, type AboutSection, type Feature, type SlideContent, type SocialLinks, type Theme } from './theme-model.js';
import type { Same } from './type-checks.js';

// The theme rules' wording lives here, beside the schema, not in theme-model.ts: the landing page
// loads the model, and every byte there counts against its JavaScript budget. Only the API and
// the dashboard's Theme tab (a lazy chunk that loads zod anyway) need these.
/** The Theme tab's and PUT /theme's wording of the theme's own rules (SPEC §5). */
export const THEME_MESSAGES = {
  minSlides: `A slider needs at least ${MIN_SLIDES} slide`,
  maxSlides: `A slider has at most ${MAX_SLIDES} slides`,
  duplicateSlide: 'Each slide may be listed once',
  slideWithoutContent: 'An active slide needs its texts',
  inactiveSlideContent: 'Only active slides may have texts',
  inactiveSlideImage: 'Only active slides may have an image',
  iconTooLong: `Icon allows ${FEATURE_ICON_LENGTH} characters`,
  // Custom CSS goes into a <style> element: without '<' it can never close it ('</style').
  customCssAngle: 'Custom CSS cannot contain "<"',
} as const;

/** The characters a person counts in a feature icon: an emoji such as 🌱 is one, not two UTF-16 units. */
export function iconLength(icon: string): number {
  return [...icon].length;
}

/** Slide ids are slide1, slide2, ...: the theme keys its images and texts by them. */
export const slideId = z.string().regex(SLIDE_ID_PATTERN, 'Slide ids look like slide1');

export const slideContentSchema = z.object({
  title: shortText.default(''),
  subtitle: shortText.default(''),
  description: shortText.default(''),
  buttonText: z.string().trim().max(60).default(''),
  buttonLink: safeUrl.default(''),
});

export const featureSchema = z.object({
  icon: z
    .string()
    .trim()
    .refine((icon) => iconLength(icon) <= FEATURE_ICON_LENGTH, THEME_MESSAGES.iconTooLong)
    .default(''),
  title: shortText.default(''),
  description: shortText.default(''),
});

export const aboutSectionSchema = z.object({
  mainTitle: shortText.default(''),
  subtitle: shortText.default(''),
  contentTitle: shortText.default(''),
  description: longText.default(''),
  image: safeUrl.default(''),
  imageAlt: shortText.default(''),
  feature1: featureSchema.default({ icon: '', title: '', description: '' }),
  feature2: featureSchema.default({ icon: '', title: '', description: '' }),
  feature3: featureSchema.default({ icon: '', title: '', description: '' }),
});

export const socialLinksSchema = z.object({
  website: safeUrl.default(''),
  facebook: safeUrl.default(''),
  instagram: safeUrl.default(''),
  twitter: safeUrl.default(''),
});

const colourFields = Object.fromEntries(THEME_COLOUR_FIELDS.map((field) => [field, hexColour])) as Record<(typeof THEME_COLOUR_FIELDS)[number], typeof hexColour>;

/** The whole theme as PUT /theme receives it and GET /theme returns it (SPEC §3). */
export const themeSchema = z
  .object({
    siteName: z.string().trim().min(1, 'Site name is required').max(LIMITS.title),
    siteDescription: shortText,
    contactEmail: z.union([z.literal(''), z.string().trim().toLowerCase().email('Must be an e-mail address')]),
    ...colourFields,
    logoImage: safeUrl,
    favicon: safeUrl,
    headerImage: safeUrl,
    headerText: shortText,
    headerSubtext: shortText,
    footerText: shortText,
    // Custom CSS lands in a <style> element: without '<' it can never close it. Refused, not
    // silently edited, so the admin sees why and what is stored is what they wrote.
    customCSS: z.string().max(LIMITS.customCss).refine((css) => !css.includes('<'), THEME_MESSAGES.customCssAngle),
    socialLinks: socialLinksSchema,
    sliderImages: z.record(slideId, safeUrl),
    activeSlides: z
      .array(slideId)
      .min(MIN_SLIDES, THEME_MESSAGES.minSlides)
      .max(MAX_SLIDES, THEME_MESSAGES.maxSlides)
      .refine((ids) => new Set(ids).size === ids.length, THEME_MESSAGES.duplicateSlide),
    sliderContent: z.record(slideId, slideContentSchema),
    aboutSection: aboutSectionSchema,
  })
  .strip()
  // The slides agree with each other: every active slide has its texts, and no texts or image
  // are kept for a slide that is not shown (so at most MAX_SLIDES of each are ever stored).
  .superRefine((theme, ctx) => {
    const active = new Set(theme.activeSlides);
    for (const id of theme.activeSlides) {
      if (!theme.sliderContent[id]) ctx.addIssue({ code: 'custom', path: ['sliderContent', id], message: THEME_MESSAGES.slideWithoutContent });
    }
    for (const id of Object.keys(theme.sliderContent)) {
      if (!active.has(id)) ctx.addIssue({ code: 'custom', path: ['sliderContent', id], message: THEME_MESSAGES.inactiveSlideContent });
    }
    for (const id of Object.keys(theme.sliderImages)) {
      if (!active.has(id)) ctx.addIssue({ code: 'custom', path: ['sliderImages', id], message: THEME_MESSAGES.inactiveSlideImage });
    }
  });

// The model's types are exactly what these validators produce.
const _slide: Same<z.infer<typeof slideContentSchema>, SlideContent> = true;
const _feature: Same<z.infer<typeof featureSchema>, Feature> = true;
const _about: Same<z.infer<typeof aboutSectionSchema>, AboutSection> = true;
const _social: Same<z.infer<typeof socialLinksSchema>, SocialLinks> = true;
const _theme: Same<z.infer<typeof themeSchema>, Theme> = true;
void [_slide, _feature, _about, _social, _theme];
