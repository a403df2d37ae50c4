import { StoreLimitError, type DocumentData } from './port.js';

/**
 * What Firestore refuses, checked the same way by every store adapter (DESIGN §4), so a suite
 * run on SQLite fails where production would. Sizes follow Firestore's storage-size rules
 * (https://firebase.google.com/docs/firestore/storage-size), which the official emulator applies
 * to the byte: a string is its UTF-8 bytes + 1, a number 8, a boolean or null 1, a map the sizes
 * of its keys and values, an array those of its values; a document is its name (each collection
 * and document id as a string, + 16) + its fields + 32.
 *
 * Documents are measured as JSON would store them, the form both adapters keep: undefined fields
 * are left out, undefined in an array is null, a Date is its ISO string.
 */
export const STORE_LIMITS = {
  /**
   * Writes one transaction may commit. Firestore's quota page no longer lists this (its emulator
   * commits more); it is the store's own rule (DESIGN §4), kept from Firestore's old commit limit.
   */
  writesPerCommit: 500,
  /** Firestore's maximum document size. */
  documentBytes: 1_048_576,
  /** Firestore's maximum size of one field value (1 MiB - 89 bytes): a string longer than this is refused on its own. */
  fieldValueBytes: 1_048_487,
  /** Firestore's maximum field name and field path (map keys joined with dots; array indices are not part of it). */
  fieldPathBytes: 1_500,
  /** Firestore's maximum collection or document id. */
  idBytes: 1_500,
  /** Firestore's maximum depth of fields in maps and arrays: a top-level field is depth 0. */
  depth: 20,
} as const;

/** Firestore reserves names that match __.*__ (two underscores first and last), for ids and field names alike. */
function isReserved(name: string) {
  return name.length >= 4 && name.startsWith('__') && name.endsWith('__');
}

const number = (value: number) => value.toLocaleString('en-US');

/**
 * The UTF-8 length of `text`, or -1 when it holds a lone surrogate (it has no UTF-8 form).
 * A loop rather than Buffer.byteLength: most strings here are short, where the call costs more.
 */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code < 0xd800 || code > 0xdfff) {
      bytes += 2;
    } else {
      // A high surrogate and a low one: one code point, 4 bytes for the 2 units.
      const low = code <= 0xdbff ? text.charCodeAt(i + 1) : 0;
      if (!(low >= 0xdc00 && low <= 0xdfff)) return -1;
      bytes += 2;
      i++;
    }
  }
  return bytes;
}

/** Why Firestore refuses `id` as a collection or document id, or null when it accepts it. */
export function idProblem(id: string): string | null {
  if (typeof id !== 'string' || id === '') return 'is empty';
  if (id.includes('/')) return 'contains a slash';
  if (id === '.' || id === '..') return 'is "." or ".."';
  if (isReserved(id)) return 'matches __.*__, which Firestore reserves';
  const bytes = utf8Length(id);
  if (bytes < 0) return 'is not valid UTF-8 (a lone surrogate)';
  if (bytes > STORE_LIMITS.idBytes) return `is longer than Firestore's ${number(STORE_LIMITS.idBytes)} bytes`;
  return null;
}

/** A document id no document can have: reads answer nothing and deletes do nothing, as for a missing document. */
export function isPossibleDocumentId(id: string): boolean {
  return idProblem(id) === null;
}

/** Refuses a write to `collection/id` when Firestore would refuse either id. */
export function checkPath(collection: string, id: string): void {
  const collectionProblem = idProblem(collection);
  if (collectionProblem) throw new StoreLimitError(`Collection id ${JSON.stringify(collection)} ${collectionProblem}`, 'invalid-id');
  const documentProblem = idProblem(id);
  if (documentProblem) throw new StoreLimitError(`Document id ${JSON.stringify(id)} in ${collection} ${documentProblem}`, 'invalid-id');
}

/** The size of a document's name by Firestore's rules: each id as a string (UTF-8 bytes + 1), + 16. */
export function documentNameSize(collection: string, id: string): number {
  return Buffer.byteLength(collection, 'utf8') + 1 + Buffer.byteLength(id, 'utf8') + 1 + 16;
}

/** What JSON.stringify would write for `value` found under `key`: toJSON applied, boxed primitives unwrapped. */
function asJsonValue(key: string | number, value: unknown): unknown {
  if (value !== null && (typeof value === 'object' || typeof value === 'bigint')) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, String(key));
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  return value;
}

/** A value JSON leaves out of an object (and writes as null in an array). */
function isOmitted(value: unknown) {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** Walks one document's fields, checking names and values; answers the size of the fields. */
class FieldWalker {
  /** Where the walk is (map keys and array indices), for messages only. */
  private readonly segments: (string | number)[] = [];

  constructor(private readonly where: string) {}

  private path() {
    return this.segments.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('');
  }

  private fail(message: string, code: 'invalid-field-name' | 'invalid-value' | 'document-too-large'): never {
    throw new StoreLimitError(`${this.where}: ${message}`, code);
  }

  /** The size of a map's keys and values; `pathBytes` is the size of the map's own field path (0 at the top). */
  map(value: object, pathBytes: number, depth: number): number {
    let size = 0;
    for (const key of Object.keys(value)) {
      const field = asJsonValue(key, (value as Record<string, unknown>)[key]);
      if (isOmitted(field)) continue;
      this.segments.push(key);
      const keyBytes = this.fieldName(key, pathBytes);
      size += keyBytes + 1 + this.value(field, pathBytes === 0 ? keyBytes : pathBytes + 1 + keyBytes, depth, false);
      this.segments.pop();
    }
    return size;
  }

  /** Checks a field name (the last segment) and answers its UTF-8 length. */
  private fieldName(key: string, parentBytes: number) {
    if (key === '') this.fail(`an empty field name at ${this.path() || '(top)'}; Firestore refuses it`, 'invalid-field-name');
    if (isReserved(key)) this.fail(`field name ${JSON.stringify(key)} at ${this.path()} matches __.*__, which Firestore reserves`, 'invalid-field-name');
    const bytes = utf8Length(key);
    if (bytes < 0) this.fail(`field name ${JSON.stringify(key)} at ${this.path()} is not valid UTF-8 (a lone surrogate)`, 'invalid-field-name');
    if ((parentBytes === 0 ? bytes : parentBytes + 1 + bytes) > STORE_LIMITS.fieldPathBytes) {
      this.fail(`the field path ${this.path().slice(0, 60)}… is longer than Firestore's ${number(STORE_LIMITS.fieldPathBytes)} bytes`, 'invalid-field-name');
    }
    return bytes;
  }

  /** The size of one value, `depth` levels down (a top-level field is 0). */
  value(value: unknown, pathBytes: number, depth: number, inArray: boolean): number {
    if (depth > STORE_LIMITS.depth) {
      this.fail(`${this.path().slice(0, 60)}… is deeper than Firestore's ${STORE_LIMITS.depth} levels of maps and arrays (or the data has a cycle)`, 'invalid-value');
    }
    if (value === null || isOmitted(value)) return 1;
    switch (typeof value) {
      case 'string': {
        const bytes = utf8Length(value);
        if (bytes < 0) this.fail(`the string in ${this.path()} is not valid UTF-8 (a lone surrogate)`, 'invalid-value');
        if (bytes > STORE_LIMITS.fieldValueBytes) {
          this.fail(`the string in ${this.path()} is ${number(bytes)} bytes, over Firestore's maximum field value of ${number(STORE_LIMITS.fieldValueBytes)} bytes`, 'document-too-large');
        }
        return bytes + 1;
      }
      case 'number':
        // NaN and the infinities are null in JSON.
        return Number.isFinite(value) ? 8 : 1;
      case 'boolean':
        return 1;
      case 'bigint':
        return 8;
      case 'object':
        break;
      default:
        return 1;
    }
    if (Array.isArray(value)) {
      if (inArray) this.fail(`${this.path()} holds an array directly inside an array, which Firestore refuses`, 'invalid-value');
      let size = 0;
      for (let index = 0; index < value.length; index++) {
        this.segments.push(index);
        size += this.value(asJsonValue(index, value[index]), pathBytes, depth + 1, true);
        this.segments.pop();
      }
      return size;
    }
    return this.map(value, pathBytes, depth + 1);
  }
}

/** Checks every field name and value of `fields` (a whole document, or an update's top-level fields); answers their size. */
export function fieldsSize(collection: string, id: string, fields: DocumentData): number {
  const data = asJsonValue('', fields);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new StoreLimitError(`${collection}/${id}: a document must be a map of fields`, 'invalid-value');
  }
  return new FieldWalker(`${collection}/${id}`).map(data, 0, 0);
}

/** The size Firestore gives `collection/id` holding `data`, with every check of `fieldsSize`. */
export function documentSize(collection: string, id: string, data: DocumentData): number {
  return documentNameSize(collection, id) + fieldsSize(collection, id, data) + 32;
}

/** Refuses a document Firestore would refuse: its ids, field names, values, or a size over 1 MiB. */
export function checkDocument(collection: string, id: string, data: DocumentData): void {
  checkPath(collection, id);
  checkDocumentSize(collection, id, documentSize(collection, id, data));
}

/**
 * Refuses an update whose fields Firestore would refuse, or whose fields alone already make
 * the document too large. What the merged document weighs is checked where it is known.
 */
export function checkUpdateFields(collection: string, id: string, fields: DocumentData): void {
  checkPath(collection, id);
  checkDocumentSize(collection, id, documentNameSize(collection, id) + fieldsSize(collection, id, fields) + 32);
}

export function checkDocumentSize(collection: string, id: string, size: number): void {
  if (size > STORE_LIMITS.documentBytes) throw documentTooLarge(`${collection}/${id}`, size);
}

export function documentTooLarge(path: string, size?: number): StoreLimitError {
  const weighs = size === undefined ? 'is' : `would be ${number(size)} bytes,`;
  return new StoreLimitError(
    `${path} ${weighs} over Firestore's maximum document size of ${number(STORE_LIMITS.documentBytes)} bytes (1 MiB)`,
    'document-too-large',
  );
}

/** Refuses a commit of more writes than a transaction may make. */
export function checkWriteCount(count: number): void {
  if (count <= STORE_LIMITS.writesPerCommit) return;
  throw new StoreLimitError(
    `A transaction may commit at most ${STORE_LIMITS.writesPerCommit} writes (DESIGN §4, Firestore's commit limit); this one made ${number(count)}. Nothing was written.`,
    'too-many-writes',
  );
}
