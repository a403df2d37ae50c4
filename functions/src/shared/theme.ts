import { z } from 'zod';
import { FEATURE_ICON_LENGTH, LIMITS, MAX_SLIDES, MIN_SLIDES } from './constants.js';
import { hexColour, longText, safeUrl, shortText } from './fields.js';

/** Slide ids are slide1, slide2, ...: the theme keys its images and texts by them. */
export const slideId = z.string().regex(/^slide[1-9][0-9]?$/, 'Slide ids look like slide1');

export const slideContentSchema = z.object({
  title: shortText.default(''),
  subtitle: shortText.default(''),
  description: shortText.default(''),
  buttonText: z.string().trim().max(60).default(''),
  buttonLink: safeUrl.default(''),
});
export type SlideContent = z.infer<typeof slideContentSchema>;

export const featureSchema = z.object({
  icon: z
    .string()
    .trim()
    .refine((icon) => [...icon].length <= FEATURE_ICON_LENGTH, `Icon allows ${FEATURE_ICON_LENGTH} characters`)
    .default(''),
  title: shortText.default(''),
  description: shortText.default(''),
});
export type Feature = z.infer<typeof featureSchema>;

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
export type AboutSection = z.infer<typeof aboutSectionSchema>;

export const socialLinksSchema = z.object({
  website: safeUrl.default(''),
  facebook: safeUrl.default(''),
  instagram: safeUrl.default(''),
  twitter: safeUrl.default(''),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

const colourFields = {
  primaryColor: hexColour,
  secondaryColor: hexColour,
  accentColor: hexColour,
  backgroundColor: hexColour,
  outerBackgroundColor: hexColour,
  textColor: hexColour,
  headerColor: hexColour,
  navbarColor: hexColour,
  navbarTextColor: hexColour,
  footerColor: hexColour,
  footerTextColor: hexColour,
  buttonColor: hexColour,
  buttonTextColor: hexColour,
  linkColor: hexColour,
  borderColor: hexColour,
};
export const THEME_COLOUR_FIELDS = Object.keys(colourFields) as (keyof typeof colourFields)[];

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
    // Custom CSS lands in a <style> element: without '<' it can never close it.
    customCSS: z
      .string()
      .max(LIMITS.customCss)
      .transform((css) => css.replace(/</g, '')),
    socialLinks: socialLinksSchema,
    sliderImages: z.record(slideId, safeUrl),
    activeSlides: z
      .array(slideId)
      .min(MIN_SLIDES, `At least ${MIN_SLIDES} slide must be active`)
      .max(MAX_SLIDES, `At most ${MAX_SLIDES} slides`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each slide may be listed once'),
    sliderContent: z.record(slideId, slideContentSchema),
    aboutSection: aboutSectionSchema,
  })
  .strip();
export type Theme = z.infer<typeof themeSchema>;

export { DEFAULT_PRIMARY_COLOR, DEFAULT_THEME, SLIDE_FALLBACK } from './theme-defaults.js';
