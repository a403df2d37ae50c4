/**
 * The theme without zod: its shape, its colour fields and its defaults, for the
 * public site (which must not ship the validators) and the API. theme.ts builds
 * the validators and checks that they produce exactly this shape.
 */
import { PROJECT_NAME } from './constants.js';

export type SlideContent = {
  title: string;
  subtitle: string;
  description: string;
  buttonText: string;
  buttonLink: string;
};

export type Feature = {
  icon: string;
  title: string;
  description: string;
};

export type AboutSection = {
  mainTitle: string;
  subtitle: string;
  contentTitle: string;
  description: string;
  image: string;
  imageAlt: string;
  feature1: Feature;
  feature2: Feature;
  feature3: Feature;
};

export type SocialLinks = {
  website: string;
  facebook: string;
  instagram: string;
  twitter: string;
};

/** Every colour of the theme (SPEC §3), in the order the Theme tab lists them. */
export const THEME_COLOUR_FIELDS = [
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'backgroundColor',
  'outerBackgroundColor',
  'textColor',
  'headerColor',
  'navbarColor',
  'navbarTextColor',
  'footerColor',
  'footerTextColor',
  'buttonColor',
  'buttonTextColor',
  'linkColor',
  'borderColor',
] as const;
export type ThemeColourField = (typeof THEME_COLOUR_FIELDS)[number];

/** The whole theme as PUT /theme receives it and GET /theme returns it (SPEC §3). Colours are hex. */
export type Theme = {
  siteName: string;
  siteDescription: string;
  contactEmail: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  backgroundColor: string;
  outerBackgroundColor: string;
  textColor: string;
  headerColor: string;
  navbarColor: string;
  navbarTextColor: string;
  footerColor: string;
  footerTextColor: string;
  buttonColor: string;
  buttonTextColor: string;
  linkColor: string;
  borderColor: string;
  logoImage: string;
  favicon: string;
  headerImage: string;
  headerText: string;
  headerSubtext: string;
  footerText: string;
  customCSS: string;
  socialLinks: SocialLinks;
  /** Slide id (slide1, slide2, ...) to image address. */
  sliderImages: Record<string, string>;
  activeSlides: string[];
  sliderContent: Record<string, SlideContent>;
  aboutSection: AboutSection;
};

/** Slide ids look like slide1: the theme keys its images and texts by them. */
export const SLIDE_ID_PATTERN = /^slide[1-9][0-9]?$/;

/**
 * A deep warm terracotta: WCAG AA (4.5:1) as text on white (6.1:1), on the cream background
 * (5.7:1) and on its own 12 % tint (the tags and badges, 4.8:1), and for white text on it
 * (buttons). The earlier #c4622d was 3.8:1 on the cream.
 */
export const DEFAULT_PRIMARY_COLOR = '#a14717';

export const DEFAULT_THEME: Theme = {
  siteName: PROJECT_NAME,
  siteDescription: 'Guided hikes, night-sky evenings and restoration days that protect the canyons of Zion.',
  contactEmail: 'events@example.org',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: '#7a4a2a',
  accentColor: '#e0a458',
  backgroundColor: '#faf6ef',
  outerBackgroundColor: '#2c2d2e',
  textColor: '#2c2c2c',
  headerColor: '#7a4a2a',
  navbarColor: '#ffffff',
  navbarTextColor: '#2c2c2c',
  footerColor: '#2c3e50',
  footerTextColor: '#ffffff',
  buttonColor: DEFAULT_PRIMARY_COLOR,
  buttonTextColor: '#ffffff',
  linkColor: DEFAULT_PRIMARY_COLOR,
  borderColor: '#e8e1dc',
  logoImage: '',
  favicon: '',
  headerImage: '',
  headerText: 'Events that keep Zion wild',
  headerSubtext: 'Join a hike, a talk or a restoration day near Zion National Park.',
  footerText: 'Caring for the Zion region, one volunteer at a time.',
  customCSS: '',
  socialLinks: { website: '', facebook: '', instagram: '', twitter: '' },
  sliderImages: {},
  activeSlides: ['slide1', 'slide2', 'slide3'],
  sliderContent: {
    slide1: {
      title: 'Protect the canyons you love',
      subtitle: 'Volunteer, learn and explore with us',
      description: 'Join guided hikes, restoration days and night-sky evenings across the Zion region.',
      buttonText: 'See Events',
      buttonLink: '#events',
    },
    slide2: {
      title: 'Restore native habitat',
      subtitle: 'Hands in the soil, eyes on the cliffs',
      description: 'Our volunteers plant, weed and repair trails so wildlife and visitors can thrive.',
      buttonText: 'Learn More',
      buttonLink: '#about',
    },
    slide3: {
      title: 'Dark skies, bright stars',
      subtitle: 'Night programs under one of the darkest skies in the West',
      description: 'Telescopes, stories and a sky full of stars, hosted by our naturalists.',
      buttonText: 'Find a Night Program',
      buttonLink: '#events',
    },
  },
  aboutSection: {
    mainTitle: 'About Us',
    subtitle: 'Conservation rooted in the Zion region',
    contentTitle: 'Caring for the canyons since 1998',
    description:
      'We are a community of volunteers, naturalists and neighbours who protect the plants, animals and dark skies of the Zion region. Our events bring people outdoors to learn, restore and enjoy this landscape together.',
    image: '',
    imageAlt: 'Sandstone cliffs of the Zion region',
    feature1: { icon: '🌱', title: 'Restoration', description: 'Native planting and trail care that heal the land.' },
    feature2: { icon: '🦅', title: 'Wildlife', description: 'Citizen science that keeps condors and bighorns thriving.' },
    feature3: { icon: '✨', title: 'Dark Skies', description: 'Night programs that celebrate and protect the stars.' },
  },
};

/** Default slide texts used when a slide has none (SPEC §2). */
export const SLIDE_FALLBACK: SlideContent = {
  title: 'Discover Zion',
  subtitle: '',
  description: 'Explore, learn and help protect the Zion region with us.',
  buttonText: 'Learn More',
  buttonLink: '#events',
};
