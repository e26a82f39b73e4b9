import { useCallback, useRef, type ReactNode } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useUnsavedChanges } from '@/lib/unsaved-changes';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation gets a dialog, closing
 * or reloading the tab gets the browser's own prompt. `allowLeave()` lets the navigation
 * after a successful save (or a failed load) through without asking.
 */
export function useLeaveGuard(dirty: boolean): { allowLeave: () => void; modal: ReactNode } {
  const bypass = useRef(false);
  // Also keeps an app update from reloading the page over this form.
  useUnsavedChanges(dirty);
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !bypass.current,
    enableBeforeUnload: () => dirty && !bypass.current,
    withResolver: true,
  });
  const allowLeave = useCallback(() => {
    bypass.current = true;
  }, []);
  const modal = (
    <ConfirmDialog
      opened={blocker.status === 'blocked'}
      title="Leave without saving?"
      description="You have unsaved changes. If you leave this page now, they will be lost."
      confirmLabel="Leave"
      cancelLabel="Stay"
      initialFocus="confirm"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { allowLeave, modal };
}
