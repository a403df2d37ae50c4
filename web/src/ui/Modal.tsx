import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx.js';
import { trapTab } from './focus.js';
import './ui.css';

export interface ModalProps {
  title: string;
  /** 'alertdialog' for a destructive confirmation. */
  role?: 'dialog' | 'alertdialog';
  /** Extra class on the panel. */
  className?: string;
  /** Shown under the title and read as the dialog's description. */
  description?: ReactNode;
  /** The element to focus on open (default: the panel itself). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While true Escape and the backdrop do nothing, and the panel says it is busy. */
  busy?: boolean;
  /** Escape or the backdrop (not while busy). */
  onDismiss: () => void;
  children: ReactNode;
}

/**
 * The one modal of the staff area: rendered over the page, focus moved in on open and kept
 * inside (Tab wraps), Escape or the backdrop dismisses (not while busy), and on close the
 * focus returns to the element that opened it.
 */
export function Modal(props: ModalProps) {
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({ title, role = 'dialog', className, description, initialFocus, busy = false, onDismiss, children }: ModalProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? panel.current)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // Focus moves once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const dismiss = () => {
    if (!busy) onDismiss();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
      return;
    }
    if (panel.current) trapTab(event, panel.current);
  };

  return (
    <div className="ui-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && dismiss()}>
      <div
        ref={panel}
        className={cx('ui-dialog', className)}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={busy || undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="ui-dialog-title">
          {title}
        </h2>
        {description ? (
          <div id={`${id}-description`} className="ui-dialog-body">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>
  );
}
