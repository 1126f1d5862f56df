'use client';

import * as React from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/**
 * The app's own alert and confirm dialogs, in place of the browser's native pop-ups (which block the
 * page, cannot be styled and look like phishing on phones). One provider at the root shows one dialog
 * at a time, queued; `useAlert()` and `useConfirm()` give promise-returning functions:
 *
 *   const confirm = useConfirm();
 *   if (await confirm('You need to be logged in to continue. Proceed to login?')) router.push(loginHref(path));
 *   const alert = useAlert();
 *   await alert('Registration successful! Please log in.');
 */
export interface DialogOptions {
  /** Heading of the dialog; the message is its description. */
  title?: string;
  /** Label of the button that accepts (OK by default). */
  confirmLabel?: string;
  /** Label of the button that declines a confirm (Cancel by default). */
  cancelLabel?: string;
  /** Styles the accept button as destructive (e.g. Delete). */
  destructive?: boolean;
}

interface Pending extends DialogOptions {
  kind: 'alert' | 'confirm';
  message: string;
  resolve: (accepted: boolean) => void;
}

type Open = (request: Omit<Pending, 'resolve'>) => Promise<boolean>;

const DialogsContext = React.createContext<Open | null>(null);

export function DialogsProvider({ children }: { children: React.ReactNode }) {
  const [queue, setQueue] = React.useState<Pending[]>([]);
  const current = queue[0];

  const open = React.useCallback<Open>((request) => new Promise<boolean>((resolve) => setQueue((q) => [...q, { ...request, resolve }])), []);

  // Settles the dialog shown now exactly once (a button click also closes the dialog: both call this).
  const settle = React.useCallback((request: Pending | undefined, accepted: boolean) => {
    if (!request) return;
    request.resolve(accepted);
    setQueue((q) => (q[0] === request ? q.slice(1) : q));
  }, []);

  return (
    <DialogsContext.Provider value={open}>
      {children}
      <AlertDialog open={current !== undefined} onOpenChange={(isOpen) => (!isOpen ? settle(current, current?.kind === 'alert') : undefined)}>
        {current && (
          <AlertDialogContent data-testid="app-dialog" data-kind={current.kind}>
            <AlertDialogHeader>
              <AlertDialogTitle>{current.title ?? (current.kind === 'confirm' ? 'Please confirm' : 'Notice')}</AlertDialogTitle>
              <AlertDialogDescription>{current.message}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              {current.kind === 'confirm' && <AlertDialogCancel onClick={() => settle(current, false)}>{current.cancelLabel ?? 'Cancel'}</AlertDialogCancel>}
              <AlertDialogAction
                className={current.destructive ? 'bg-destructive text-white hover:bg-destructive/90' : undefined}
                onClick={() => settle(current, true)}
              >
                {current.confirmLabel ?? 'OK'}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        )}
      </AlertDialog>
    </DialogsContext.Provider>
  );
}

function useOpen(): Open {
  const open = React.useContext(DialogsContext);
  if (!open) throw new Error('useAlert()/useConfirm() must be used inside <DialogsProvider>.');
  return open;
}

/** `await alert(message)`: resolves when the user closes the dialog. */
export function useAlert(): (message: string, options?: DialogOptions) => Promise<void> {
  const open = useOpen();
  return React.useCallback(async (message, options = {}) => void (await open({ kind: 'alert', message, ...options })), [open]);
}

/** `await confirm(message)`: true when the user accepts, false when they cancel or press Escape. */
export function useConfirm(): (message: string, options?: DialogOptions) => Promise<boolean> {
  const open = useOpen();
  return React.useCallback((message, options = {}) => open({ kind: 'confirm', message, ...options }), [open]);
}
