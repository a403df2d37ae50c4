import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@shared/theme-defaults.js';
import { buildContactMailto, CONTACT_ERRORS, validateContact } from './contact.js';
import { paragraphs, resolveAboutSection } from './about.js';
import { FALLBACK_IMAGE } from './slides.js';

describe('validateContact', () => {
  it('requires name, email and message', () => {
    expect(validateContact({ name: ' ', email: '', message: '' })).toEqual({
      name: CONTACT_ERRORS.name,
      email: CONTACT_ERRORS.email,
      message: CONTACT_ERRORS.message,
    });
  });

  it('checks the email looks like one', () => {
    expect(validateContact({ name: 'Ann', email: 'ann@', message: 'Hi' })).toEqual({ email: CONTACT_ERRORS.emailFormat });
    expect(validateContact({ name: 'Ann', email: 'ann@example.org', message: 'Hi' })).toEqual({});
  });
});

describe('buildContactMailto', () => {
  it('prefills subject and body, encoded', () => {
    const href = buildContactMailto('events@example.org', { name: 'Ann Lee', email: 'ann@example.org', message: 'Can I bring\nmy dog?' }, 'Zion Events');
    expect(href.startsWith('mailto:events@example.org?subject=')).toBe(true);
    const query = new URLSearchParams(href.split('?')[1]);
    expect(query.get('subject')).toBe('Message from Ann Lee via Zion Events');
    expect(query.get('body')).toBe('Can I bring\r\nmy dog?\r\n\r\nAnn Lee\r\nann@example.org');
    expect(href).not.toContain(' ');
  });

  it('cannot add extra headers through the fields', () => {
    const href = buildContactMailto('events@example.org', { name: 'x&cc=spy@evil.test', email: 'a@b.co', message: 'm' }, 'Zion');
    expect(new URLSearchParams(href.split('?')[1]).get('cc')).toBeNull();
  });
});

describe('about section', () => {
  it('fills empty texts from the defaults', () => {
    const about = resolveAboutSection({ mainTitle: 'Who we are', subtitle: '', feature1: { icon: '', title: 'Trails', description: '' } });
    expect(about.mainTitle).toBe('Who we are');
    expect(about.subtitle).toBe(DEFAULT_THEME.aboutSection.subtitle);
    expect(about.feature1).toEqual({ icon: DEFAULT_THEME.aboutSection.feature1.icon, title: 'Trails', description: DEFAULT_THEME.aboutSection.feature1.description });
    expect(about.image).toBe(FALLBACK_IMAGE);
  });

  it('splits text into paragraphs on line breaks', () => {
    expect(paragraphs('One.\r\nTwo.\n\n  Three.  ')).toEqual(['One.', 'Two.', 'Three.']);
    expect(paragraphs('')).toEqual([]);
  });
});
