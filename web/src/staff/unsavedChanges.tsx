import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';

export const UNSAVED_TEXT = {
  title: 'Discard unsaved changes?',
  body: 'You have changes that are not saved yet. If you leave now, they are lost.',
  discard: 'Discard changes',
  keep: 'Keep editing',
} as const;

interface UnsavedGuard {
  setDirty: (dirty: boolean) => void;
  /** Runs `leave` at once when nothing is unsaved, else after the person confirms. */
  confirmLeave: (leave: () => void) => void;
}

const UnsavedContext = createContext<UnsavedGuard | null>(null);

/**
 * Holds whether a form of the dashboard has unsaved changes, and asks before an in-app move
 * (a tab switch, a form's Cancel) would drop them.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dirty = useRef(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guard = useMemo<UnsavedGuard>(
    () => ({
      setDirty: (value) => {
        dirty.current = value;
      },
      confirmLeave: (leave) => {
        if (dirty.current) setPending(() => leave);
        else leave();
      },
    }),
    [],
  );
  const discard = () => {
    dirty.current = false;
    const leave = pending;
    setPending(null);
    leave?.();
  };
  return (
    <UnsavedContext.Provider value={guard}>
      {children}
      <ConfirmDialog open={pending !== null} title={UNSAVED_TEXT.title} confirmLabel={UNSAVED_TEXT.discard} cancelLabel={UNSAVED_TEXT.keep} tone="danger" onConfirm={discard} onCancel={() => setPending(null)}>
        <p>{UNSAVED_TEXT.body}</p>
      </ConfirmDialog>
    </UnsavedContext.Provider>
  );
}

/** The guard's confirmLeave; outside a provider, leaving happens at once. */
export function useConfirmLeave(): (leave: () => void) => void {
  const guard = useContext(UnsavedContext);
  return useCallback((leave: () => void) => (guard ? guard.confirmLeave(leave) : leave()), [guard]);
}

/** Declares a form's unsaved changes: in-app moves ask first, and the browser asks before the page is left. */
export function useUnsavedChanges(dirty: boolean) {
  const guard = useContext(UnsavedContext);
  useEffect(() => {
    guard?.setDirty(dirty);
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      guard?.setDirty(false);
    };
  }, [dirty, guard]);
}
