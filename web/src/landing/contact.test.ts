import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@shared/theme-model.js';
import { MAIL_MESSAGES } from '@shared/mail-model.js';
import { PERSON_NAME_MESSAGES } from '@shared/person-name-model.js';
import { RSVP_MESSAGES } from '@shared/rsvps-model.js';
import { ApiError } from '../api/client.js';
import {
  CONTACT_ERRORS,
  contactBody,
  contactFailure,
  validateContact,
} from './contact.js';
import { paragraphs } from '../ui/content.js';
import { resolveAboutSection } from './about.js';
import { FALLBACK_IMAGE } from '../ui/content.js';

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

  it('takes a person\'s name only, as the API does (issue 23 item 3)', () => {
    const nameError = (name: string) => validateContact({ name, email: 'ann@example.org', message: 'Hi' }).name;
    expect(nameError('Call +1 888 555 0100')).toBe(PERSON_NAME_MESSAGES.lettersOnly);
    expect(nameError('ｅｖｉｌ．ｃｏｍ')).toBe(PERSON_NAME_MESSAGES.webAddress);
    expect(nameError('\u200b')).toBe(CONTACT_ERRORS.name);
    expect(nameError('Zoë d’Arc')).toBeUndefined();
  });
});

describe('contact sending', () => {
  it('shows the server message and its field errors', () => {
    const error = new ApiError('A valid email is required', 400, 'A valid email is required', { email: 'A valid email is required', other: 'x' });
    expect(contactFailure(error)).toEqual({ message: 'A valid email is required', fieldErrors: { email: 'A valid email is required' } });
  });

  it('explains a site without a contact e-mail, a network failure and an unknown failure', () => {
    expect(contactFailure(new ApiError(MAIL_MESSAGES.contactUnavailable, 409, MAIL_MESSAGES.contactUnavailable)).message).toBe(
      MAIL_MESSAGES.contactUnavailable,
    );
    expect(contactFailure(new ApiError('Network error occurred', 0)).message).toBe(RSVP_MESSAGES.networkError);
    expect(contactFailure(new ApiError('x', 500)).message).toBe(MAIL_MESSAGES.contactFailed);
    expect(contactFailure(new Error('boom')).message).toBe(MAIL_MESSAGES.contactFailed);
  });

  it('trims what it sends', () => {
    expect(contactBody({ name: ' Ann ', email: ' ann@example.org ', message: ' Hi \n' })).toEqual({ name: 'Ann', email: 'ann@example.org', message: 'Hi' });
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
