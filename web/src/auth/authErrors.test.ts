import { describe, expect, it } from 'vitest';
import { authErrorMessage, GENERIC_SIGN_IN_ERROR } from './authErrors.js';

describe('authErrorMessage', () => {
  it('makes known provider codes readable', () => {
    expect(authErrorMessage({ code: 'auth/invalid-credential', message: 'Firebase: Error (auth/invalid-credential).' })).toBe('Invalid email or password.');
    expect(authErrorMessage({ code: 'auth/too-many-requests' })).toMatch(/Too many/);
  });

  it('finds the code inside the message when the code is missing', () => {
    expect(authErrorMessage(new Error('Firebase: Error (auth/user-not-found).'))).toBe('Invalid email or password.');
  });

  it("cleans up an unknown provider message", () => {
    expect(authErrorMessage(new Error('Firebase: The service is down (auth/something-new).'))).toBe('The service is down.');
  });

  it('falls back to a generic text', () => {
    expect(authErrorMessage(null)).toBe(GENERIC_SIGN_IN_ERROR);
    expect(authErrorMessage(new Error('Firebase: Error (auth/odd-thing).'))).toBe(GENERIC_SIGN_IN_ERROR);
  });
});
