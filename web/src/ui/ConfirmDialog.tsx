import { useRef, type ReactNode } from 'react';
import { cx } from './cx.js';
import { UI_TEXT } from './messages.js';
import { Modal } from './Modal.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, e.g. 'Archive "Spring Cleanup"? It leaves the public site.' */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's text while `busy`. */
  busyLabel?: string;
  /** While true the confirm button is disabled and shows `busyLabel` (e.g. a mutation's isPending). */
  busy?: boolean;
  /** 'danger' styles the confirm button as destructive and makes the dialog an alertdialog. */
  tone?: 'danger' | 'default';
  /** An error from the last attempt, shown inside the dialog. */
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation. On open the focus moves to Cancel (the safe choice) and stays
 * inside the dialog (Tab wraps); Escape or the backdrop cancels (not while busy);
 * on close the focus returns to the element that opened it (all of which `Modal` does).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  title,
  children,
  confirmLabel = UI_TEXT.confirm,
  cancelLabel = UI_TEXT.cancel,
  busyLabel = UI_TEXT.working,
  busy = false,
  tone = 'default',
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={title} role={tone === 'danger' ? 'alertdialog' : 'dialog'} description={children} initialFocus={cancelButton} busy={busy} onDismiss={onCancel}>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ui-dialog-actions">
        <button ref={cancelButton} type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={cx('btn', tone === 'danger' ? 'btn-danger' : 'btn-primary')}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
