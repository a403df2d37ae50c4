import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  DocumentStateError,
  MAX_TRANSACTION_ATTEMPTS,
  TransactionConflictError,
  type DocumentData,
  type DocumentStore,
  type Query,
  type StoredDocument,
  type Transaction,
  type WhereClause,
  type WhereOperator,
} from './port.js';

/**
 * The offline document store: one SQLite file (DESIGN §3).
 *
 * Transactions keep Firestore's semantics: reads record the version they saw,
 * writes are buffered, and the commit runs inside one `BEGIN IMMEDIATE`
 * transaction that first checks every read version. A changed read aborts the
 * commit and the work re-runs. Versions come from one global counter, so a
 * document deleted and re-created never looks unchanged. Within this process
 * transactions are also queued, so they do not retry against each other; the
 * version check is what keeps several processes (Functions emulator workers)
 * correct.
 */
export function openSqliteStore(file: string): DocumentStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS documents (
      collection TEXT NOT NULL,
      id TEXT NOT NULL,
      data TEXT NOT NULL,
      version INTEGER NOT NULL,
      PRIMARY KEY (collection, id)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
    INSERT OR IGNORE INTO store_meta (key, value) VALUES ('version', 0);
  `);

  const selectOne = db.prepare<[string, string], { data: string; version: number }>(
    'SELECT data, version FROM documents WHERE collection = ? AND id = ?',
  );
  const nextVersion = db.prepare<[], { value: number }>(
    "UPDATE store_meta SET value = value + 1 WHERE key = 'version' RETURNING value",
  );
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO documents (collection, id, data, version) VALUES (?, ?, ?, ?)
     ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = excluded.version`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM documents WHERE collection = ? AND id = ?');
  const statementCache = new Map<string, Database.Statement<unknown[], { id: string; data: string; version: number }>>();

  function runQuery(collection: string, query: Query = {}) {
    const { sql, params } = compileQuery(collection, query);
    let statement = statementCache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statementCache.set(sql, statement);
    }
    return statement.all(...params);
  }

  function readOne(collection: string, id: string) {
    return selectOne.get(collection, id) ?? null;
  }

  function writeOne(collection: string, id: string, data: DocumentData, version = nextVersion.get()!.value) {
    upsert.run(collection, id, JSON.stringify(data), version);
  }

  const writeImmediately = db.transaction((collection: string, id: string, data: DocumentData | null) => {
    if (data === null) remove.run(collection, id);
    else writeOne(collection, id, data);
  });

  let queue: Promise<unknown> = Promise.resolve();
  function serialised<R>(work: () => Promise<R>): Promise<R> {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  }

  /** The commit: verify every read, then apply the buffered writes, all inside one IMMEDIATE transaction. */
  const commit = db.transaction((tx: SqliteTransaction) => {
    tx.verifyReads(readOne, runQuery);
    // One new version for everything this commit writes: versions only need to change, and never repeat.
    const version = nextVersion.get()!.value;
    for (const write of tx.writes.values()) {
      if (write.kind === 'delete') {
        remove.run(write.collection, write.id);
        continue;
      }
      if (write.kind === 'set') {
        writeOne(write.collection, write.id, write.data, version);
        continue;
      }
      const existing = readOne(write.collection, write.id);
      if (write.kind === 'create') {
        if (existing) throw new DocumentStateError(`${write.collection}/${write.id} already exists`, 'already-exists');
        writeOne(write.collection, write.id, write.data, version);
      } else {
        if (!existing) throw new DocumentStateError(`${write.collection}/${write.id} does not exist`, 'not-found');
        writeOne(write.collection, write.id, { ...(JSON.parse(existing.data) as DocumentData), ...write.data }, version);
      }
    }
  });

  async function attempt<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    const tx = new SqliteTransaction(readOne, runQuery);
    const result = await work(tx);
    commit.immediate(tx);
    return result;
  }

  return {
    async get<T extends DocumentData>(collection: string, id: string) {
      const row = readOne(collection, id);
      return row ? { id, data: JSON.parse(row.data) as T } : null;
    },
    async query<T extends DocumentData>(collection: string, query?: Query) {
      return runQuery(collection, query).map((row) => ({ id: row.id, data: JSON.parse(row.data) as T }));
    },
    async set(collection, id, data) {
      writeImmediately.immediate(collection, id, data);
    },
    async delete(collection, id) {
      writeImmediately.immediate(collection, id, null);
    },
    runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
      return serialised(async () => {
        for (let attemptNumber = 1; ; attemptNumber++) {
          try {
            return await attempt(work);
          } catch (error) {
            if (!(error instanceof TransactionConflictError) || attemptNumber >= MAX_TRANSACTION_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attemptNumber));
          }
        }
      });
    },
    async close() {
      await queue;
      db.close();
    },
  };
}

type BufferedWrite =
  | { kind: 'set' | 'create' | 'update'; collection: string; id: string; data: DocumentData }
  | { kind: 'delete'; collection: string; id: string };

type Row = { data: string; version: number };
type QueryRow = { id: string; data: string; version: number };

class SqliteTransaction implements Transaction {
  readonly writes = new Map<string, BufferedWrite>();
  private readonly readVersions = new Map<string, { collection: string; id: string; version: number }>();
  private readonly queryReads: { collection: string; query: Query | undefined; signature: string }[] = [];

  constructor(
    private readonly readOne: (collection: string, id: string) => Row | null,
    private readonly runQuery: (collection: string, query?: Query) => QueryRow[],
  ) {}

  private assertNoWritesYet() {
    if (this.writes.size > 0) throw new Error('Transactions require all reads to be executed before all writes.');
  }

  async get<T extends DocumentData>(collection: string, id: string): Promise<StoredDocument<T> | null> {
    this.assertNoWritesYet();
    const row = this.readOne(collection, id);
    this.readVersions.set(key(collection, id), { collection, id, version: row?.version ?? 0 });
    return row ? { id, data: JSON.parse(row.data) as T } : null;
  }

  async query<T extends DocumentData>(collection: string, query?: Query): Promise<StoredDocument<T>[]> {
    this.assertNoWritesYet();
    const rows = this.runQuery(collection, query);
    this.queryReads.push({ collection, query, signature: signature(rows) });
    return rows.map((row) => ({ id: row.id, data: JSON.parse(row.data) as T }));
  }

  set(collection: string, id: string, data: DocumentData) {
    this.writes.set(key(collection, id), { kind: 'set', collection, id, data });
  }
  create(collection: string, id: string, data: DocumentData) {
    this.writes.set(key(collection, id), { kind: 'create', collection, id, data });
  }
  update(collection: string, id: string, data: DocumentData) {
    const pending = this.writes.get(key(collection, id));
    if (pending && pending.kind !== 'delete') {
      pending.data = { ...pending.data, ...data };
      return;
    }
    this.writes.set(key(collection, id), { kind: 'update', collection, id, data });
  }
  delete(collection: string, id: string) {
    this.writes.set(key(collection, id), { kind: 'delete', collection, id });
  }

  /** Runs inside the commit's IMMEDIATE transaction: nobody can write in between. */
  verifyReads(readOne: (collection: string, id: string) => Row | null, runQuery: (collection: string, query?: Query) => QueryRow[]) {
    for (const read of this.readVersions.values()) {
      if ((readOne(read.collection, read.id)?.version ?? 0) !== read.version) throw new TransactionConflictError();
    }
    for (const read of this.queryReads) {
      if (signature(runQuery(read.collection, read.query)) !== read.signature) throw new TransactionConflictError();
    }
  }
}

function key(collection: string, id: string) {
  return `${collection}\u0000${id}`;
}

function signature(rows: QueryRow[]) {
  return rows.map((row) => `${row.id}:${row.version}`).join(',');
}

const INEQUALITY_OPERATORS = new Set<WhereOperator>(['!=', '<', '<=', '>', '>=']);

const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

function jsonPath(field: string) {
  if (!FIELD_PATH.test(field)) throw new Error(`Unsupported field path: ${field}`);
  return `'$.${field}'`;
}

function sqlValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value;
}

/** Compiles a store query to SQL over the JSON documents, with Firestore's rules on missing fields. */
export function compileQuery(collection: string, query: Query): { sql: string; params: unknown[] } {
  const conditions = ['collection = ?'];
  const params: unknown[] = [collection];
  for (const [field, op, value] of query.where ?? ([] as WhereClause[])) {
    const path = jsonPath(field);
    const extract = `json_extract(data, ${path})`;
    switch (op) {
      case '==':
        if (value === null) conditions.push(`json_type(data, ${path}) = 'null'`);
        else {
          conditions.push(`${extract} = ?`);
          params.push(sqlValue(value));
        }
        break;
      case '!=':
        conditions.push(`json_type(data, ${path}) IS NOT NULL AND ${extract} IS NOT ?`);
        params.push(sqlValue(value));
        break;
      case '<':
      case '<=':
      case '>':
      case '>=':
        conditions.push(`${extract} ${op} ?`);
        params.push(sqlValue(value));
        break;
      case 'in': {
        const values = Array.isArray(value) ? value : [];
        if (values.length === 0) conditions.push('0');
        else {
          conditions.push(`${extract} IN (${values.map(() => '?').join(', ')})`);
          params.push(...values.map(sqlValue));
        }
        break;
      }
      case 'array-contains':
        conditions.push(`EXISTS (SELECT 1 FROM json_each(data, ${path}) WHERE json_each.value = ?)`);
        params.push(sqlValue(value));
        break;
    }
  }
  // Firestore's implicit order: after the explicit one come the inequality fields
  // not already ordered on, then the id, all in the last explicit direction.
  const explicit = query.orderBy ?? [];
  const lastDirection = explicit.at(-1)?.[1] ?? 'asc';
  const inequalityFields = new Set(
    (query.where ?? []).filter(([, op]) => INEQUALITY_OPERATORS.has(op)).map(([field]) => field),
  );
  for (const [field] of explicit) inequalityFields.delete(field);
  const order: string[] = [];
  const implicit = [...inequalityFields].sort().map((field): [string, 'asc' | 'desc'] => [field, lastDirection]);
  for (const [field, direction = 'asc'] of [...explicit, ...implicit]) {
    const path = jsonPath(field);
    conditions.push(`json_type(data, ${path}) IS NOT NULL`);
    order.push(`json_extract(data, ${path}) ${direction === 'desc' ? 'DESC' : 'ASC'}`);
  }
  order.push(`id ${lastDirection === 'desc' ? 'DESC' : 'ASC'}`);
  let sql = `SELECT id, data, version FROM documents WHERE ${conditions.join(' AND ')} ORDER BY ${order.join(', ')}`;
  if (query.limit !== undefined) {
    sql += ' LIMIT ?';
    params.push(Math.max(0, Math.floor(query.limit)));
  }
  return { sql, params };
}
