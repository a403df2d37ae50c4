import { describe, expect, it } from 'vitest';
import { indexServes, missingIndexes, needsComposite, shapeOf, type CompositeIndex } from '../support/query-indexes.js';

const index = (collectionGroup: string, ...fields: [string, 'ASCENDING' | 'DESCENDING' | 'CONTAINS'][]): CompositeIndex => ({
  collectionGroup,
  queryScope: 'COLLECTION',
  fields: fields.map(([fieldPath, kind]) => (kind === 'CONTAINS' ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order: kind })),
});

describe('which queries need a composite index in production', () => {
  it('equality filters alone, or one field filtered and ordered by itself, need none', () => {
    expect(needsComposite(shapeOf('rsvps'))).toBe(false);
    expect(needsComposite(shapeOf('rsvps', { where: [['eventId', '==', 'e'], ['email', '==', 'a@b.c']] }))).toBe(false);
    expect(needsComposite(shapeOf('rsvps', { where: [['eventId', '==', 'e'], ['status', 'in', ['confirmed']]] }))).toBe(false);
    expect(needsComposite(shapeOf('events', { where: [['date', '>=', 'x']], orderBy: [['date', 'asc']] }))).toBe(false);
    expect(needsComposite(shapeOf('events', { orderBy: [['date', 'desc']], limit: 3 }))).toBe(false);
    // An order on a field that is filtered by equality sorts nothing.
    expect(needsComposite(shapeOf('events', { where: [['date', '==', 'x']], orderBy: [['date', 'asc']] }))).toBe(false);
  });

  it('equality with an order or a range on another field, or two ordered fields, need one', () => {
    expect(needsComposite(shapeOf('rsvps', { where: [['eventId', '==', 'e']], orderBy: [['createdAt', 'asc']] }))).toBe(true);
    expect(needsComposite(shapeOf('rsvps', { where: [['status', '==', 'p'], ['holdExpiresAt', '<=', 'x']] }))).toBe(true);
    expect(needsComposite(shapeOf('events', { orderBy: [['date', 'asc'], ['title', 'asc']] }))).toBe(true);
  });

  it('an index serves a query when it has the equality fields first, then the ordered ones, either way round', () => {
    const shape = shapeOf('events', { where: [['isActive', '==', true], ['isArchived', '==', false], ['date', '>=', 'x']], orderBy: [['date', 'asc']] });
    expect(indexServes(index('events', ['isArchived', 'ASCENDING'], ['isActive', 'ASCENDING'], ['date', 'ASCENDING']), shape)).toBe(true);
    expect(indexServes(index('events', ['isActive', 'ASCENDING'], ['isArchived', 'ASCENDING'], ['date', 'DESCENDING']), shape)).toBe(true);
    expect(indexServes(index('events', ['isActive', 'ASCENDING'], ['date', 'ASCENDING']), shape)).toBe(false);
    expect(indexServes(index('rsvps', ['isActive', 'ASCENDING'], ['isArchived', 'ASCENDING'], ['date', 'ASCENDING']), shape)).toBe(false);
    expect(indexServes(index('events', ['date', 'ASCENDING'], ['isActive', 'ASCENDING'], ['isArchived', 'ASCENDING']), shape)).toBe(false);
  });

  it('lists what firestore.indexes.json lacks', () => {
    const shapes = [
      shapeOf('rsvps', { where: [['eventId', '==', 'e']], orderBy: [['createdAt', 'asc']] }),
      shapeOf('rsvps', { where: [['eventId', '==', 'e']], orderBy: [['createdAt', 'desc'], ['name', 'asc']] }),
      shapeOf('rsvps', { where: [['eventId', '==', 'e']] }),
    ];
    expect(missingIndexes(shapes, [index('rsvps', ['eventId', 'ASCENDING'], ['createdAt', 'ASCENDING'])])).toEqual([shapes[1]]);
  });
});
