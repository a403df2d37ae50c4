import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentStore, Query, Transaction } from '../../src/store/port.js';
import { shapeKey, shapeOf, type QueryShape } from './query-indexes.js';

/*
 * Records the shape of every query the services issue during the suites, so that
 * functions/test/indexes/ can hold them against firestore.indexes.json. `npm test`
 * sets ZION_QUERY_SHAPES_DIR; each test process writes its shapes there as it exits.
 */

const shapes = new Map<string, QueryShape>();
const dir = process.env.ZION_QUERY_SHAPES_DIR;
// Written as each new shape comes (a few dozen in all): a test worker may be ended without an exit event.
const file = dir ? join(dir, `${process.pid}-${randomBytes(4).toString('hex')}.json`) : '';

function record(collection: string, query?: Query) {
  const shape = shapeOf(collection, query);
  const key = shapeKey(shape);
  if (shapes.has(key)) return;
  shapes.set(key, shape);
  mkdirSync(dir!, { recursive: true });
  writeFileSync(file, JSON.stringify([...shapes.values()]));
}

/** The store, recording the shape of each query it runs (in transactions too). */
export function recordingQueries(store: DocumentStore): DocumentStore {
  if (!dir) return store;
  const query = ((collection: string, q?: Query) => {
    record(collection, q);
    return store.query(collection, q);
  }) as DocumentStore['query'];
  return {
    ...store,
    query,
    get: store.get.bind(store) as DocumentStore['get'],
    runTransaction: (work) =>
      store.runTransaction((tx) => {
        const recorded: Transaction = Object.create(tx) as Transaction;
        recorded.query = ((collection: string, q?: Query) => {
          record(collection, q);
          return tx.query(collection, q);
        }) as Transaction['query'];
        return work(recorded);
      }),
  };
}
