import { describe, expect, it } from 'vitest';
import { FALLBACK_SPONSORS, stripCopy } from './strip.js';

describe('sponsor strip', () => {
  it('has three placeholder logos for a failed request', () => {
    expect(FALLBACK_SPONSORS).toHaveLength(3);
  });

  it('repeats a short list so one copy fills the strip', () => {
    expect(stripCopy([1, 2, 3], 8)).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3]);
    expect(stripCopy([1, 2, 3, 4, 5, 6, 7, 8, 9], 8)).toHaveLength(9);
    expect(stripCopy([], 8)).toEqual([]);
  });
});
