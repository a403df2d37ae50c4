import type { Clock } from '../clock.js';
import { REFUND_JOBS } from '../outbox/refund-jobs.js';
import { coalescingRunner, errorText } from '../outbox/leased-jobs.js';
import type { DocumentStore } from '../store/port.js';
import type { PaymentGateway } from './port.js';
import { rsvpRefundKey } from './service.js';

/** How many refund jobs one run asks the provider about. */
const BATCH = 50;

/**
 * Asks the provider for the refunds attendees' own cancels made due (outbox/refund-jobs.ts), right
 * after the cancel's commit and again on every scheduled run until the provider accepts. The key is
 * the RSVP's (rsvpRefundKey, the admin refund's too), so two workers, a retry after a crash, or an
 * admin refunding the same ticket meanwhile give the money back once. The RSVP is marked refunded
 * by the provider's webhook (payments/service.ts applyRefunded), not here.
 */
export function createRefundWorker({ store, clock, payments, logger = console }: { store: DocumentStore; clock: Clock; payments: PaymentGateway; logger?: Pick<Console, 'error'> }) {
  async function processDue(): Promise<number> {
    const due = await store.query(REFUND_JOBS, { where: [['acceptedAt', '==', null]], limit: BATCH });
    let accepted = 0;
    for (const job of due) {
      let failure: string | null = null;
      try {
        // The ticket's own amount (issue 26 item 4): one ticket of an order gives back its price, not the order's.
        await payments.refund(job.data.paymentIntentId, rsvpRefundKey(job.data.rsvpId), job.data.partial ? job.data.amount : undefined);
      } catch (error) {
        failure = errorText(error);
        logger.error(`Refund of RSVP ${job.data.rsvpId} (${job.data.paymentIntentId}) failed; retried on the next run: ${failure}`);
      }
      const at = clock.now().toISOString();
      await store.runTransaction(async (tx) => {
        const current = await tx.get(REFUND_JOBS, job.id);
        if (!current || current.data.acceptedAt) return;
        tx.update(REFUND_JOBS, job.id, { attempts: current.data.attempts + 1, lastError: failure, ...(failure === null ? { acceptedAt: at } : {}) });
      });
      if (failure === null) accepted += 1;
    }
    return accepted;
  }
  const runner = coalescingRunner(processDue, (error) => logger.error('The refund worker failed', error));
  return { processDue, kick: runner.kick, whenIdle: runner.whenIdle };
}
export type RefundWorker = ReturnType<typeof createRefundWorker>;
