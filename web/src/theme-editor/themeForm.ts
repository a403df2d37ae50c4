// The Theme tab's form values and their mapping to PUT /theme's body. The slider is edited
// as a list (add, remove, reorder) while the theme keys slides by id (activeSlides,
// sliderContent, sliderImages); everything else keeps the theme's own shape.
import { MAX_SLIDES, MIN_SLIDES } from '@shared/constants.js';
import { HEX_COLOUR_PATTERN } from '@shared/fields-model.js';
import { SLIDE_FALLBACK, type SlideContent, type Theme } from '@shared/theme-model.js';
import type { FormMapping } from '../ui/form.js';

export interface SlideValues extends SlideContent {
  id: string;
  image: string;
}

export type ThemeFormValues = Omit<Theme, 'activeSlides' | 'sliderContent' | 'sliderImages'> & { slides: SlideValues[] };

/** Where a slider-wide error (count, duplicates) shows: above the list of slides. */
export const SLIDES_ERROR = 'slides.root';

/** The form's values for a theme: its active slides in order, each with its texts and image. */
export function themeToValues(theme: Theme): ThemeFormValues {
  const { activeSlides, sliderContent, sliderImages, ...rest } = theme;
  return {
    ...structuredClone(rest),
    slides: activeSlides.map((id) => ({ id, image: sliderImages[id] ?? '', ...emptySlide(), ...sliderContent[id] })),
  };
}

/** PUT /theme's body: only the listed slides are active, and only they keep texts and images. */
export function valuesToTheme(values: ThemeFormValues): Theme {
  const { slides, ...rest } = values;
  return {
    ...rest,
    activeSlides: slides.map((slide) => slide.id),
    sliderContent: Object.fromEntries(
      slides.map(({ id, title, subtitle, description, buttonText, buttonLink }) => [id, { title, subtitle, description, buttonText, buttonLink }]),
    ),
    sliderImages: Object.fromEntries(slides.filter((slide) => slide.image.trim()).map((slide) => [slide.id, slide.image])),
  };
}

/** Where an error of the request's path shows in the form (e.g. sliderContent.slide3.title -> slides.1.title). */
export function themeFieldPath(path: string, values: ThemeFormValues): string {
  const slide = /^(sliderContent|sliderImages)\.([^.]+)(?:\.(.+))?$/.exec(path);
  if (slide) {
    const index = values.slides.findIndex((s) => s.id === slide[2]);
    if (index === -1) return SLIDES_ERROR;
    if (slide[1] === 'sliderImages') return `slides.${index}.image`;
    return slide[3] ? `slides.${index}.${slide[3]}` : SLIDES_ERROR;
  }
  if (path === 'activeSlides' || path.startsWith('activeSlides.')) return SLIDES_ERROR;
  return path;
}

export const themeFormMapping: FormMapping<ThemeFormValues> = { toInput: (values) => valuesToTheme(values), fieldPath: themeFieldPath };

function emptySlide(): SlideContent {
  return { title: '', subtitle: '', description: '', buttonText: '', buttonLink: '' };
}

/** A new slide: the first free id (slide1, slide2, ...) and the default texts the public slider would show. */
export function newSlide(slides: readonly Pick<SlideValues, 'id'>[]): SlideValues {
  const used = new Set(slides.map((slide) => slide.id));
  let n = 1;
  while (used.has(`slide${n}`)) n += 1;
  return { id: `slide${n}`, image: '', ...SLIDE_FALLBACK };
}

export const canAddSlide = (count: number) => count < MAX_SLIDES;
export const canRemoveSlide = (count: number) => count > MIN_SLIDES;

/** The colour input's value for a hex text: #rrggbb (the picker knows no other form), or null when not a colour. */
export function pickerValue(hex: string): string | null {
  const value = hex.trim();
  if (!HEX_COLOUR_PATTERN.test(value)) return null;
  const digits = value.slice(1);
  if (digits.length === 3) return `#${[...digits].map((c) => c + c).join('')}`.toLowerCase();
  return `#${digits.slice(0, 6)}`.toLowerCase();
}
