import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '../../src/store/port.js';
import { compileQuery, openSqliteStore } from '../../src/store/sqlite.js';

/**
 * A query for one event's documents reads them through the event index, never
 * by scanning the whole collection, whatever the statistics say: the store
 * below has one event holding almost every RSVP, all with one address (the
 * benchmark's door tickets), where the planner on its own chose the scan and
 * each registration read every RSVP.
 */

let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'store-plan-'));
  file = join(dir, 'store.sqlite');
  const store = openSqliteStore(file);
  const docs: [collection: string, id: string, data: Record<string, string>][] = [];
  for (let i = 0; i < 3000; i++) docs.push(['rsvps', `door${i}`, { eventId: 'door', email: 'door@example.org', status: 'confirmed' }]);
  docs.push(['rsvps', 'guest', { eventId: 'gala', email: 'guest@example.org', status: 'confirmed' }]);
  // Two other collections as large, with neither field: the index's keys average as many rows as a collection holds.
  for (let i = 0; i < 3000; i++) docs.push(['mailJobs', `job${i}`, { rsvpId: `door${i}`, status: 'sent' }]);
  for (let i = 0; i < 3000; i++) docs.push(['checkins', `scan${i}`, { rsvpId: `door${i}` }]);
  // At most 500 writes a commit (limits.ts); started together, the commits share SQLite transactions.
  const chunks = Array.from({ length: Math.ceil(docs.length / 500) }, (_, n) => docs.slice(n * 500, n * 500 + 500));
  await Promise.all(chunks.map((chunk) => store.runTransaction(async (tx) => chunk.forEach(([collection, id, data]) => tx.create(collection, id, data)))));
  await store.close();
  // Statistics as ANALYZE gathers them: the skew the planner misjudged.
  const db = new Database(file);
  db.exec('ANALYZE');
  db.close();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** How SQLite runs a store query on the file. */
function plan(query: Query) {
  const { sql, params } = compileQuery('rsvps', query);
  const db = new Database(file);
  try {
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join('; ');
  } finally {
    db.close();
  }
}

describe('sqlite store query plans', () => {
  it("a registration's e-mail check reads one address's RSVPs of the event through the index", () => {
    expect(plan({ where: [['eventId', '==', 'gala'], ['email', '==', 'guest@example.org']] })).toMatch(/USING INDEX documents_event_email \(collection=\? AND <expr>=\? AND <expr>=\?\)/);
  });

  it("an event's RSVPs are read through the index, with other conditions and orders too", () => {
    expect(plan({ where: [['eventId', '==', 'gala']] })).toContain('USING INDEX documents_event_email');
    expect(plan({ where: [['eventId', '==', 'door'], ['status', '==', 'confirmed']], orderBy: [['status', 'desc']] })).toContain('USING INDEX documents_event_email');
  });

  it('the queries that name the index still answer the right documents', async () => {
    const store = openSqliteStore(file);
    try {
      const found = await store.query('rsvps', { where: [['eventId', '==', 'gala'], ['email', '==', 'guest@example.org']] });
      expect(found.map((doc) => doc.id)).toEqual(['guest']);
      expect(await store.query('rsvps', { where: [['eventId', '==', 'gala'], ['email', '==', 'door@example.org']] })).toEqual([]);
      expect(await store.query('rsvps', { where: [['eventId', '==', 'door']] })).toHaveLength(3000);
    } finally {
      await store.close();
    }
  });
});
