import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatCents } from '@shared/payments-model.js';
import { cardLabel, RECEIPT_MESSAGES, type ReceiptReply } from '@shared/receipt-model.js';
import { api, ApiError } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Spinner } from '../ui/Spinner.js';
import { useLinkKey } from '../links/linkKey.js';
import { ReceiptTable, receiptDateTime } from './ReceiptTable.js';
import './receipt-page.css';

export const RECEIPT_TEXT = {
  title: 'Receipt',
  loading: 'Opening your receipt...',
  print: 'Print',
  retry: 'Try again',
} as const;

type Receipt = ReceiptReply['receipt'];
type View = { kind: 'loading' } | { kind: 'receipt'; receipt: Receipt } | { kind: 'failed'; message: string; canRetry: boolean };

/**
 * /receipt/:orderId#key=... (issue 26 item 2): an order's printable receipt, opened from its
 * confirmation e-mail or the paid success page. The key rides in the fragment and is sent in the
 * body of the one call; a wrong or missing key shows the same not-found message as no order.
 * Its own chunk, loaded on this page only: the public pages' budgets do not carry it.
 */
export default function ReceiptPage() {
  const { orderId = '' } = useParams();
  const key = useLinkKey();
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<View>(() => (key ? { kind: 'loading' } : { kind: 'failed', message: RECEIPT_MESSAGES.notFound, canRetry: false }));
  useDocumentTitle(RECEIPT_TEXT.title);

  useEffect(() => {
    if (!key) return;
    let live = true;
    api
      .request<ReceiptReply>(`/orders/${encodeURIComponent(orderId)}/receipt`, { method: 'POST', body: { key } })
      .then((reply) => live && setView({ kind: 'receipt', receipt: reply.receipt }))
      .catch((error: unknown) => {
        if (!live) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setView({ kind: 'failed', message: notFound ? RECEIPT_MESSAGES.notFound : RECEIPT_MESSAGES.loadFailed, canRetry: !notFound });
      });
    return () => {
      live = false;
    };
  }, [key, orderId, attempt]);

  return (
    <main id="main-content" className="receipt-page">
      {view.kind === 'loading' ? (
        <Spinner label={RECEIPT_TEXT.loading} />
      ) : view.kind === 'failed' ? (
        <div className="receipt-sheet" role="alert">
          <h1>{RECEIPT_TEXT.title}</h1>
          <p>{view.message}</p>
          {view.canRetry ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setView({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {RECEIPT_TEXT.retry}
            </button>
          ) : null}
        </div>
      ) : (
        <ReceiptSheet receipt={view.receipt} />
      )}
    </main>
  );
}

export function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const card = cardLabel(receipt.card);
  return (
    <article className="receipt-sheet" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <div>
          <p className="receipt-org">{receipt.organisation.name}</p>
          {receipt.organisation.contactEmail ? (
            <p className="receipt-contact">
              <a href={`mailto:${receipt.organisation.contactEmail}`}>{receipt.organisation.contactEmail}</a>
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn-primary receipt-print" onClick={() => window.print()}>
          {RECEIPT_TEXT.print}
        </button>
      </header>
      <h1 id="receipt-title">{RECEIPT_TEXT.title}</h1>
      <dl className="receipt-facts">
        <dt>Order</dt>
        <dd>{receipt.orderId}</dd>
        <dt>Event</dt>
        <dd>
          {receipt.event.title}
          {receipt.event.date ? `, ${formatEventDateTime(receipt.event.date)}` : ''}
        </dd>
        <dt>Bought by</dt>
        <dd>
          {receipt.buyer.name} ({receipt.buyer.email})
        </dd>
        <dt>Paid</dt>
        <dd>{receipt.paidAt ? receiptDateTime(receipt.paidAt) : 'Not paid'}</dd>
        <dt>Card</dt>
        <dd>{card || RECEIPT_MESSAGES.noCard}</dd>
      </dl>
      <ReceiptTable className="receipt-lines" lines={receipt.lines} total={receipt.total} />
      {receipt.refunds.length ? (
        <section className="receipt-refunds" aria-label="Refunds">
          <h2>Refunds</h2>
          <ul>
            {receipt.refunds.map((refund, index) => (
              <li key={index}>
                {refund.name} ({refund.ticketType}): {formatCents(refund.amount)} refunded{refund.refundedAt ? ` on ${receiptDateTime(refund.refundedAt)}` : ''}
              </li>
            ))}
          </ul>
          <p className="receipt-net">
            Refunded {formatCents(receipt.refundedTotal)} of {formatCents(receipt.total)}; net paid {formatCents(receipt.total - receipt.refundedTotal)}
          </p>
        </section>
      ) : null}
      {receipt.organisation.footerText ? <p className="receipt-footer">{receipt.organisation.footerText}</p> : null}
    </article>
  );
}
