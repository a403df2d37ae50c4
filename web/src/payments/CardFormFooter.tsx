import { PAYMENT_TEXT, payLabel } from './paymentFlow.js';

/** The end of both card forms: the payment's error, if any, then Pay and Cancel. */
export function CardFormFooter({
  alert,
  alertId,
  busy,
  canPay = true,
  amount,
  onCancel,
}: {
  alert: string | null;
  /** Lets the card fields point at the error with aria-describedby. */
  alertId?: string;
  busy: boolean;
  canPay?: boolean;
  amount: number;
  onCancel: () => void;
}) {
  return (
    <>
      <div id={alertId} className="payment-step-alert" role="alert">
        {alert ? <p className="alert alert-error">{alert}</p> : null}
      </div>
      <div className="payment-step-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !canPay} aria-busy={busy || undefined}>
          {busy ? PAYMENT_TEXT.processing : payLabel(amount)}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          {PAYMENT_TEXT.cancel}
        </button>
      </div>
    </>
  );
}
