import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import type { Collection, DocumentStore, Transaction } from '../store/port.js';

/*
 * What every outbox worker (mail delivery, Mailchimp sync) does with its jobs (DESIGN §4): a
 * due job is claimed with a lease in a transaction, worked on outside it, and its outcome is
 * recorded only while the lease is still held. A worker that crashes holding a job loses
 * nothing: the lease lapses and another worker takes the job over. Failures are retried with
 * back-off until the attempts run out. The workers say only what a job's work is.
 */

/** After this many attempts a job is marked 'failed'. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed job belongs to its worker; after that another may take it over. */
export const LEASE_MS = 2 * 60 * 1000;
const MINUTE = 60 * 1000;

/** Back-off after the n-th failed attempt: 1 min, 2, 4, ... capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

/** An error as a job records it: its message, bounded. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000) || 'Unknown error';
}

/** The fields the lease reads and writes, which every job carries. */
export interface LeasedJobFields {
  [field: string]: unknown;
  status: string;
  /** Attempts started (a claim counts as one). */
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  /** Set while a worker holds the job; once passed, another may take it over. */
  leaseUntil?: string | null;
  /** Random token of the claim that holds the lease. */
  leaseId?: string | null;
  /** When the job reached 'failed' or 'skipped'. */
  finishedAt?: string | null;
}

/** A job this worker holds: its lease id proves it when the outcome is recorded. */
export type Claim<J> = { id: string; job: J; leaseId: string };

export interface LeasedJobsOptions<J extends LeasedJobFields> {
  store: DocumentStore;
  clock: Clock;
  jobs: Collection<J>;
  /** The status of a job a worker holds ('sending', 'syncing'). */
  working: J['status'];
  /** Recorded on a job whose holders kept crashing until its attempts ran out. */
  interrupted: string;
  /**
   * A check in the claiming transaction that may settle the job before any work (mail's
   * per-recipient limit): answer the reason to skip it, or null to go on.
   */
  admit?: (tx: Transaction, job: J, now: Date) => Promise<string | null>;
}

export function leasedJobs<J extends LeasedJobFields>(options: LeasedJobsOptions<J>) {
  const { store, clock, working } = options;
  // The lease writes only the fields every job has; one untyped view of the collection for them.
  const jobs = options.jobs as unknown as Collection<LeasedJobFields>;

  /** Due jobs and those whose holder's lease ran out, oldest first, at most `limit`. */
  async function candidates(limit: number): Promise<string[]> {
    const now = clock.now().toISOString();
    const [abandoned, due] = await Promise.all([
      store.query(jobs, { where: [['status', '==', working], ['leaseUntil', '<=', now]], orderBy: [['leaseUntil', 'asc']], limit }),
      store.query(jobs, { where: [['status', '==', 'pending'], ['nextAttemptAt', '<=', now]], orderBy: [['nextAttemptAt', 'asc']], limit }),
    ]);
    return [...abandoned, ...due].slice(0, limit).map((doc) => doc.id);
  }

  /** Takes a due or abandoned job in a transaction; null when it is not (or no longer) due. */
  async function claim(id: string): Promise<Claim<J> | 'failed' | 'skipped' | null> {
    return store.runTransaction(async (tx) => {
      const doc = await tx.get(options.jobs, id);
      if (!doc) return null;
      const job = doc.data;
      const now = clock.now();
      const nowIso = now.toISOString();
      const due = job.status === 'pending' && job.nextAttemptAt <= nowIso;
      const abandoned = job.status === working && typeof job.leaseUntil === 'string' && job.leaseUntil <= nowIso;
      if (!due && !abandoned) return null;
      const refusal = options.admit ? await options.admit(tx, job, now) : null;
      if (refusal !== null) {
        tx.update(jobs, id, { status: 'skipped', lastError: refusal, finishedAt: nowIso, leaseUntil: null, leaseId: null });
        return 'skipped' as const;
      }
      if (job.attempts >= MAX_ATTEMPTS) {
        tx.update(jobs, id, { status: 'failed', lastError: job.lastError ?? options.interrupted, finishedAt: nowIso, leaseUntil: null, leaseId: null });
        return 'failed' as const;
      }
      const leaseId = newId();
      const lease = { status: working, attempts: job.attempts + 1, leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(), leaseId };
      tx.update(jobs, id, lease);
      return { id, job: { ...job, ...lease }, leaseId };
    });
  }

  /**
   * Records an outcome and releases the lease. Written only while this worker still holds the
   * job, unless `evenIfLost` (a message already sent is recorded whatever, so nobody sends it again).
   */
  async function finish(claimed: Claim<J>, fields: Partial<LeasedJobFields>, evenIfLost = false): Promise<void> {
    await store.runTransaction(async (tx) => {
      const doc = await tx.get(jobs, claimed.id);
      if (!doc) return;
      if (!evenIfLost && (doc.data.status !== working || doc.data.leaseId !== claimed.leaseId)) return;
      tx.update(jobs, claimed.id, { ...fields, leaseUntil: null, leaseId: null });
    });
  }

  /** A failed attempt: retried after its back-off, or failed for good once the attempts ran out. */
  async function retryOrFail(claimed: Claim<J>, reason: string): Promise<'retried' | 'failed'> {
    const { attempts } = claimed.job;
    const nowMs = clock.now().getTime();
    if (attempts >= MAX_ATTEMPTS) {
      await finish(claimed, { status: 'failed', lastError: reason, finishedAt: new Date(nowMs).toISOString() });
      return 'failed';
    }
    await finish(claimed, { status: 'pending', lastError: reason, nextAttemptAt: new Date(nowMs + retryDelayMs(attempts)).toISOString() });
    return 'retried';
  }

  return { candidates, claim, finish, retryOrFail };
}

/**
 * Runs `work` in the background at most once at a time per process; a kick during a run asks
 * for exactly one more run after it (the jobs it announces may have been queried already).
 */
export function coalescingRunner(work: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await work();
        } catch (error) {
          onError(error);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
  }

  /** Resolves when the current run (if any) has finished; for tests and graceful shutdown. */
  const whenIdle = (): Promise<void> => running ?? Promise.resolve();
  return { kick, whenIdle };
}
