import type { Query } from '../../src/store/port.js';

/*
 * Which composite index production's Firestore demands for a query, and whether
 * firestore.indexes.json has it. The Firestore emulator runs every query without
 * an index, so without this check a query that needs one would first fail in
 * production ('FAILED_PRECONDITION: The query requires an index').
 *
 * Firestore's rules (https://firebase.google.com/docs/firestore/query-data/index-overview):
 * single-field indexes exist for every field, so equality filters alone (==, in,
 * array-contains, merged in a zig-zag join), or one field filtered by a range and
 * ordered by itself, need nothing more. Equality filters together with a range or an
 * order on another field, a range or order on two fields, need a composite index:
 * the equality fields first (in any order), then the range and order fields in order.
 */

/** What a query needs, as the suites recorded it: the collection, and its filters and order without values. */
export interface QueryShape {
  collection: string;
  equality: { field: string; op: '==' | 'in' | 'array-contains' }[];
  /** Range and order fields, in the order Firestore sorts by them. */
  ordered: { field: string; direction: 'asc' | 'desc' }[];
}

const EQUALITY_OPS = new Set(['==', 'in', 'array-contains']);

export function shapeOf(collection: string, query: Query = {}): QueryShape {
  const equality: QueryShape['equality'] = [];
  const ordered: QueryShape['ordered'] = [];
  const add = (field: string, direction: 'asc' | 'desc') => {
    if (!ordered.some((entry) => entry.field === field)) ordered.push({ field, direction });
  };
  // Firestore orders by the range fields first (ascending unless an orderBy says otherwise), then the orderBy fields.
  const orderDirection = (field: string) => query.orderBy?.find(([name]) => name === field)?.[1] ?? 'asc';
  for (const [field, op] of query.where ?? []) {
    if (EQUALITY_OPS.has(op)) equality.push({ field, op: op as QueryShape['equality'][number]['op'] });
    else add(field, orderDirection(field));
  }
  for (const [field, direction = 'asc'] of query.orderBy ?? []) add(field, direction);
  // An order on a field that is also an equality filter sorts nothing.
  const equalFields = new Set(equality.filter((entry) => entry.op === '==').map((entry) => entry.field));
  return { collection, equality, ordered: ordered.filter((entry) => !equalFields.has(entry.field)) };
}

export function shapeKey(shape: QueryShape): string {
  const equality = [...shape.equality].sort((a, b) => a.field.localeCompare(b.field)).map((entry) => `${entry.field} ${entry.op}`);
  const ordered = shape.ordered.map((entry) => `${entry.field} ${entry.direction}`);
  return `${shape.collection} where [${equality.join(', ')}] order [${ordered.join(', ')}]`;
}

/** Whether single-field indexes serve the query (no composite index needed). */
export function needsComposite(shape: QueryShape): boolean {
  if (shape.ordered.length > 1) return true;
  if (shape.ordered.length === 0) return false;
  return shape.equality.length > 0;
}

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: string;
  fields: IndexField[];
}

/** Whether `index` serves `shape`: its first fields are the equality fields, then the ordered ones, all one way or all reversed. */
export function indexServes(index: CompositeIndex, shape: QueryShape): boolean {
  if (index.collectionGroup !== shape.collection || index.queryScope !== 'COLLECTION') return false;
  const { equality, ordered } = shape;
  if (index.fields.length !== equality.length + ordered.length) return false;
  const head = index.fields.slice(0, equality.length);
  for (const entry of equality) {
    const field = head.find((candidate) => candidate.fieldPath === entry.field);
    if (!field) return false;
    if (entry.op === 'array-contains' ? field.arrayConfig !== 'CONTAINS' : field.order === undefined) return false;
  }
  const tail = index.fields.slice(equality.length);
  const wanted = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'ASCENDING' : 'DESCENDING');
  const reversed = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'DESCENDING' : 'ASCENDING');
  const sameWay = ordered.every((entry, i) => tail[i].fieldPath === entry.field && tail[i].order === wanted(entry.direction));
  const otherWay = ordered.every((entry, i) => tail[i].fieldPath === entry.field && tail[i].order === reversed(entry.direction));
  return sameWay || otherWay;
}

/** The recorded shapes that production would refuse for want of an index in `indexes`. */
export function missingIndexes(shapes: QueryShape[], indexes: CompositeIndex[]): QueryShape[] {
  return shapes.filter((shape) => needsComposite(shape) && !indexes.some((index) => indexServes(index, shape)));
}
