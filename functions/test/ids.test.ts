import { describe, expect, it } from 'vitest';
import { newId } from '../src/ids.js';

describe('newId', () => {
  // Enough that, were one in 64 ids still to start with '-', this would fail all but never (1 - 1/64)^20000 ≈ 1e-137.
  const ids = Array.from({ length: 20_000 }, newId);

  it('is 22 characters of URL-safe base64 (128 bits), never twice the same', () => {
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never starts with a character a spreadsheet reads as a formula (issue 23 item 11)', () => {
    for (const id of ids) expect(id, id).not.toMatch(/^[=+\-@]/);
  });

  it('still starts with every other character of its alphabet: redrawn, not altered', () => {
    const firsts = new Set(ids.map((id) => id[0]));
    expect(firsts.size).toBe(63);
    expect(firsts.has('_')).toBe(true);
  });

  it('never takes the __x__ form Firestore refuses', () => {
    for (const id of ids) expect(id.startsWith('__') && id.endsWith('__')).toBe(false);
  });
});
