import {
  FieldPath,
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Query as FirestoreQuery,
  type Transaction as FirestoreTransaction,
} from 'firebase-admin/firestore';
import {
  DocumentStateError,
  MAX_TRANSACTION_ATTEMPTS,
  TransactionConflictError,
  type DocumentData,
  type DocumentStore,
  type Query,
  type StoredDocument,
  type Transaction,
} from './port.js';

/**
 * The production document store: Cloud Firestore through firebase-admin (DESIGN §3).
 *
 * Firestore's own transactions already have the port's semantics (reads
 * before writes, commit re-runs the work on contention), so this adapter only
 * translates. What it adds is parity with the SQLite store: data is stored as
 * JSON would store it, and failed preconditions come back as the port's errors.
 */
export function firestoreStore(db: Firestore): DocumentStore {
  return {
    async get<T extends DocumentData>(collection: string, id: string) {
      return stored<T>(await db.collection(collection).doc(id).get());
    },
    async query<T extends DocumentData>(collection: string, query?: Query) {
      const built = buildQuery(db, collection, query);
      if (!built) return [];
      const snapshot = await built.get();
      return snapshot.docs.map((doc) => stored<T>(doc)!);
    },
    async set(collection, id, data) {
      await db.collection(collection).doc(id).set(asJson(data));
    },
    async delete(collection, id) {
      await db.collection(collection).doc(id).delete();
    },
    async runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
      let last: { tx: FirestoreTransactionAdapter; workDone: boolean } | undefined;
      try {
        return await db.runTransaction(
          async (firestoreTx) => {
            const attempt = { tx: new FirestoreTransactionAdapter(db, firestoreTx), workDone: false };
            last = attempt;
            const result = await work(attempt.tx);
            attempt.workDone = true;
            return result;
          },
          // The SDK's default of 5 gives up far sooner than the SQLite store under the same contention.
          { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
        );
      } catch (error) {
        throw transactionError(error, last);
      }
    },
    async close() {
      await db.terminate();
    },
  };
}

type BufferedWrite = { kind: 'set' | 'update' | 'create' | 'delete'; collection: string; id: string };

class FirestoreTransactionAdapter implements Transaction {
  readonly writes: BufferedWrite[] = [];

  constructor(
    private readonly db: Firestore,
    private readonly tx: FirestoreTransaction,
  ) {}

  // `async` so the SDK's synchronous read-after-write error becomes a rejection, as in the SQLite store.
  async get<T extends DocumentData>(collection: string, id: string): Promise<StoredDocument<T> | null> {
    return stored<T>(await this.tx.get(this.db.collection(collection).doc(id)));
  }

  async query<T extends DocumentData>(collection: string, query?: Query): Promise<StoredDocument<T>[]> {
    const built = buildQuery(this.db, collection, query);
    if (!built) return [];
    const snapshot = await this.tx.get(built);
    return snapshot.docs.map((doc) => stored<T>(doc)!);
  }

  set(collection: string, id: string, data: DocumentData) {
    this.tx.set(this.db.collection(collection).doc(id), asJson(data));
    this.writes.push({ kind: 'set', collection, id });
  }

  update(collection: string, id: string, fields: DocumentData) {
    // FieldPath per key: a key is one top-level field, never a dotted path into a nested map.
    const pairs = Object.entries(fields).flatMap(([field, value]) => [new FieldPath(field), asJsonField(value)]);
    const ref = this.db.collection(collection).doc(id);
    // Firestore refuses an update without fields; its own error says so better than a silent no-op would.
    if (pairs.length === 0) this.tx.update(ref, {});
    else this.tx.update(ref, pairs[0] as FieldPath, pairs[1], ...pairs.slice(2));
    this.writes.push({ kind: 'update', collection, id });
  }

  create(collection: string, id: string, data: DocumentData) {
    this.tx.create(this.db.collection(collection).doc(id), asJson(data));
    this.writes.push({ kind: 'create', collection, id });
  }

  delete(collection: string, id: string) {
    this.tx.delete(this.db.collection(collection).doc(id));
    this.writes.push({ kind: 'delete', collection, id });
  }
}

function stored<T extends DocumentData>(snapshot: DocumentSnapshot): StoredDocument<T> | null {
  return snapshot.exists ? { id: snapshot.id, data: snapshot.data() as T } : null;
}

/** Null when the query cannot match anything: Firestore rejects these forms where SQLite just returns nothing. */
function buildQuery(db: Firestore, collection: string, query: Query = {}): FirestoreQuery | null {
  let built: FirestoreQuery = db.collection(collection);
  for (const [field, op, value] of query.where ?? []) {
    if (op === 'in' && (!Array.isArray(value) || value.length === 0)) return null;
    built = built.where(field, op, value);
  }
  for (const [field, direction = 'asc'] of query.orderBy ?? []) built = built.orderBy(field, direction);
  if (query.limit !== undefined) {
    const limit = Math.max(0, Math.floor(query.limit));
    if (limit === 0) return null;
    built = built.limit(limit);
  }
  return built;
}

/**
 * The SQLite store keeps `JSON.stringify(data)`, so undefined fields vanish and
 * Dates become ISO strings there; doing the same here keeps both stores holding
 * the same documents, and spares Firestore's "Cannot use undefined" rejection.
 */
function asJson(data: DocumentData): DocumentData {
  return JSON.parse(JSON.stringify(data)) as DocumentData;
}

/** In the SQLite store an undefined field in an update drops the field, so it is a delete here. */
function asJsonField(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? FieldValue.delete() : JSON.parse(text);
}

const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const ABORTED = 10;

function transactionError(error: unknown, last: { tx: FirestoreTransactionAdapter; workDone: boolean } | undefined): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  // The SDK ran out of attempts against other writers: the port's name for that is a conflict.
  if (code === ABORTED) return new TransactionConflictError();
  // Only a failed commit says something about our writes; an error the work threw is the caller's own.
  if (!last?.workDone) return error;
  const { tx } = last;
  const kind = code === ALREADY_EXISTS ? 'create' : code === NOT_FOUND ? 'update' : undefined;
  // Without a matching write the code is about something else (a missing database, say), not a document.
  const candidates = tx.writes.filter((write) => write.kind === kind);
  if (!kind || candidates.length === 0) return error;
  const message = error instanceof Error ? error.message : '';
  const culprit =
    candidates.length === 1 ? candidates[0] : candidates.find((write) => message.includes(`${write.collection}/${write.id}`));
  const path = culprit ? `${culprit.collection}/${culprit.id}` : 'A document in this transaction';
  return kind === 'create'
    ? new DocumentStateError(`${path} already exists`, 'already-exists')
    : new DocumentStateError(`${path} does not exist`, 'not-found');
}
