import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Query as FirestoreQuery,
  type Transaction as FirestoreTransaction,
} from 'firebase-admin/firestore';
import { checkDocument, checkDocumentSize, checkUpdateFields, checkWriteCount, documentSize, documentTooLarge, isPossibleDocumentId } from './limits.js';
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
 * JSON would store it, failed preconditions come back as the port's errors, and
 * what Firestore refuses (limits.ts) is refused here first, by the same checks
 * the SQLite store makes, as a StoreLimitError. An id no document can have
 * (which the SDK would throw on) reads as a missing document.
 */
export function firestoreStore(db: Firestore): DocumentStore {
  return {
    async get<T extends DocumentData>(collection: string, id: string) {
      if (!isPossibleDocumentId(id)) return null;
      return stored<T>(await db.collection(collection).doc(id).get());
    },
    async query<T extends DocumentData>(collection: string, query?: Query) {
      const built = buildQuery(db, collection, query);
      if (!built) return [];
      const snapshot = await built.get();
      return snapshot.docs.map((doc) => stored<T>(doc)!);
    },
    async set(collection, id, data) {
      const json = asJson(data);
      checkDocument(collection, id, json);
      await db.collection(collection).doc(id).set(withTtl(json));
    },
    async delete(collection, id) {
      if (!isPossibleDocumentId(id)) return;
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
            // Thrown inside the SDK's callback, so it rolls back and commits nothing.
            checkWriteCount(attempt.tx.writeCount);
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

/** What the transaction knows a document will hold when it commits: read (snapshot) or written (data); null when missing. */
type Known = { snapshot: DocumentSnapshot } | { data: DocumentData | null };

class FirestoreTransactionAdapter implements Transaction {
  readonly writes: BufferedWrite[] = [];
  /** Every write made, as the commit limit counts them (a delete of an impossible id included, as in the SQLite store). */
  writeCount = 0;
  /**
   * Documents this attempt has read or written, by path: an update of one of them can be
   * weighed whole before the commit. (Firestore re-runs the work if a read document changes.)
   */
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly db: Firestore,
    private readonly tx: FirestoreTransaction,
  ) {}

  // `async` so the SDK's synchronous read-after-write error becomes a rejection, as in the SQLite store.
  async get<T extends DocumentData>(collection: string, id: string): Promise<StoredDocument<T> | null> {
    if (!isPossibleDocumentId(id)) {
      // No document has this id, so there is nothing to read; the rule on order still holds.
      if (this.writeCount > 0) throw new Error('Firestore transactions require all reads to be executed before all writes.');
      return null;
    }
    const snapshot = await this.tx.get(this.db.collection(collection).doc(id));
    this.known.set(docPath(collection, id), { snapshot });
    return stored<T>(snapshot);
  }

  async query<T extends DocumentData>(collection: string, query?: Query): Promise<StoredDocument<T>[]> {
    const built = buildQuery(this.db, collection, query);
    if (!built) return [];
    const snapshot = await this.tx.get(built);
    for (const doc of snapshot.docs) this.known.set(docPath(collection, doc.id), { snapshot: doc });
    return snapshot.docs.map((doc) => stored<T>(doc)!);
  }

  set(collection: string, id: string, data: DocumentData) {
    const json = asJson(data);
    checkDocument(collection, id, json);
    this.tx.set(this.db.collection(collection).doc(id), withTtl(json));
    this.wrote({ kind: 'set', collection, id }, { data: json });
  }

  update(collection: string, id: string, fields: DocumentData) {
    checkUpdateFields(collection, id, fields);
    const entries = Object.entries(fields).map(([field, value]) => [field, asJsonField(value)] as const);
    const merged = this.merged(collection, id, entries);
    const expiry = entries.find(([field]) => field === EXPIRES_AT);
    if (expiry) entries.push([TTL_FIELD, ttlOf(expiry[1]) ?? FieldValue.delete()]);
    if (merged) checkDocumentSize(collection, id, documentSize(collection, id, merged));
    // FieldPath per key: a key is one top-level field, never a dotted path into a nested map.
    const pairs = entries.flatMap(([field, value]) => [new FieldPath(field), value]);
    const ref = this.db.collection(collection).doc(id);
    // Firestore refuses an update without fields; its own error says so better than a silent no-op would.
    if (pairs.length === 0) this.tx.update(ref, {});
    else this.tx.update(ref, pairs[0] as FieldPath, pairs[1], ...pairs.slice(2));
    // Not known unless the document was: Firestore weighs it at the commit, and its refusal is translated.
    this.wrote({ kind: 'update', collection, id }, merged ? { data: merged } : undefined);
  }

  create(collection: string, id: string, data: DocumentData) {
    const json = asJson(data);
    checkDocument(collection, id, json);
    this.tx.create(this.db.collection(collection).doc(id), withTtl(json));
    this.wrote({ kind: 'create', collection, id }, { data: json });
  }

  delete(collection: string, id: string) {
    if (!isPossibleDocumentId(id)) {
      // Nothing to delete, as for any missing document; it still counts as a write, as in the SQLite store.
      this.writeCount += 1;
      return;
    }
    this.tx.delete(this.db.collection(collection).doc(id));
    this.wrote({ kind: 'delete', collection, id }, { data: null });
  }

  private wrote(write: BufferedWrite, known: Known | undefined) {
    this.writes.push(write);
    this.writeCount += 1;
    if (known) this.known.set(docPath(write.collection, write.id), known);
    else this.known.delete(docPath(write.collection, write.id));
  }

  /** The whole document an update will leave, when this attempt knows the document; undefined otherwise. */
  private merged(collection: string, id: string, entries: (readonly [string, unknown])[]): DocumentData | undefined {
    const known = this.known.get(docPath(collection, id));
    if (!known) return undefined;
    // A fresh object from the snapshot: the caller may have changed the one its read returned.
    const current = 'snapshot' in known ? (known.snapshot.exists ? withoutTtl(known.snapshot.data()!) : null) : known.data;
    // A missing document: the commit fails with not-found whatever the fields weigh.
    if (!current) return undefined;
    const merged: DocumentData = { ...current };
    for (const [field, value] of entries) {
      if (value instanceof FieldValue) delete merged[field];
      else merged[field] = value;
    }
    return merged;
  }
}

function docPath(collection: string, id: string) {
  return `${collection}/${id}`;
}

function stored<T extends DocumentData>(snapshot: DocumentSnapshot): StoredDocument<T> | null {
  return snapshot.exists ? { id: snapshot.id, data: withoutTtl(snapshot.data()!) as T } : null;
}

/*
 * Firestore's TTL policies delete a document only when its TTL field holds a timestamp; any other
 * type disables expiry for that document. Documents that expire (rate counters, recipient counts)
 * carry `expiresAt` as an ISO string, as both stores keep dates, so this adapter mirrors it into a
 * timestamp field of its own, `ttlAt`, on every write (the TTL policies of docs/configuration.md name that field),
 * and leaves it out of what it reads: the port's documents are the same on both stores.
 */
const EXPIRES_AT = 'expiresAt';
export const TTL_FIELD = 'ttlAt';

function ttlOf(value: unknown): Timestamp | null {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? Timestamp.fromMillis(at) : null;
}

function withTtl(json: DocumentData): DocumentData {
  const ttl = ttlOf(json[EXPIRES_AT]);
  return ttl ? { ...json, [TTL_FIELD]: ttl } : json;
}

function withoutTtl(data: DocumentData): DocumentData {
  if (!(TTL_FIELD in data)) return data;
  const { [TTL_FIELD]: _ttl, ...rest } = data;
  return rest;
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

const INVALID_ARGUMENT = 3;
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const ABORTED = 10;
/** @google-cloud/firestore's backoff.js, when a transaction's retries run out. */
const RETRIES_EXHAUSTED = 'Exceeded maximum number of retries allowed.';

/**
 * Firestore's refusal of a document over 1 MiB: the emulator says 'maximum entity size is
 * 1048576 bytes', production that the document 'cannot be written because its size ... exceeds
 * the maximum allowed size'. The adapter weighs every document it can before sending it; only an
 * update of a document the transaction did not read gets this far.
 */
const TOO_LARGE = /maximum entity size|exceeds the maximum allowed size|cannot be written because its size/i;

function transactionError(error: unknown, last: { tx: FirestoreTransactionAdapter; workDone: boolean } | undefined): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  // The SDK ran out of attempts against other writers: the port's name for that is a conflict. Its
  // own back-off gives up after 10 retries with a plain Error of this wording and no code.
  if (code === ABORTED || (error instanceof Error && error.message === RETRIES_EXHAUSTED)) return new TransactionConflictError();
  // Only a failed commit says something about our writes; an error the work threw is the caller's own.
  if (!last?.workDone) return error;
  const { tx } = last;
  const message = error instanceof Error ? error.message : '';
  const tooLarge = code === INVALID_ARGUMENT && TOO_LARGE.test(message);
  const kind = code === ALREADY_EXISTS ? 'create' : code === NOT_FOUND ? 'update' : tooLarge ? 'update' : undefined;
  // Without a matching write the code is about something else (a missing database, say), not a document.
  const candidates = tx.writes.filter((write) => write.kind === kind);
  if (!kind || candidates.length === 0) return error;
  const culprit =
    candidates.length === 1 ? candidates[0] : candidates.find((write) => message.includes(`${write.collection}/${write.id}`));
  if (tooLarge) return documentTooLarge(culprit ? docPath(culprit.collection, culprit.id) : 'A document this transaction updates');
  const path = culprit ? docPath(culprit.collection, culprit.id) : 'A document in this transaction';
  return kind === 'create'
    ? new DocumentStateError(`${path} already exists`, 'already-exists')
    : new DocumentStateError(`${path} does not exist`, 'not-found');
}
