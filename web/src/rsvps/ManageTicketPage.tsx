import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { RSVP_FIELD_LIMITS, RSVP_MESSAGES, type LinkKeyRequest } from '@shared/rsvps-model.js';
import type { ManageTicketReply, SelfCancelReply, TransferTicketReply, TransferTicketRequest } from '@shared/self-service-model.js';
import { api } from '../api/client.js';
import { formatEventDateTime } from '../events/format.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { Field } from '../ui/Field.js';
import { Spinner } from '../ui/Spinner.js';
import { linkFailure, useLinkKey, type LinkFailure } from './emailLink.js';
import { LinkDetail, LinkEvent, LinkFailureCard } from './EmailLinkParts.js';
import { cancelQuestion, refundTermsText, transferFailure, transferFieldErrors, type TransferErrors, type TransferField } from './manageTicket.js';
import '../payments/payments.css';

export const MANAGE_TEXT = {
  title: "Can't come?",
  checking: 'Opening your ticket...',
  cancelTitle: 'Cancel this ticket',
  cancel: 'Cancel my ticket',
  confirmYes: 'Yes, cancel my ticket',
  keep: 'Keep my ticket',
  cancelling: 'Cancelling...',
  cancelled: 'Ticket cancelled',
  failed: 'We could not open this ticket',
  askLink: 'E-mail me a link to cancel this ticket',
  askLinkIntro: 'To cancel this ticket, open the link we e-mail to the address it was registered with.',
  // Issue 25 item 5.
  transferTitle: 'Give this ticket to someone else',
  transferIntro:
    'Enter the name and e-mail address of the person who will come instead. They get a new ticket of their own by e-mail; this ticket and its QR code stop working at once. This cannot be undone.',
  transferName: 'Their name',
  transferEmail: 'Their e-mail address',
  transferSubmit: 'Give my ticket',
  transferConfirm: (name: string) => `Give my ticket to ${name}?`,
  transferConfirmNote: 'This ticket and its QR code stop working, and a new ticket goes to their e-mail address.',
  transferYes: 'Yes, give my ticket',
  transferBack: 'Go back',
  transferring: 'Giving your ticket...',
  transferred: 'Ticket given',
} as const;

const post = <T extends object>(path: string, body: object) => api.request<T>(path, { method: 'POST', body });

type View =
  | { kind: 'checking' }
  | { kind: 'ticket'; reply: ManageTicketReply; confirming: boolean; busy: boolean; error: string | null }
  | { kind: 'cancelled'; message: string }
  | { kind: 'transferred'; message: string }
  | { kind: 'no-key'; sent: string | null; busy: boolean }
  | { kind: 'failed'; failure: LinkFailure };

/**
 * /ticket/:rsvpId/manage#key=... (issue 25 item 4): the 'Can't come?' link of a ticket e-mail. With its
 * key it shows the ticket and cancels it after a confirmation; without one (the ticket page's link) it
 * offers to e-mail a link to the ticket's own address, with one reply that reveals nothing.
 */
export default function ManageTicketPage() {
  const { rsvpId = '' } = useParams();
  return (
    <PublicLayout>
      <div className="container payment-page">
        <Manage key={rsvpId} rsvpId={rsvpId.trim()} />
      </div>
    </PublicLayout>
  );
}

function Manage({ rsvpId }: { rsvpId: string }) {
  const key = useLinkKey();
  const [view, setView] = useState<View>(() => (key ? { kind: 'checking' } : { kind: 'no-key', sent: null, busy: false }));
  useDocumentTitle(MANAGE_TEXT.title);
  const path = `/rsvps/${encodeURIComponent(rsvpId)}`;

  useEffect(() => {
    if (!key) return;
    let live = true;
    const body: LinkKeyRequest = { key };
    post<ManageTicketReply>(`${path}/manage`, body)
      .then((reply) => live && setView({ kind: 'ticket', reply, confirming: false, busy: false, error: null }))
      .catch((error: unknown) => live && setView({ kind: 'failed', failure: linkFailure(error, RSVP_MESSAGES.linkInvalid) }));
    return () => {
      live = false;
    };
  }, [key, path]);

  if (view.kind === 'checking') {
    return (
      <div className="payment-card" aria-live="polite">
        <h1 className="visually-hidden">{MANAGE_TEXT.title}</h1>
        <Spinner label={MANAGE_TEXT.checking} />
      </div>
    );
  }
  if (view.kind === 'failed') return <LinkFailureCard title={MANAGE_TEXT.failed} failure={view.failure} onRetry={() => window.location.reload()} />;
  if (view.kind === 'cancelled' || view.kind === 'transferred') {
    // Done: the server's words, and nothing more to do with this ticket (no cancel, no transfer).
    return (
      <div className="payment-card" role="status">
        <h1>{view.kind === 'cancelled' ? MANAGE_TEXT.cancelled : MANAGE_TEXT.transferred}</h1>
        <p className="payment-ticket-note">{view.message}</p>
        <div className="payment-actions">
          <Link className="btn btn-outline" to="/">
            Return Home
          </Link>
        </div>
      </div>
    );
  }
  if (view.kind === 'no-key') {
    const ask = () => {
      setView({ kind: 'no-key', sent: null, busy: true });
      post<{ message: string }>(`${path}/manage-link`, {})
        .then((reply) => setView({ kind: 'no-key', sent: reply.message, busy: false }))
        .catch((error: unknown) => setView({ kind: 'no-key', sent: linkFailure(error, RSVP_MESSAGES.linkInvalid).message, busy: false }));
    };
    return (
      <div className="payment-card">
        <h1>{MANAGE_TEXT.title}</h1>
        <p>{MANAGE_TEXT.askLinkIntro}</p>
        {view.sent ? (
          <p role="status">{view.sent}</p>
        ) : (
          <div className="payment-actions">
            <button type="button" className="btn btn-primary" disabled={view.busy} onClick={ask}>
              {MANAGE_TEXT.askLink}
            </button>
          </div>
        )}
      </div>
    );
  }

  const { reply, confirming, busy, error } = view;
  const refundText = refundTermsText(reply.refund);
  const question = cancelQuestion(reply.refund);
  const cancel = () => {
    // Disabled while the request runs; the server refuses a second cancel anyway (one transaction decides).
    setView({ ...view, busy: true, error: null });
    post<SelfCancelReply>(`${path}/cancel`, { key })
      .then((done) => setView({ kind: 'cancelled', message: done.message }))
      .catch((failed: unknown) => setView({ ...view, busy: false, confirming: false, error: linkFailure(failed, RSVP_MESSAGES.linkInvalid).message }));
  };
  return (
    <div className="payment-card manage-card">
      <h1>{MANAGE_TEXT.title}</h1>
      <LinkEvent event={reply.event} when={formatEventDateTime(reply.event.date)}>
        <LinkDetail label="Name">{reply.ticket.name}</LinkDetail>
        <LinkDetail label="Ticket">{reply.ticket.ticketType}</LinkDetail>
      </LinkEvent>
      <section className="manage-section" aria-labelledby="manage-cancel-title">
        <h2 id="manage-cancel-title">{MANAGE_TEXT.cancelTitle}</h2>
        {/* A paid ticket's refund rule, said before anything is asked (issue 25 item 4). */}
        {refundText ? <p className="manage-refund">{refundText}</p> : null}
        {error ? <p role="alert">{error}</p> : null}
        {reply.cannotCancel ? (
          <p role="status">{reply.cannotCancel}</p>
        ) : confirming ? (
          <div role="group" aria-label={question}>
            <p className="manage-question">{question}</p>
            <div className="payment-actions">
              <button type="button" className="btn btn-primary" disabled={busy} onClick={cancel}>
                {busy ? MANAGE_TEXT.cancelling : MANAGE_TEXT.confirmYes}
              </button>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setView({ ...view, confirming: false })}>
                {MANAGE_TEXT.keep}
              </button>
            </div>
          </div>
        ) : (
          <div className="payment-actions">
            <button type="button" className="btn btn-primary" onClick={() => setView({ ...view, confirming: true, error: null })}>
              {MANAGE_TEXT.cancel}
            </button>
          </div>
        )}
      </section>
      <Transfer path={path} linkKey={key} cannotTransfer={reply.cannotTransfer} disabled={busy} onDone={(message) => setView({ kind: 'transferred', message })} />
    </div>
  );
}

/**
 * 'Give this ticket to someone else' (issue 25 item 5): the new holder's name and e-mail, checked
 * as the server will, then a confirm step naming them; one request at a time (the button is
 * disabled and a second submit is ignored while it runs). The server's field errors show under
 * their fields, its other refusals in an alert; its success message replaces the page.
 */
function Transfer({
  path,
  linkKey,
  cannotTransfer,
  disabled,
  onDone,
}: {
  path: string;
  linkKey: string;
  cannotTransfer: string | null;
  disabled: boolean;
  onDone: (message: string) => void;
}) {
  const [values, setValues] = useState<Record<TransferField, string>>({ name: '', email: '' });
  const [fieldErrors, setFieldErrors] = useState<TransferErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  const body = (): TransferTicketRequest => ({ key: linkKey, name: values.name.trim(), email: values.email.trim() });

  // Keyboard and screen-reader users land where the next step is: the confirm button, or the first
  // field to fix, once the form is back on screen (a server's refusal arrives on the confirm step).
  const [focusField, setFocusField] = useState<TransferField | null>(null);
  useEffect(() => {
    if (confirming) yesRef.current?.focus();
    else if (focusField) {
      (focusField === 'name' ? nameRef : emailRef).current?.focus();
      setFocusField(null);
    }
  }, [confirming, focusField]);
  const showErrors = (errors: TransferErrors) => {
    setFieldErrors(errors);
    setFocusField(errors.name ? 'name' : 'email');
  };

  if (cannotTransfer) {
    return (
      <section className="manage-section" aria-labelledby="manage-transfer-title">
        <h2 id="manage-transfer-title">{MANAGE_TEXT.transferTitle}</h2>
        <p role="status">{cannotTransfer}</p>
      </section>
    );
  }

  const review = (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    const errors = transferFieldErrors(body());
    if (errors) return showErrors(errors);
    setFieldErrors({});
    setConfirming(true);
  };
  const give = () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setAlert(null);
    post<TransferTicketReply>(`${path}/transfer`, body())
      .then((done) => onDone(done.message))
      .catch((failed: unknown) => {
        const failure = transferFailure(failed);
        setConfirming(false);
        setBusy(false);
        setAlert(failure.alert);
        if (Object.keys(failure.fieldErrors).length) showErrors(failure.fieldErrors);
      })
      .finally(() => {
        running.current = false;
      });
  };
  const change = (field: TransferField) => (e: { target: { value: string } }) => {
    setValues((before) => ({ ...before, [field]: e.target.value }));
    if (fieldErrors[field]) setFieldErrors(({ [field]: _drop, ...rest }) => rest);
  };

  return (
    <section className="manage-section" aria-labelledby="manage-transfer-title">
      <h2 id="manage-transfer-title">{MANAGE_TEXT.transferTitle}</h2>
      <p className="manage-intro">{MANAGE_TEXT.transferIntro}</p>
      {alert ? (
        <p className="payment-error" role="alert">
          {alert}
        </p>
      ) : null}
      {confirming ? (
        <div role="group" aria-label={MANAGE_TEXT.transferConfirm(values.name.trim())}>
          <p className="manage-question">{MANAGE_TEXT.transferConfirm(values.name.trim())}</p>
          <p>{MANAGE_TEXT.transferConfirmNote}</p>
          <div className="payment-actions">
            <button ref={yesRef} type="button" className="btn btn-primary" disabled={busy} onClick={give}>
              {busy ? MANAGE_TEXT.transferring : MANAGE_TEXT.transferYes}
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setConfirming(false)}>
              {MANAGE_TEXT.transferBack}
            </button>
          </div>
        </div>
      ) : (
        <form className="manage-transfer-form" aria-label={MANAGE_TEXT.transferTitle} noValidate onSubmit={review}>
          <Field label={MANAGE_TEXT.transferName} error={fieldErrors.name} required>
            <input ref={nameRef} type="text" autoComplete="off" maxLength={RSVP_FIELD_LIMITS.name} value={values.name} onChange={change('name')} />
          </Field>
          <Field label={MANAGE_TEXT.transferEmail} error={fieldErrors.email} required>
            <input
              ref={emailRef}
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={RSVP_FIELD_LIMITS.email}
              value={values.email}
              onChange={change('email')}
            />
          </Field>
          <div className="payment-actions">
            <button type="submit" className="btn btn-primary" disabled={disabled}>
              {MANAGE_TEXT.transferSubmit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
