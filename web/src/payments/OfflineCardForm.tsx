import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { OFFLINE_TEST_CARDS } from '@shared/payments-model.js';
import { api } from '../api/client.js';
import {
  cardRequest,
  EMPTY_CARD,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  groupedCard,
  validateCard,
  type CardErrors,
  type CardField,
  type CardValues,
} from './card.js';
import { CardFormFooter } from './CardFormFooter.js';
import type { CardFormProps } from './cardForm.js';
import { isDeclined, PAYMENT_TEXT, paymentErrorText } from './paymentFlow.js';

const ORDER: CardField[] = ['cardNumber', 'expiry', 'cvc'];

/** The offline test gateway's card form (provider 'offline'): no real card is charged. */
export function OfflineCardForm({
  paymentIntentId,
  clientSecret,
  amount,
  onSucceeded,
  onDeclined,
  onCancel,
}: CardFormProps & { paymentIntentId: string; clientSecret: string }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const focusField = (field: CardField) => {
    const element = form.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  };

  const change = (field: CardField) => (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const deleting = raw.length < values[field].length;
    const value = field === 'cardNumber' ? formatCardNumber(raw) : field === 'expiry' ? formatExpiry(raw, deleting) : formatCvc(raw);
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _drop, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const check = validateCard(values);
    const invalid = ORDER.filter((field) => check.errors[field]);
    if (check.message || invalid.length) {
      setAlert(check.message);
      setErrors(check.errors);
      if (invalid[0]) focusField(invalid[0]);
      return;
    }
    setBusy(true);
    setAlert(null);
    setErrors({});
    try {
      const reply = await api.confirmOfflinePayment(paymentIntentId, { clientSecret, ...cardRequest(values) });
      onSucceeded(reply.paymentIntentId || paymentIntentId);
    } catch (error) {
      setAlert(paymentErrorText(error));
      if (isDeclined(error)) onDeclined();
      setBusy(false);
    }
  };

  const fieldProps = (field: CardField) => {
    const message = errors[field];
    const own = message && message !== alert ? message : null;
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      onChange: change(field),
      disabled: busy,
      required: true,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': [own ? `${id}-${field}-error` : message ? `${id}-alert` : null, field === 'cardNumber' ? `${id}-hint` : null]
        .filter(Boolean)
        .join(' ') || undefined,
    };
  };

  const errorFor = (field: CardField) => {
    const message = errors[field];
    return message && message !== alert ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };

  return (
    <form ref={form} className="card-form" aria-label="Card payment" noValidate onSubmit={(e) => void submit(e)}>
      <div id={`${id}-hint`} className="test-card-hint">
        <p>
          <strong>{PAYMENT_TEXT.testFormTitle}</strong> — no real card is charged.
        </p>
        <p>
          Use <span className="test-card">{groupedCard(OFFLINE_TEST_CARDS.succeeds)}</span> for a successful payment, or{' '}
          <span className="test-card">{groupedCard(OFFLINE_TEST_CARDS.declined)}</span> to see a declined card, with any future expiry
          date and any 3-digit CVC.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-cardNumber`}>Card number</label>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          {...fieldProps('cardNumber')}
        />
        {errorFor('cardNumber')}
      </div>
      <div className="card-form-row">
        <div className="field">
          <label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</label>
          <input type="text" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" maxLength={5} {...fieldProps('expiry')} />
          {errorFor('expiry')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>CVC</label>
          <input type="text" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...fieldProps('cvc')} />
          {errorFor('cvc')}
        </div>
      </div>
      <CardFormFooter alert={alert} alertId={`${id}-alert`} busy={busy} amount={amount} onCancel={onCancel} />
    </form>
  );
}
