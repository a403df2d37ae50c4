import { describe, expect, it } from 'vitest';
import { isSameSponsorSet, logoForStrip, sortSponsors, toSponsorView, type StoredSponsor } from '../../src/sponsors/rules.js';

const doc = (id: string, data: Partial<StoredSponsor>) => ({ id, data: { name: id, logo: `/${id}.webp`, ...data } });

describe('sortSponsors', () => {
  it('puts placed sponsors first by place, then unplaced ones oldest first, ties by age then id', () => {
    const sorted = sortSponsors([
      doc('legacy-new', { createdAt: '2026-03-01T00:00:00.000Z' }),
      doc('second', { order: 1, createdAt: '2026-01-01T00:00:00.000Z' }),
      doc('legacy-old', { createdAt: '2026-02-01T00:00:00.000Z' }),
      doc('first', { order: 0, createdAt: '2026-05-01T00:00:00.000Z' }),
      doc('tie-b', { order: 2, createdAt: '2026-01-01T00:00:00.000Z' }),
      doc('tie-a', { order: 2, createdAt: '2026-01-01T00:00:00.000Z' }),
      doc('no-date', {}),
    ]);
    expect(sorted.map((d) => d.id)).toEqual(['first', 'second', 'tie-a', 'tie-b', 'no-date', 'legacy-old', 'legacy-new']);
  });

  it('does not change the list it is given', () => {
    const list = [doc('b', { order: 1 }), doc('a', { order: 0 })];
    sortSponsors(list);
    expect(list.map((d) => d.id)).toEqual(['b', 'a']);
  });
});

describe('isSameSponsorSet', () => {
  const stored = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it.each([
    [['c', 'a', 'b'], true],
    [['a', 'b'], false],
    [['a', 'b', 'c', 'd'], false],
    [['a', 'b', 'd'], false],
    [['a', 'a', 'b'], false],
  ])('%j is %s', (ids, same) => {
    expect(isSameSponsorSet(ids, stored)).toBe(same);
  });
});

describe('toSponsorView', () => {
  it('lists its fields only and reads logoUrl where logo is absent (SPEC §3)', () => {
    const legacy = { id: 'x', data: { name: 'Old Friend', logoUrl: 'https://example.org/old.png', secret: 'kept out' } as StoredSponsor };
    expect(toSponsorView(legacy)).toEqual({ id: 'x', name: 'Old Friend', logo: 'https://example.org/old.png', website: '', createdAt: '' });
    expect(toSponsorView({ id: 'y', data: { name: 'New', logo: '/new.webp', logoUrl: '/old.png', order: 3, createdAt: '2026-01-01T00:00:00.000Z' } })).toEqual({
      id: 'y',
      name: 'New',
      logo: '/new.webp',
      website: '',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });
});

describe('logoForStrip', () => {
  const srcset = (widths: number[]) => widths.map((w) => `/api/files/uploads/h-${w}.webp ${w}w`).join(', ');

  it('picks the smallest copy that fills the 150x80 box at twice its size', () => {
    // A wide logo (4:1) fills the box's width: 300 px needed.
    expect(logoForStrip({ srcset: srcset([480, 960, 1600]), imageUrl: '/api/files/uploads/h-1600.webp', width: 2000, height: 500 })).toBe('/api/files/uploads/h-480.webp');
    // A 2:1 logo is shown 150 wide too; a copy of exactly 300 px will do.
    expect(logoForStrip({ srcset: '/a-300.webp 300w, /a-480.webp 480w', imageUrl: '/a-480.webp', width: 480, height: 240 })).toBe('/a-300.webp');
  });

  it('a tall logo fills the box’s height and needs fewer pixels across', () => {
    // 500x1000 is shown 40x80: 80 px across at 2x; the smallest copy, ordered or not, is enough.
    expect(logoForStrip({ srcset: '/t-480.webp 480w, /t-100.webp 100w', imageUrl: '/t-480.webp', width: 500, height: 1000 })).toBe('/t-100.webp');
  });

  it('keeps the largest copy when none is big enough (a logo made at 150x80)', () => {
    expect(logoForStrip({ srcset: srcset([150]), imageUrl: '/api/files/uploads/h-150.webp', width: 150, height: 80 })).toBe('/api/files/uploads/h-150.webp');
    expect(logoForStrip({ srcset: srcset([200, 250]), imageUrl: '/x.webp', width: 250, height: 100 })).toBe('/api/files/uploads/h-250.webp');
  });

  it('falls back to the image URL when the srcset says nothing usable', () => {
    expect(logoForStrip({ srcset: '', imageUrl: '/only.webp', width: 10, height: 10 })).toBe('/only.webp');
  });
});
