import type { AboutSection, Feature } from '@shared/theme-model.js';
import { DEFAULT_THEME } from '@shared/theme-model.js';
import { FALLBACK_IMAGE } from '../ui/content.js';

function pick(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

function feature(value: Partial<Feature> | undefined, fallback: Feature): Feature {
  return {
    icon: pick(value?.icon, fallback.icon),
    title: pick(value?.title, fallback.title),
    description: pick(value?.description, fallback.description),
  };
}

/** The about section's texts, each empty one replaced by its default (SPEC §2). */
export function resolveAboutSection(about: Partial<AboutSection> | undefined): AboutSection {
  const defaults = DEFAULT_THEME.aboutSection;
  return {
    mainTitle: pick(about?.mainTitle, defaults.mainTitle),
    subtitle: pick(about?.subtitle, defaults.subtitle),
    contentTitle: pick(about?.contentTitle, defaults.contentTitle),
    description: pick(about?.description, defaults.description),
    image: pick(about?.image, defaults.image || FALLBACK_IMAGE),
    imageAlt: pick(about?.imageAlt, defaults.imageAlt),
    feature1: feature(about?.feature1, defaults.feature1),
    feature2: feature(about?.feature2, defaults.feature2),
    feature3: feature(about?.feature3, defaults.feature3),
  };
}

