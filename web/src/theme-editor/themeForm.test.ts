import { describe, expect, it } from 'vitest';
import { themeSchema } from '@shared/theme.js';
import { DEFAULT_THEME, SLIDE_FALLBACK, type Theme } from '@shared/theme-model.js';
import { canAddSlide, canRemoveSlide, newSlide, pickerValue, SLIDES_ERROR, themeFieldPath, themeToValues, valuesToTheme } from './themeForm.js';

const THEME: Theme = {
  ...DEFAULT_THEME,
  activeSlides: ['slide3', 'slide1'],
  sliderContent: { slide1: DEFAULT_THEME.sliderContent.slide1, slide3: DEFAULT_THEME.sliderContent.slide3, slide4: DEFAULT_THEME.sliderContent.slide2 },
  sliderImages: { slide3: '/api/files/uploads/a-960.webp', slide4: '/x.png' },
};

describe('theme <-> form values', () => {
  it('lists the active slides in order with their texts and images', () => {
    const values = themeToValues(THEME);
    expect(values.slides.map((s) => [s.id, s.image, s.title])).toEqual([
      ['slide3', '/api/files/uploads/a-960.webp', DEFAULT_THEME.sliderContent.slide3.title],
      ['slide1', '', DEFAULT_THEME.sliderContent.slide1.title],
    ]);
  });

  it('builds a theme the schema accepts: only the listed slides keep texts and images', () => {
    const theme = valuesToTheme(themeToValues(THEME));
    expect(theme.activeSlides).toEqual(['slide3', 'slide1']);
    expect(Object.keys(theme.sliderContent).sort()).toEqual(['slide1', 'slide3']);
    expect(theme.sliderImages).toEqual({ slide3: '/api/files/uploads/a-960.webp' });
    expect(themeSchema.safeParse(theme).success).toBe(true);
    expect(valuesToTheme(themeToValues(DEFAULT_THEME))).toEqual(DEFAULT_THEME);
  });

  it('puts the request paths of an error on the form field that shows it', () => {
    const values = themeToValues(THEME);
    expect(themeFieldPath('sliderContent.slide1.title', values)).toBe('slides.1.title');
    expect(themeFieldPath('sliderImages.slide3', values)).toBe('slides.0.image');
    expect(themeFieldPath('sliderContent.slide9', values)).toBe(SLIDES_ERROR);
    expect(themeFieldPath('activeSlides', values)).toBe(SLIDES_ERROR);
    expect(themeFieldPath('activeSlides.2', values)).toBe(SLIDES_ERROR);
    expect(themeFieldPath('aboutSection.feature1.icon', values)).toBe('aboutSection.feature1.icon');
  });
});

describe('slides', () => {
  it('a new slide takes the first free id and the public fallback texts', () => {
    expect(newSlide([{ id: 'slide1' }, { id: 'slide3' }])).toEqual({ id: 'slide2', image: '', ...SLIDE_FALLBACK });
    expect(newSlide([]).id).toBe('slide1');
  });

  it('1 to 5 slides', () => {
    expect(canAddSlide(4)).toBe(true);
    expect(canAddSlide(5)).toBe(false);
    expect(canRemoveSlide(2)).toBe(true);
    expect(canRemoveSlide(1)).toBe(false);
  });
});

describe('pickerValue', () => {
  it('gives the colour input #rrggbb, or null when the text is not a colour', () => {
    expect(pickerValue('#ABC')).toBe('#aabbcc');
    expect(pickerValue(' #C4622D ')).toBe('#c4622d');
    expect(pickerValue('#11223380')).toBe('#112233');
    expect(pickerValue('#12345')).toBeNull();
    expect(pickerValue('red')).toBeNull();
  });
});
