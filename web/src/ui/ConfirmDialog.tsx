import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx.js';
import { trapTab } from './focus.js';
import { UI_TEXT } from './messages.js';
import './ui.css';

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
 * on close the focus returns to the element that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return createPortal(<OpenDialog {...props} />, document.body);
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
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelButton.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const cancel = () => {
    if (!busy) onCancel();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      cancel();
      return;
    }
    if (panel.current) trapTab(event, panel.current);
  };

  return (
    <div className="ui-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && cancel()}>
      <div
        ref={panel}
        className="ui-dialog"
        role={tone === 'danger' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={children ? `${id}-body` : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="ui-dialog-title">
          {title}
        </h2>
        {children ? (
          <div id={`${id}-body`} className="ui-dialog-body">
            {children}
          </div>
        ) : null}
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="ui-dialog-actions">
          <button ref={cancelButton} type="button" className="btn btn-outline" onClick={cancel} disabled={busy}>
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
      </div>
    </div>
  );
}
