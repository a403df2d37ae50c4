import type { ReactNode } from 'react';
import { cx } from './cx.js';
import { UI_TEXT } from './messages.js';
import { Spinner } from './Spinner.js';
import './ui.css';

export type StateBlockProps =
  | { kind: 'loading'; label: string; className?: string }
  | { kind: 'empty'; title: ReactNode; children?: ReactNode; className?: string }
  | {
      kind: 'error';
      message: ReactNode;
      /** Shows a retry button when given. */
      onRetry?: () => void;
      retryLabel?: string;
      children?: ReactNode;
      className?: string;
      /** Just the alert, without the dashed box (e.g. the landing page's event list). */
      plain?: boolean;
    };

/**
 * The loading, empty and error states of a list or page, in the site's dashed box
 * (`state-block`). Loading shows the Spinner; empty is a status; error is an alert
 * with an optional retry button.
 */
export function StateBlock(props: StateBlockProps) {
  if (props.kind === 'loading') {
    return (
      <div className={cx('state-block', props.className)}>
        <Spinner label={props.label} />
      </div>
    );
  }
  if (props.kind === 'empty') {
    return (
      <div className={cx('state-block', props.className)} role="status">
        <h3>{props.title}</h3>
        {props.children}
      </div>
    );
  }
  if (props.plain) {
    return (
      <div className={cx('alert alert-error', props.className)} role="alert">
        {props.message}
      </div>
    );
  }
  return (
    <div className={cx('state-block state-block--error', props.className)}>
      <p className="alert alert-error" role="alert">
        {props.message}
      </p>
      {props.children}
      {props.onRetry ? (
        <button type="button" className="btn btn-primary" onClick={props.onRetry}>
          {props.retryLabel ?? UI_TEXT.tryAgain}
        </button>
      ) : null}
    </div>
  );
}
