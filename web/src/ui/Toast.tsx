import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SUCCESS_MESSAGE_CLEAR_MS } from '@shared/constants.js';
import { cx } from './cx.js';
import { UI_TEXT } from './messages.js';
import { ToastContext, type ToastApi, type ToastTone } from './ToastContext.js';
import './ui.css';

/**
 * How long a toast stays (SPEC §9, issue 27 item 4): success and info clear after 3 s; an error
 * stays until it is dismissed (null), since the admin may need it to act or to report it.
 */
export const TOAST_MS: Record<ToastTone, number | null> = { success: SUCCESS_MESSAGE_CLEAR_MS, info: SUCCESS_MESSAGE_CLEAR_MS, error: null };

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

/**
 * Holds the toasts and renders them in two live regions that exist from the start (so
 * screen readers announce what is added): polite for success/info, assertive for errors.
 * A toast goes after TOAST_MS (errors never on their own) or with its close button.
 */
export function ToastProvider({ children, durations = TOAST_MS }: { children: ReactNode; durations?: Record<ToastTone, number | null> }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (message: string, tone: ToastTone = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, tone }]);
      const stays = durations[tone];
      if (stays !== null) timers.current.set(id, setTimeout(() => dismiss(id), stays));
      return id;
    },
    [dismiss, durations],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ show, dismiss, success: (m) => show(m, 'success'), error: (m) => show(m, 'error') }),
    [show, dismiss],
  );

  const region = (items: ToastItem[]) =>
    items.map((toast) => (
      <div key={toast.id} className={cx('ui-toast', `ui-toast--${toast.tone}`)}>
        <span className="ui-toast-message">{toast.message}</span>
        <button type="button" className="ui-toast-close" aria-label={UI_TEXT.dismiss} onClick={() => dismiss(toast.id)}>
          ×
        </button>
      </div>
    ));

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="ui-toasts">
        <div aria-live="polite" aria-atomic="false" className="ui-toast-region">
          {region(toasts.filter((t) => t.tone !== 'error'))}
        </div>
        <div aria-live="assertive" aria-atomic="false" className="ui-toast-region">
          {region(toasts.filter((t) => t.tone === 'error'))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
