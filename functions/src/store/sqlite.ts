import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type Database from 'libsql';
import { checkDocument, checkDocumentSize, checkUpdateFields, checkWriteCount, documentSize } from './limits.js';
import { backgroundCheckpoints } from './sqlite-checkpointer.js';
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
 * The index of documents by event and e-mail. A query for one event's documents
 * names it (INDEXED BY) rather than leave the choice to the planner: without
 * statistics, or with one event holding most of the store, SQLite judged a scan
 * of the whole collection cheaper (it saves sorting by id), and each
 * registration read every RSVP: 120 ms each with the benchmark's 84,000 tickets.
 */
const EVENT_INDEX = 'documents_event_email';

/** How long a write waits for another process holding the write lock before it fails. */
const BUSY_TIMEOUT_MS = 10_000;

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
 *
 * What Firestore refuses (limits.ts) is refused here too, by the same checks
 * the Firestore store makes: each document when it is written (an update when
 * the commit has merged it), and a commit of too many writes before it starts.
 *
 * Group commit: the commits made in one turn of the event loop share one
 * SQLite transaction. Each runs in a savepoint of it (its version check and
 * writes still together and alone), and none is reported done before the
 * shared COMMIT: fifty registrations arriving together pay for one commit, not
 * fifty. Reads outside a transaction wait for that COMMIT, so nothing
 * uncommitted is ever shown.
 */
export function openSqliteStore(file: string): DocumentStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // The driver (a 10 MB native module) is loaded when a SQLite store is opened, not when this
  // module is imported: config.ts imports it in production too, where the store is Firestore and
  // every cold start would pay about 20 ms for a driver it never uses.
  const Driver = createRequire(import.meta.url)('libsql') as typeof Database;
  const db = new Driver(file);
  // First, before anything that takes a lock: switching a new file to WAL needs it alone, and
  // the Functions emulator's workers open the same file at once. (libsql waits for no lock by
  // default; better-sqlite3 waited 5 s. A CI run saw 'database is locked' here.)
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS documents (
      collection TEXT NOT NULL,
      id TEXT NOT NULL,
      data TEXT NOT NULL,
      version INTEGER NOT NULL,
      PRIMARY KEY (collection, id)
    ) WITHOUT ROWID;
    -- Every registration asks for one address's RSVPs of an event (the per-e-mail limit); see EVENT_INDEX.
    CREATE INDEX IF NOT EXISTS ${EVENT_INDEX}
      ON documents (collection, json_extract(data, '$.eventId'), json_extract(data, '$.email'));
    CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
    INSERT OR IGNORE INTO store_meta (key, value) VALUES ('version', 0);
  `);

  const selectOne = prepare<[string, string], Row>('SELECT data, version FROM documents WHERE collection = ? AND id = ?');
  const readVersion = prepare<[], { value: number }>("SELECT value FROM store_meta WHERE key = 'version'");
  const writeVersion = prepare<[number]>("UPDATE store_meta SET value = ? WHERE key = 'version'");
  const insert = prepare<[string, string, string, number]>('INSERT INTO documents (collection, id, data, version) VALUES (?, ?, ?, ?)');
  const upsert = prepare<[string, string, string, number]>(
    `INSERT INTO documents (collection, id, data, version) VALUES (?, ?, ?, ?)
     ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = excluded.version`,
  );
  const remove = prepare<[string, string]>('DELETE FROM documents WHERE collection = ? AND id = ?');
  const statementCache = new Map<string, Statement<unknown[], QueryRow>>();

  /** A prepared statement with the parameter and row types the SQL gives it (the driver types rows as unknown). */
  function prepare<Params extends unknown[], Result = never>(sql: string) {
    return db.prepare(sql) as unknown as Statement<Params, Result>;
  }

  /**
   * Wraps `work` in a savepoint of the batch's transaction: when it throws, its
   * own writes are undone and the batch's other commits stay. (The driver's
   * transaction() only opens top-level transactions, and a commit always runs
   * inside a batch.)
   */
  function inSavepoint<Args extends unknown[]>(work: (...args: Args) => void) {
    return (...args: Args) => {
      db.exec('SAVEPOINT store_commit');
      try {
        work(...args);
      } catch (error) {
        // SQLite itself may have rolled the whole transaction back (a full disk); then there is nothing to undo.
        if (db.inTransaction) db.exec('ROLLBACK TO store_commit; RELEASE store_commit');
        throw error;
      }
      db.exec('RELEASE store_commit');
    };
  }

  function runQuery(collection: string, query: Query = {}) {
    const { sql, params } = compileQuery(collection, query);
    let statement = statementCache.get(sql);
    if (!statement) {
      statement = prepare<unknown[], QueryRow>(sql);
      statementCache.set(sql, statement);
    }
    return statement.all(...params);
  }

  function readOne(collection: string, id: string) {
    return selectOne.get(collection, id) ?? null;
  }

  /**
   * The last version handed out. Read when a batch takes the write lock and
   * written back once before its COMMIT: while the lock is ours nobody else
   * can move it, and one statement per batch is cheaper than one per commit.
   */
  let lastVersion = 0;

  function writeOne(collection: string, id: string, data: DocumentData, version: number) {
    upsert.run(collection, id, JSON.stringify(data), version);
  }

  /** A new document; a second one with the same id fails on the primary key, not on an extra read. */
  function insertOne(collection: string, id: string, data: DocumentData, version: number) {
    try {
      insert.run(collection, id, JSON.stringify(data), version);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new DocumentStateError(`${collection}/${id} already exists`, 'already-exists');
      }
      throw error;
    }
  }

  const writeDocument = inSavepoint((collection: string, id: string, data: DocumentData | null) => {
    if (data === null) remove.run(collection, id);
    else writeOne(collection, id, data, ++lastVersion);
  });

  const checkpointer = file === ':memory:' ? undefined : backgroundCheckpoints(db, file, BUSY_TIMEOUT_MS);

  /** The SQLite transaction this turn of the event loop is gathering commits into. */
  type Batch = { done: Promise<void>; resolve: () => void; reject: (error: unknown) => void };
  let batch: Batch | undefined;
  /** Bumped whenever a batch is lost, so transactions that read its uncommitted writes re-run. */
  let generation = 0;

  /**
   * Starts this turn's batch, or answers undefined while another connection
   * holds the write lock. It never sleeps inside SQLite: a batch is committed by
   * its own process's event loop, so a connection of the same process waiting
   * there would wait forever.
   */
  function tryOpenBatch(): Batch | undefined {
    db.pragma('busy_timeout = 0');
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
      throw error;
    } finally {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    // Rejections reach the callers awaiting `done`; this only keeps an unwatched one quiet.
    done.catch(() => undefined);
    const opened = { done, resolve, reject };
    lastVersion = readVersion.get()!.value;
    setImmediate(() => finishBatch(opened));
    return opened;
  }

  function loseBatch(lost: Batch, error: unknown) {
    if (batch === lost) batch = undefined;
    generation++;
    lost.reject(error);
  }

  function finishBatch(finishing: Batch) {
    if (batch !== finishing) return;
    batch = undefined;
    // SQLite itself rolls the whole transaction back on some errors (a full disk, an I/O error).
    if (!db.inTransaction) return loseBatch(finishing, new Error('The store rolled back a commit'));
    try {
      writeVersion.run(lastVersion);
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      return loseBatch(finishing, error);
    }
    finishing.resolve();
    checkpointer?.afterCommit();
  }

  /** This turn's open batch, once the write lock is ours (waiting for other connections without blocking). */
  async function openBatch(): Promise<Batch> {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
      if (batch && !db.inTransaction) loseBatch(batch, new Error('The store rolled back a commit'));
      batch ??= tryOpenBatch();
      if (batch) return batch;
      if (Date.now() > deadline) throw new Error('The store is locked by another process');
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** Applies writes in a savepoint of this turn's batch; `durable` resolves once the batch is committed. */
  async function applyInBatch(apply: () => void): Promise<{ durable: Promise<void> }> {
    let current = await openBatch();
    // A batch ends in a later turn of the event loop than the one that opened it; this is only a guard.
    while (current !== batch) current = await openBatch();
    try {
      apply();
    } catch (error) {
      if (!db.inTransaction) loseBatch(current, error);
      throw error;
    }
    return { durable: current.done };
  }

  /** Outside a transaction, reads wait until the writes gathered so far are committed. */
  async function committed() {
    while (batch) await batch.done.catch(() => undefined);
  }

  let queue: Promise<unknown> = Promise.resolve();
  function serialised<R>(work: () => Promise<R>): Promise<R> {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  }

  /** The commit: verify every read, then apply the buffered writes, all inside one IMMEDIATE transaction. */
  const commit = inSavepoint((tx: SqliteTransaction) => {
    // The rows as they are now: the transaction's reads are checked against them, and updates start from them.
    const current = tx.verifyReads();
    // One new version for everything this commit writes: versions only need to change, and never repeat.
    const version = ++lastVersion;
    for (const write of tx.writes.values()) {
      if (write.kind === 'delete') remove.run(write.collection, write.id);
      else if (write.kind === 'set') writeOne(write.collection, write.id, write.data, version);
      else if (write.kind === 'create') insertOne(write.collection, write.id, write.data, version);
      else {
        const writeKey = key(write.collection, write.id);
        const existing = current.has(writeKey) ? current.get(writeKey) : readOne(write.collection, write.id);
        if (!existing) throw new DocumentStateError(`${write.collection}/${write.id} does not exist`, 'not-found');
        const merged = { ...(JSON.parse(existing.data) as DocumentData), ...write.data };
        // In the commit's savepoint: a merged document over the limit undoes this commit's other writes.
        checkDocumentSize(write.collection, write.id, documentSize(write.collection, write.id, merged));
        writeOne(write.collection, write.id, merged, version);
      }
    }
  });

  async function attempt<R>(work: (tx: Transaction) => Promise<R>): Promise<{ result: R; durable: Promise<void> }> {
    const tx = new SqliteTransaction(readOne, runQuery, () => generation);
    const result = await work(tx);
    checkWriteCount(tx.writeCount);
    // In a savepoint of the batch's transaction: a failed check undoes only this commit.
    const { durable } = await applyInBatch(() => commit(tx));
    return { result, durable };
  }

  return {
    async get<T extends DocumentData>(collection: string, id: string) {
      await committed();
      const row = readOne(collection, id);
      return row ? { id, data: JSON.parse(row.data) as T } : null;
    },
    async query<T extends DocumentData>(collection: string, query?: Query) {
      await committed();
      return runQuery(collection, query).map((row) => ({ id: row.id, data: JSON.parse(row.data) as T }));
    },
    async set(collection, id, data) {
      checkDocument(collection, id, data);
      await (await applyInBatch(() => writeDocument(collection, id, data))).durable;
    },
    async delete(collection, id) {
      await (await applyInBatch(() => writeDocument(collection, id, null))).durable;
    },
    async runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
      // The queue is held until this commit is applied, not until it is durable: that is what lets commits gather.
      const { result, durable } = await serialised(async () => {
        for (let attemptNumber = 1; ; attemptNumber++) {
          try {
            return await attempt(work);
          } catch (error) {
            if (!(error instanceof TransactionConflictError) || attemptNumber >= MAX_TRANSACTION_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attemptNumber));
          }
        }
      });
      await durable;
      return result;
    },
    async close() {
      await queue.catch(() => undefined);
      await committed();
      await checkpointer?.stop();
      db.close();
    },
  };
}

type BufferedWrite =
  | { kind: 'set' | 'create' | 'update'; collection: string; id: string; data: DocumentData }
  | { kind: 'delete'; collection: string; id: string };

type Row = { data: string; version: number };
type QueryRow = { id: string; data: string; version: number };
type Statement<Params extends unknown[], Result> = {
  run(...params: Params): unknown;
  get(...params: Params): Result | undefined;
  all(...params: Params): Result[];
};

class SqliteTransaction implements Transaction {
  readonly writes = new Map<string, BufferedWrite>();
  /** Every write call, as a Firestore commit would count them (two writes to one document are two). */
  writeCount = 0;
  private readonly readVersions = new Map<string, { collection: string; id: string; version: number }>();
  private readonly queryReads: { collection: string; query: Query | undefined; signature: string }[] = [];

  private readonly generationAtStart: number;

  constructor(
    private readonly readOne: (collection: string, id: string) => Row | null,
    private readonly runQuery: (collection: string, query?: Query) => QueryRow[],
    private readonly generation: () => number,
  ) {
    this.generationAtStart = generation();
  }

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
    checkDocument(collection, id, data);
    this.wrote({ kind: 'set', collection, id, data });
  }
  create(collection: string, id: string, data: DocumentData) {
    checkDocument(collection, id, data);
    this.wrote({ kind: 'create', collection, id, data });
  }
  update(collection: string, id: string, data: DocumentData) {
    checkUpdateFields(collection, id, data);
    const pending = this.writes.get(key(collection, id));
    if (pending && pending.kind !== 'delete') {
      const merged = { ...pending.data, ...data };
      // A document this transaction set or created is known whole now; one it only updates, at the commit.
      if (pending.kind !== 'update') checkDocumentSize(collection, id, documentSize(collection, id, merged));
      pending.data = merged;
      this.writeCount += 1;
      return;
    }
    this.wrote({ kind: 'update', collection, id, data });
  }
  delete(collection: string, id: string) {
    this.wrote({ kind: 'delete', collection, id });
  }

  /** Buffers a write; every call counts toward the commit limit, as each is one write in a Firestore commit. */
  private wrote(write: BufferedWrite) {
    this.writes.set(key(write.collection, write.id), write);
    this.writeCount += 1;
  }

  /**
   * Runs inside the commit's IMMEDIATE transaction: nobody can write in between.
   * Answers the rows it checked, by key, as they are now.
   */
  verifyReads() {
    // What this transaction read may have come from a batch that was then lost.
    if (this.generation() !== this.generationAtStart) throw new TransactionConflictError();
    const current = new Map<string, Row | null>();
    for (const [readKey, read] of this.readVersions) {
      const row = this.readOne(read.collection, read.id);
      if ((row?.version ?? 0) !== read.version) throw new TransactionConflictError();
      current.set(readKey, row);
    }
    for (const read of this.queryReads) {
      if (signature(this.runQuery(read.collection, read.query)) !== read.signature) throw new TransactionConflictError();
    }
    return current;
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
  const byEvent = (query.where ?? []).some(([field, op, value]) => field === 'eventId' && op === '==' && value !== null);
  const from = byEvent ? `documents INDEXED BY ${EVENT_INDEX}` : 'documents';
  let sql = `SELECT id, data, version FROM ${from} WHERE ${conditions.join(' AND ')} ORDER BY ${order.join(', ')}`;
  if (query.limit !== undefined) {
    sql += ' LIMIT ?';
    params.push(Math.max(0, Math.floor(query.limit)));
  }
  return { sql, params };
}
