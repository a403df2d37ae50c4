import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '@shared/constants.js';
import { base64OfDataUrl, imageFileProblem } from './upload.js';

describe('upload checks', () => {
  it('refuses files over the shared limit and non-images, in that order', () => {
    expect(imageFileProblem({ size: UPLOAD_LIMIT_BYTES, type: 'image/png' })).toBeNull();
    expect(imageFileProblem({ size: UPLOAD_LIMIT_BYTES + 1, type: 'image/png' })).toBe('File too large. Maximum size is 5MB.');
    expect(imageFileProblem({ size: 10, type: 'text/plain' })).toBe('Please select a valid image file.');
    expect(imageFileProblem({ size: 10, type: '' })).toBe('Please select a valid image file.');
  });

  it('keeps only the base64 part of a data URL', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(base64OfDataUrl('iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  });
});
