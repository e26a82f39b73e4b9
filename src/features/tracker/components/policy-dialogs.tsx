import { memo, useCallback, useMemo, useState } from 'react';
import type { IsoDate } from '@/domain/policy';
import type { PaymentDetails } from '@/domain/schemas';
import { sayError } from '@/lib/say-message';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import type { PolicyView, RenewalReceipt } from '@/sync';
import type { PolicyActions } from '../hooks/use-policy-actions';
import { LazyRenewDialog } from '../payments/lazy-renew-dialog';
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

interface PolicyDialogsProps {
  dialogs: PolicyDialogState;
  actions: Pick<PolicyActions, 'renew' | 'undoRenewal' | 'remove'>;
  /** The user's local date: the renew dialog's default payment date. */
  today: IsoDate;
  /** Whether changes reach the server now; offline, a saved change says it waits here. */
  online: boolean;
  /** After a delete succeeded, while its dialog is still open (e.g. to decide where focus goes). */
  onDeleted?: (policyId: string) => void;
}

/**
 * The spec's Mark Renewed and Delete confirmations, with their toasts. Memoised: the
 * dashboard re-renders around it on every keystroke in its search.
 */
export const PolicyDialogs = memo(function PolicyDialogs({
  dialogs,
  actions,
  online,
  today,
  onDeleted,
}: PolicyDialogsProps) {
  const t = useT();
  const { renewing, deleting, closeRenew, closeDelete } = dialogs;

  const undoRenewal = (receipt: RenewalReceipt) => {
    actions.undoRenewal(receipt).then(
      () => toast({ title: t('tracker.renew.undone') }),
      (error: unknown) =>
        toast({
          title: t('tracker.renew.undoFailed'),
          description: sayError(t, error),
          variant: 'destructive',
        }),
    );
  };

  const confirmRenew = async (payment: PaymentDetails | null) => {
    if (!renewing) return;
    try {
      const receipt = await actions.renew(renewing.id, payment);
      toastSaved(t('tracker.renew.done'), online, {
        label: t('tracker.renew.undo'),
        onClick: () => undoRenewal(receipt),
      });
    } catch (error) {
      toast({
        title: t('tracker.renew.failed'),
        description: sayError(t, error),
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
      toastSaved(t('tracker.delete.done'), online);
    } catch (error) {
      toast({
        title: t('tracker.delete.failed'),
        description: sayError(t, error),
        variant: 'destructive',
      });
    }
    closeDelete();
  };

  return (
    <>
      <LazyRenewDialog
        policy={renewing}
        today={today}
        onCancel={closeRenew}
        onConfirm={confirmRenew}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('tracker.delete.title')}
        description={t('tracker.delete.text')}
        confirmLabel={t('tracker.delete.confirm')}
        cancelLabel={t('tracker.cancel')}
        destructive
        onCancel={closeDelete}
        onConfirm={confirmDelete}
      />
    </>
  );
});
