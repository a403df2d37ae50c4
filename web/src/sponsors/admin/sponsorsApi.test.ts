import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.js';
import { addFailure, changedSponsorFields, editValuesOf, moveSponsor, positionText, sponsorCalls } from './sponsorsApi.js';

describe('moveSponsor', () => {
  it('swaps with the neighbour above or below', () => {
    expect(moveSponsor(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveSponsor(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it is at either end or out of range, and never changes the list given', () => {
    const list = ['a', 'b', 'c'];
    expect(moveSponsor(list, 0, -1)).toEqual(list);
    expect(moveSponsor(list, 2, 1)).toEqual(list);
    expect(moveSponsor(list, 5, -1)).toEqual(list);
    moveSponsor(list, 1, 1);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('addFailure', () => {
  it('a refused logo says “Error uploading sponsor logo: <why>”, prefixed once', () => {
    expect(addFailure(new ApiError('Please select a valid image file.', 400, undefined, undefined, 'INVALID_IMAGE'))).toBe(
      'Error uploading sponsor logo: Please select a valid image file.',
    );
    expect(addFailure(new ApiError('Error uploading sponsor logo: File too large. Maximum size is 5MB.', 413, undefined, undefined, 'FILE_TOO_LARGE'))).toBe(
      'Error uploading sponsor logo: File too large. Maximum size is 5MB.',
    );
  });

  it('anything else says “Error adding sponsor”, with the reason when there is one', () => {
    expect(addFailure(new ApiError('Something went wrong. Please try again.', 500))).toBe('Error adding sponsor: Something went wrong. Please try again.');
    expect(addFailure(new ApiError('Authentication required. Please sign in again.', 403))).toBe('Error adding sponsor: Authentication required. Please sign in again.');
    expect(addFailure(new Error('boom'))).toBe('Error adding sponsor');
  });
});

it('positionText counts from 1', () => {
  expect(positionText([{ id: 'a' }, { id: 'b' }], 'b')).toBe('position 2 of 2');
});

describe('sponsorCalls.update', () => {
  it('PUTs the changes to /sponsors/{id} (the id escaped), failing with “Error saving sponsor”', async () => {
    const reply = { success: true, message: 'Sponsor saved', sponsor: { id: 'a/b', name: 'X', logo: '', website: '', createdAt: '' } };
    const request = vi.fn(async () => reply);
    await expect(sponsorCalls.update({ request } as never, 'a/b', { website: 'https://x.example' })).resolves.toBe(reply);
    expect(request).toHaveBeenCalledWith('/sponsors/a%2Fb', { method: 'PUT', body: { website: 'https://x.example' } }, 'Error saving sponsor');
  });
});

describe('changedSponsorFields', () => {
  const sponsor = { name: 'Red Rock Bank', website: 'https://redrock.example/' };

  it('nothing changed (spaces around count for nothing): nothing to send', () => {
    expect(changedSponsorFields(sponsor, editValuesOf(sponsor))).toEqual({});
    expect(changedSponsorFields(sponsor, { ...editValuesOf(sponsor), name: ' Red Rock Bank ', website: 'https://redrock.example/ ' })).toEqual({});
  });

  it('only what changed: the name, the website (\'\' removes it), a new logo with its name and type', () => {
    expect(changedSponsorFields(sponsor, { ...editValuesOf(sponsor), name: 'Red Rock CU' })).toEqual({ name: 'Red Rock CU' });
    expect(changedSponsorFields(sponsor, { ...editValuesOf(sponsor), website: '' })).toEqual({ website: '' });
    expect(changedSponsorFields(sponsor, { ...editValuesOf(sponsor), imageData: 'AAAA', fileName: 'l.png', mimeType: 'image/png' })).toEqual({
      imageData: 'AAAA',
      fileName: 'l.png',
      mimeType: 'image/png',
    });
  });
});

it('addFailure with the edit’s fallback says “Error saving sponsor: <why>”', () => {
  expect(addFailure(new ApiError('Sponsor not found', 404), 'Error saving sponsor')).toBe('Error saving sponsor: Sponsor not found');
});
