import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STORE_LIMITS,
  checkDocument,
  checkPath,
  checkUpdateFields,
  checkWriteCount,
  documentNameSize,
  documentSize,
  isPossibleDocumentId,
} from '../../src/store/limits.js';
import { StoreLimitError, type DocumentData } from '../../src/store/port.js';

/** The error `run` throws: a StoreLimitError with this code. */
function refusal(run: () => unknown, code: StoreLimitError['code']) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a StoreLimitError').toBeInstanceOf(StoreLimitError);
  expect(thrown).toMatchObject({ code });
  return thrown as StoreLimitError;
}

/** A document of `bytes` bytes by Firestore's rules: two strings (one alone may not pass 1 MiB - 89 bytes). */
function sizedDocument(collection: string, id: string, bytes: number): DocumentData {
  const room = bytes - documentSize(collection, id, { a: '', b: '' });
  const half = Math.floor(room / 2);
  return { a: 'x'.repeat(half), b: 'y'.repeat(room - half) };
}

/** `levels` maps inside one another around { v: 1 }: v is at depth `levels` (a top-level field is 0). */
function nested(levels: number): DocumentData {
  let value: DocumentData = { v: 1 };
  for (let i = 0; i < levels; i++) value = { o: value };
  return value;
}

describe('documentSize (Firestore storage-size rules)', () => {
  it("matches the example in Firestore's storage-size page", () => {
    // https://firebase.google.com/docs/firestore/storage-size: the task document, here in a top-level collection.
    const task = { type: 'Personal', done: false, priority: 1, description: 'Learn Cloud Firestore' };
    expect(documentNameSize('tasks', 'my_task_id')).toBe(6 + 11 + 16);
    expect(documentSize('tasks', 'my_task_id', task)).toBe(33 + 71 + 32);
  });

  it('counts strings in UTF-8 bytes + 1, numbers 8, booleans and null 1, maps by keys and values, arrays by values', () => {
    const base = documentSize('c', 'd', {});
    expect(base).toBe(2 + 2 + 16 + 32);
    expect(documentSize('c', 'd', { s: 'é😀' }) - base).toBe(2 + 2 + 4 + 1);
    expect(documentSize('c', 'd', { n: 1 }) - base).toBe(2 + 8);
    expect(documentSize('c', 'd', { n: 1.5 }) - base).toBe(2 + 8);
    expect(documentSize('c', 'd', { t: true, f: false, z: null }) - base).toBe(3 * (2 + 1));
    expect(documentSize('c', 'd', { m: { ab: 'c' } }) - base).toBe(2 + 3 + 2);
    expect(documentSize('c', 'd', { l: [1, 'a', null, { k: true }] }) - base).toBe(2 + 8 + 2 + 1 + (2 + 1));
    expect(documentSize('c', 'd', { l: [] }) - base).toBe(2);
    expect(documentSize('café', 'd', {}) - base).toBe(4);
  });

  it('counts UTF-8 as Node does, for every width of character', () => {
    const base = documentSize('c', 'd', { s: '' });
    for (const text of ['plain', 'é', 'ßçø', '中文字', '😀', 'a😀b🗝c', '\u0080\u07ff\u0800\uffff', '\ud83d\ude00\ud83d\ude00', 'x'.repeat(5000) + '€']) {
      expect(documentSize('c', 'd', { s: text }) - base, text.slice(0, 12)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });

  it('measures what JSON would store: undefined left out, null in arrays, Dates as ISO strings, toJSON applied', () => {
    class Money {
      constructor(readonly cents: number) {}
      toJSON() {
        return { cents: this.cents, currency: 'usd' };
      }
    }
    const fixtures: DocumentData[] = [
      { gone: undefined, kept: 1, nested: { gone: undefined, fn: () => 1 }, list: [1, undefined, () => 2] },
      { when: new Date('2025-06-01T12:00:00Z'), price: new Money(1250), nan: NaN, inf: -Infinity },
      { boxed: Object('text') as object, number: Object(3) as object, yes: Object(true) as object },
      { map: new Map([['a', 1]]), set: new Set([1]), instance: new (class { x = 1 })() },
      { deep: [{ a: [{ b: 'c' }] }], unicode: { 'ключ 🗝': 'значение' } },
    ];
    for (const data of fixtures) {
      const json = JSON.parse(JSON.stringify(data)) as DocumentData;
      expect(documentSize('things', 'x', data)).toBe(documentSize('things', 'x', json));
    }
  });
});

describe('checkDocument: what Firestore refuses', () => {
  it('takes a document of exactly 1 MiB and refuses one byte more', () => {
    const atLimit = sizedDocument('events', 'e1', STORE_LIMITS.documentBytes);
    expect(documentSize('events', 'e1', atLimit)).toBe(1_048_576);
    expect(() => checkDocument('events', 'e1', atLimit)).not.toThrow();
    const over = sizedDocument('events', 'e1', STORE_LIMITS.documentBytes + 1);
    const error = refusal(() => checkDocument('events', 'e1', over), 'document-too-large');
    expect(error.message).toContain('events/e1');
    expect(error.message).toContain('1,048,577');
    expect(error.message).toContain("Firestore's maximum document size of 1,048,576 bytes");
  });

  it('refuses one string over 1 MiB - 89 bytes even when the document is not over 1 MiB', () => {
    expect(() => checkDocument('c', 'd', { s: 'x'.repeat(1_048_487) })).not.toThrow();
    const error = refusal(() => checkDocument('c', 'd', { s: 'x'.repeat(1_048_488) }), 'document-too-large');
    expect(error.message).toMatch(/1,048,487 bytes/);
  });

  it('refuses empty and reserved field names, at any depth, and takes others as literal names', () => {
    refusal(() => checkDocument('c', 'd', { '': 1 }), 'invalid-field-name');
    refusal(() => checkDocument('c', 'd', { __x__: 1 }), 'invalid-field-name');
    refusal(() => checkDocument('c', 'd', { a: { b: { __name__: 1 } } }), 'invalid-field-name');
    refusal(() => checkDocument('c', 'd', { list: [{ '': 1 }] }), 'invalid-field-name');
    refusal(() => checkDocument('c', 'd', { ____: 1 }), 'invalid-field-name');
    expect(() => checkDocument('c', 'd', { '__a': 1, 'a__': 1, '__': 1, 'a.b': 1, 'with space': 1, 'a`b': 1, 'é': 1 })).not.toThrow();
    // A reserved name whose value JSON leaves out is never sent.
    expect(() => checkDocument('c', 'd', { __x__: undefined })).not.toThrow();
  });

  it('refuses a field name or path over 1,500 bytes; array indices are not part of the path', () => {
    expect(() => checkDocument('c', 'd', { ['k'.repeat(1500)]: 1 })).not.toThrow();
    refusal(() => checkDocument('c', 'd', { ['k'.repeat(1501)]: 1 }), 'invalid-field-name');
    refusal(() => checkDocument('c', 'd', { ['é'.repeat(751)]: 1 }), 'invalid-field-name');
    expect(() => checkDocument('c', 'd', { ['k'.repeat(749)]: { ['j'.repeat(750)]: 1 } })).not.toThrow();
    refusal(() => checkDocument('c', 'd', { ['k'.repeat(750)]: { ['j'.repeat(750)]: 1 } }), 'invalid-field-name');
    expect(() => checkDocument('c', 'd', { a: [{ ['k'.repeat(1498)]: 1 }] })).not.toThrow();
    refusal(() => checkDocument('c', 'd', { a: [{ ['k'.repeat(1499)]: 1 }] }), 'invalid-field-name');
  });

  it('refuses an array directly inside an array, but not an array in a map in an array', () => {
    const error = refusal(() => checkDocument('c', 'd', { grid: [[1, 2]] }), 'invalid-value');
    expect(error.message).toContain('grid[0]');
    expect(() => checkDocument('c', 'd', { rows: [{ cells: [1, 2] }] })).not.toThrow();
  });

  it('refuses maps and arrays nested deeper than 20 levels, and a cycle, without overflowing the stack', () => {
    expect(() => checkDocument('c', 'd', nested(20))).not.toThrow();
    refusal(() => checkDocument('c', 'd', nested(21)), 'invalid-value');
    // Array elements are a level too: a, a[0], a[0].o, a[0].o[0], ...
    let value: unknown = { v: 1 };
    for (let i = 0; i < 19; i++) value = i % 2 ? { o: value } : [value];
    expect(() => checkDocument('c', 'd', { a: value })).not.toThrow();
    refusal(() => checkDocument('c', 'd', { a: [value] }), 'invalid-value');
    const cycle: DocumentData = { name: 'loop' };
    cycle.self = cycle;
    refusal(() => checkDocument('c', 'd', cycle), 'invalid-value');
  });

  it('refuses a lone surrogate (not UTF-8) in a value or a name; well-formed emoji are fine', () => {
    refusal(() => checkDocument('c', 'd', { s: 'a\ud800b' }), 'invalid-value');
    refusal(() => checkDocument('c', 'd', { s: 'ends high \ud83d' }), 'invalid-value');
    refusal(() => checkDocument('c', 'd', { s: '\ude00 low first' }), 'invalid-value');
    refusal(() => checkDocument('c', 'd', { list: ['ok', '\udc00'] }), 'invalid-value');
    refusal(() => checkDocument('c', 'd', { ['\udc00']: 1 }), 'invalid-field-name');
    expect(() => checkDocument('c', 'd', { s: '😀', '🗝': 1 })).not.toThrow();
  });

  it('refuses something other than a map as a document', () => {
    refusal(() => checkDocument('c', 'd', [] as unknown as DocumentData), 'invalid-value');
    refusal(() => checkDocument('c', 'd', null as unknown as DocumentData), 'invalid-value');
  });
});

describe('ids', () => {
  it('refuses the ids Firestore refuses, for collections and documents', () => {
    for (const id of ['', 'a/b', '.', '..', '__x__', '____', 'i'.repeat(1501), 'é'.repeat(751), '\ud800']) {
      expect(isPossibleDocumentId(id), JSON.stringify(id.slice(0, 20))).toBe(false);
      refusal(() => checkPath('events', id), 'invalid-id');
      refusal(() => checkPath(id, 'e1'), 'invalid-id');
    }
    for (const id of ['e1', 'a.b', '...', ' é ', '__a', 'a__', '__', 'i'.repeat(1500), 'Zx-_9']) {
      expect(isPossibleDocumentId(id), id.slice(0, 20)).toBe(true);
      expect(() => checkPath('events', id)).not.toThrow();
    }
  });

  it('checkDocument and checkUpdateFields check the path first', () => {
    const error = refusal(() => checkDocument('events', 'a/b', { a: 1 }), 'invalid-id');
    expect(error.message).toBe('Document id "a/b" in events contains a slash');
    refusal(() => checkUpdateFields('events', '', { a: 1 }), 'invalid-id');
  });
});

describe('checkUpdateFields', () => {
  it('checks the names and values sent, and refuses fields that alone are over 1 MiB', () => {
    refusal(() => checkUpdateFields('c', 'd', { __x__: 1 }), 'invalid-field-name');
    refusal(() => checkUpdateFields('c', 'd', { grid: [[1]] }), 'invalid-value');
    refusal(() => checkUpdateFields('c', 'd', sizedDocument('c', 'd', STORE_LIMITS.documentBytes + 1)), 'document-too-large');
    expect(() => checkUpdateFields('c', 'd', { a: 'x', gone: undefined, 'a.b': 2 })).not.toThrow();
  });
});

describe('checkWriteCount', () => {
  it('lets 500 writes commit and refuses 501, naming the limit', () => {
    expect(() => checkWriteCount(0)).not.toThrow();
    expect(() => checkWriteCount(500)).not.toThrow();
    const error = refusal(() => checkWriteCount(501), 'too-many-writes');
    expect(error.message).toMatch(/at most 500 writes/);
    expect(error.message).toMatch(/made 501/);
  });
});

// --- The same boundaries on Google's Firestore emulator, written without the adapter's checks ---

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
if (!emulator) console.log('limits.test.ts: the Firestore emulator calibration is skipped: FIRESTORE_EMULATOR_HOST is not set');

describe.skipIf(!emulator)(`the size and name rules agree with the Firestore emulator at ${emulator}`, () => {
  let app: App;
  let db: Firestore;
  beforeAll(() => {
    app = initializeApp({ projectId: `demo-limits-${process.pid}` }, `limits-${process.pid}`);
    db = getFirestore(app);
  });
  afterAll(async () => {
    await db.terminate();
    await deleteApp(app);
  });

  /** What the emulator answers to a plain set, bypassing the adapters: 'ok' or its error message. */
  async function write(collection: string, id: string, data: DocumentData) {
    try {
      await db.collection(collection).doc(id).set(data);
      return 'ok';
    } catch (error) {
      return (error as Error).message;
    }
  }

  const exactly = (bytes: number, make: (room: number) => DocumentData) => (collection: string, id: string) => {
    const data = make(bytes - documentSize(collection, id, make(0)));
    expect(documentSize(collection, id, data)).toBe(bytes);
    return data;
  };
  const shapes: Record<string, (bytes: number) => (collection: string, id: string) => DocumentData> = {
    strings: (bytes) => exactly(bytes, (room) => ({ a: 'x'.repeat(Math.floor(room / 2)), b: 'y'.repeat(room - Math.floor(room / 2)) })),
    'multi-byte strings': (bytes) => exactly(bytes, (room) => ({ a: 'é'.repeat(Math.floor(room / 4)), b: 'x'.repeat(room - 2 * Math.floor(room / 4)) })),
    // 8 bytes a number; the rest made up by a string.
    numbers: (bytes) => exactly(bytes, (room) => ({ n: Array<number>(Math.floor(room / 16)).fill(1.5), s: 'x'.repeat(room - 8 * Math.floor(room / 16)) })),
    // 1 byte each: a miscount of these would move the total by thousands; the string makes up the rest.
    'booleans and nulls': (bytes) => exactly(bytes, (room) => ({ t: Array<boolean>(5000).fill(true), z: Array<null>(5000).fill(null), s: 'x'.repeat(room) })),
    'a nested map': (bytes) => exactly(bytes, (room) => ({ m: { a: 'x'.repeat(Math.floor(room / 2)), b: { c: 'y'.repeat(room - Math.floor(room / 2)) } } })),
  };

  for (const [shape, make] of Object.entries(shapes)) {
    it(`a document of ${shape}: 1,048,576 bytes stored, 1,048,577 refused`, async () => {
      expect(await write('sized', 'at-limit', make(STORE_LIMITS.documentBytes)('sized', 'at-limit'))).toBe('ok');
      expect(await write('sized', 'over', make(STORE_LIMITS.documentBytes + 1)('sized', 'over'))).toMatch(/maximum entity size/);
    }, 60_000);
  }

  it('one string: 1,048,487 bytes stored, 1,048,488 refused', async () => {
    expect(await write('sized', 'string', { s: 'x'.repeat(1_048_487) })).toBe('ok');
    expect(await write('sized', 'string', { s: 'x'.repeat(1_048_488) })).toMatch(/longer than 1048487 bytes/);
  }, 60_000);

  it('field names and paths: 1,500 bytes stored, 1,501 refused; reserved names refused', async () => {
    expect(await write('names', 'a', { ['k'.repeat(1500)]: 1 })).toBe('ok');
    expect(await write('names', 'b', { ['k'.repeat(1501)]: 1 })).not.toBe('ok');
    expect(await write('names', 'c', { ['k'.repeat(749)]: { ['j'.repeat(750)]: 1 } })).toBe('ok');
    expect(await write('names', 'd', { ['k'.repeat(750)]: { ['j'.repeat(750)]: 1 } })).not.toBe('ok');
    expect(await write('names', 'e', { a: [{ ['k'.repeat(1498)]: 1 }] })).toBe('ok');
    expect(await write('names', 'f', { a: [{ ['k'.repeat(1499)]: 1 }] })).not.toBe('ok');
    expect(await write('names', 'g', { __x__: 1 })).toMatch(/reserved/);
    expect(await write('names', 'h', { a: { __x__: 1 } })).toMatch(/reserved/);
    expect(await write('names', 'i', { '': 1 })).not.toBe('ok');
    expect(await write('names', 'j', { 'a.b': 1, __a: 1, __: 1 })).toBe('ok');
  }, 60_000);

  it('values: an array in an array refused; 20 levels stored, 21 refused', async () => {
    expect(await write('values', 'grid', { grid: [[1]] })).not.toBe('ok');
    expect(await write('values', 'rows', { rows: [{ cells: [1] }] })).toBe('ok');
    expect(await write('values', 'deep20', nested(20))).toBe('ok');
    expect(await write('values', 'deep21', nested(21))).not.toBe('ok');
  }, 60_000);

  it('document ids: 1,500 bytes stored, 1,501 refused; __x__, "." and ".." refused', async () => {
    expect(await write('ids', 'i'.repeat(1500), { a: 1 })).toBe('ok');
    expect(await write('ids', 'i'.repeat(1501), { a: 1 })).not.toBe('ok');
    for (const id of ['__x__', '.', '..', 'a/b', '']) expect(await write('ids', id, { a: 1 }), id).not.toBe('ok');
  }, 60_000);
});
