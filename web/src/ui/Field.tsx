import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx.js';
import './ui.css';

/** The props Field reads from and adds to its control (a control's own aria-invalid/required stay unless Field has an error/required). */
export interface FieldControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

export interface FieldProps {
  label: ReactNode;
  /** One control: <input>, <select>, <textarea> (e.g. `<input {...register('title')} />`). */
  children: ReactElement<FieldControlProps>;
  /** A help line under the control. */
  hint?: ReactNode;
  /** The field's error; marks the control aria-invalid. */
  error?: string;
  /** Shows the red asterisk and sets aria-required. */
  required?: boolean;
  /** The control's id; generated when absent (the child's own id also wins). */
  id?: string;
  className?: string;
}

/** Ids of a field's parts, for controls Field cannot clone. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/**
 * Label + control + hint + error. The control gets the id the label points at,
 * aria-describedby (hint, error), aria-invalid when there is an error.
 */
export function Field({ label, children, hint, error, required = false, id, className }: FieldProps) {
  const generated = useId();
  const controlId = children.props.id ?? id ?? generated;
  const ids = fieldIds(controlId);
  const describedBy = cx(children.props['aria-describedby'], hint ? ids.hint : null, error ? ids.error : null) || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-describedby': describedBy,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })
    : children;
  return (
    <div className={cx('field', className)}>
      <label htmlFor={controlId}>
        {label}
        {required ? (
          <>
            {' '}
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          </>
        ) : null}
      </label>
      {control}
      {hint ? (
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
