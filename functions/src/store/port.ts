/**
 * The document store port: small and Firestore-shaped (DESIGN §3), so the same
 * services run on Firestore in production and on SQLite locally and in tests.
 * Documents are plain JSON objects (dates as ISO strings).
 */
export type DocumentData = Record<string, unknown>;

export interface StoredDocument<T extends DocumentData = DocumentData> {
  id: string;
  data: T;
}

export type WhereOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'array-contains' | 'in';
export type WhereClause = [field: string, op: WhereOperator, value: unknown];

export interface Query {
  where?: WhereClause[];
  orderBy?: [field: string, direction?: 'asc' | 'desc'][];
  limit?: number;
}

declare const documentType: unique symbol;

/**
 * A collection name that carries the type of its documents. Declare each collection
 * once with `collection<T>(name)`: reads through it return `T`, and `update` accepts
 * only `Partial<T>`, so a misspelt field does not compile.
 */
export type Collection<T extends DocumentData> = string & { readonly [documentType]: T };

export function collection<T extends DocumentData>(name: string): Collection<T> {
  return name as Collection<T>;
}

/** A plain name (the store contract suite, tools): untyped reads and writes. A typed handle never matches it. */
export type CollectionName = string & { readonly [documentType]?: never };

/** Reads first, writes buffered; the commit fails and the function re-runs if a read changed. */
export interface Transaction {
  get<T extends DocumentData>(collection: Collection<T>, id: string): Promise<StoredDocument<T> | null>;
  get<T extends DocumentData>(collection: CollectionName, id: string): Promise<StoredDocument<T> | null>;
  query<T extends DocumentData>(collection: Collection<T>, query?: Query): Promise<StoredDocument<T>[]>;
  query<T extends DocumentData>(collection: CollectionName, query?: Query): Promise<StoredDocument<T>[]>;
  /** Creates or replaces the whole document. */
  set<T extends DocumentData>(collection: Collection<T>, id: string, data: T): void;
  set(collection: CollectionName, id: string, data: DocumentData): void;
  /** Merges top-level fields into an existing document; the commit fails if it does not exist. */
  update<T extends DocumentData>(collection: Collection<T>, id: string, fields: Partial<T>): void;
  update(collection: CollectionName, id: string, fields: DocumentData): void;
  /** Creates the document; the commit fails if it already exists. */
  create<T extends DocumentData>(collection: Collection<T>, id: string, data: T): void;
  create(collection: CollectionName, id: string, data: DocumentData): void;
  delete(collection: string, id: string): void;
}

export interface DocumentStore {
  get<T extends DocumentData>(collection: Collection<T>, id: string): Promise<StoredDocument<T> | null>;
  get<T extends DocumentData>(collection: CollectionName, id: string): Promise<StoredDocument<T> | null>;
  query<T extends DocumentData>(collection: Collection<T>, query?: Query): Promise<StoredDocument<T>[]>;
  query<T extends DocumentData>(collection: CollectionName, query?: Query): Promise<StoredDocument<T>[]>;
  set(collection: string, id: string, data: DocumentData): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  runTransaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

/** A commit could not apply because a document it read or wrote changed meanwhile. */
export class TransactionConflictError extends Error {
  constructor(message = 'Transaction conflict: a document changed during the transaction') {
    super(message);
    this.name = 'TransactionConflictError';
  }
}

/** `create` of an existing document, or `update` of a missing one. */
export class DocumentStateError extends Error {
  constructor(
    message: string,
    readonly code: 'already-exists' | 'not-found',
  ) {
    super(message);
    this.name = 'DocumentStateError';
  }
}

export const MAX_TRANSACTION_ATTEMPTS = 25;

/** What Firestore refuses (and so every adapter refuses, before committing anything): see limits.ts. */
export type StoreLimit =
  /** More writes in one transaction than a commit may carry. */
  | 'too-many-writes'
  /** A document over 1 MiB, or one string value over 1 MiB - 89 bytes. */
  | 'document-too-large'
  /** An empty or reserved (__.*__) field name, or a field path over 1,500 bytes. */
  | 'invalid-field-name'
  /** An array directly in an array, maps and arrays nested deeper than 20 levels, a lone surrogate in a string. */
  | 'invalid-value'
  /** A collection or document id Firestore refuses (empty, a slash, "." or "..", __.*__, over 1,500 bytes). */
  | 'invalid-id';

/** A write Firestore would refuse. The transaction commits nothing; running it again does not help. */
export class StoreLimitError extends Error {
  constructor(
    message: string,
    readonly code: StoreLimit,
  ) {
    super(message);
    this.name = 'StoreLimitError';
  }
}
