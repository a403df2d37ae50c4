import { createContext, useContext } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastApi {
  /** Shows a message; success and info are announced politely, errors assertively. Returns its id. */
  show: (message: string, tone?: ToastTone) => number;
  success: (message: string) => number;
  error: (message: string) => number;
  dismiss: (id: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** The toasts of the nearest <ToastProvider> (the staff shell has one). */
export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
