import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAILBOX } from '../../src/mail/local-outbox.js';
import { OFFLINE_AUDIENCE_MEMBERS, OFFLINE_AUDIENCES } from '../../src/mailchimp/offline.js';
import { OFFLINE_INTENTS } from '../../src/payments/offline.js';
import { missingIndexes, needsComposite, shapeKey, type CompositeIndex, type QueryShape } from '../support/query-indexes.js';

/*
 * Run by `npm test` after the functions suites (vitest project 'firestore-indexes'): every
 * query shape the services issued during those suites must be served by Firestore's
 * single-field indexes or by a composite index in firestore.indexes.json, as production demands.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Collections of the local adapters alone (the mailbox of the local outbox, the offline
 * audiences and payments): production refuses those adapters (config.ts), so their queries
 * never reach production's Firestore and need no index there.
 */
const LOCAL_ONLY = new Set([MAILBOX, OFFLINE_AUDIENCES, OFFLINE_AUDIENCE_MEMBERS, OFFLINE_INTENTS] as string[]);
const dir = process.env.ZION_QUERY_SHAPES_DIR ?? '';

function recordedShapes(): QueryShape[] {
  const byKey = new Map<string, QueryShape>();
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    for (const shape of JSON.parse(readFileSync(join(dir, file), 'utf8')) as QueryShape[]) {
      if (!LOCAL_ONLY.has(shape.collection)) byKey.set(shapeKey(shape), shape);
    }
  }
  return [...byKey.values()];
}

describe('firestore.indexes.json', () => {
  const indexes = (JSON.parse(readFileSync(join(root, 'firestore.indexes.json'), 'utf8')) as { indexes: CompositeIndex[] }).indexes;
  const shapes = recordedShapes();

  it('the suites recorded the queries the services issue', () => {
    // The events list, the RSVPs of an event and the outbox sweeps at least: an empty record means the recorder is off.
    expect(shapes.length).toBeGreaterThan(5);
    expect(shapes.some(needsComposite)).toBe(true);
  });

  it('has an index for every query that needs a composite one', () => {
    expect(missingIndexes(shapes, indexes).map(shapeKey)).toEqual([]);
  });
});
