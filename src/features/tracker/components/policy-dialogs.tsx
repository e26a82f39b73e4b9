import { useCallback, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import type { PolicyView } from '@/sync';
import type { PolicyActions } from '../hooks/use-policy-actions';
import { toastSaved } from '../saved-toast';
import { ConfirmDialog } from './confirm-dialog';

/** Which policy's Mark Renewed or Delete is waiting for the user's confirmation. */
export interface PolicyDialogState {
  renewing: PolicyView | null;
  deleting: PolicyView | null;
  askRenew: (policy: PolicyView) => void;
  askDelete: (policy: PolicyView) => void;
  closeRenew: () => void;
  closeDelete: () => void;
}

/** Held by the screen (dashboard or policy page) that shows the buttons and the dialogs. */
export function usePolicyDialogs(): PolicyDialogState {
  const [renewing, setRenewing] = useState<PolicyView | null>(null);
  const [deleting, setDeleting] = useState<PolicyView | null>(null);
  const askRenew = useCallback((policy: PolicyView) => setRenewing(policy), []);
  const askDelete = useCallback((policy: PolicyView) => setDeleting(policy), []);
  const closeRenew = useCallback(() => setRenewing(null), []);
  const closeDelete = useCallback(() => setDeleting(null), []);
  return useMemo(
    () => ({ renewing, deleting, askRenew, askDelete, closeRenew, closeDelete }),
    [renewing, deleting, askRenew, askDelete, closeRenew, closeDelete],
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface PolicyDialogsProps {
  dialogs: PolicyDialogState;
  actions: Pick<PolicyActions, 'renew' | 'remove'>;
  /** Whether changes reach the server now; offline, a saved change says it waits here. */
  online: boolean;
  /** After a delete succeeded, while its dialog is still open (e.g. to decide where focus goes). */
  onDeleted?: (policyId: string) => void;
}

/** The spec's Mark Renewed and Delete confirmations, with their toasts. */
export function PolicyDialogs({ dialogs, actions, online, onDeleted }: PolicyDialogsProps) {
  const { renewing, deleting, closeRenew, closeDelete } = dialogs;

  const confirmRenew = async () => {
    if (!renewing) return;
    try {
      await actions.renew(renewing.id);
      toastSaved('Policy renewed successfully!', online);
    } catch (error) {
      toast({
        title: 'Error renewing policy',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
    closeRenew();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await actions.remove(deleting.id);
      onDeleted?.(deleting.id);
      toastSaved('Policy deleted successfully', online);
    } catch (error) {
      toast({
        title: 'Error deleting policy',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
    closeDelete();
  };

  return (
    <>
      <ConfirmDialog
        opened={renewing !== null}
        title="Mark as Renewed?"
        description="This will advance the renewal date based on the policy's frequency. This action can be edited later."
        confirmLabel="Confirm Renewal"
        onCancel={closeRenew}
        onConfirm={confirmRenew}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Are you sure?"
        description="This action cannot be undone. This will permanently delete the policy."
        confirmLabel="Delete"
        destructive
        onCancel={closeDelete}
        onConfirm={confirmDelete}
      />
    </>
  );
}
