import { useMemo } from 'react';
import { i18n } from '@/lib/i18n';
import { sayError } from '@/lib/say-message';
import { toast } from '@/lib/toast';
import type { PaymentDetails } from '@/domain/schemas';
import type { PolicyView, RenewalReceipt } from '@/sync';
import { downloadPolicyCalendar } from '../calendar/download-policy-calendar';
import { sharePolicy } from '../share/share-policy';
import { useTracker } from '../tracker-context';

/** What a policy's buttons and menu do, on the dashboard's cards and on the policy page. */
export interface PolicyActions {
  /** Mark Renewed, recording the payment when one is given. */
  renew: (policyId: string, payment: PaymentDetails | null) => Promise<RenewalReceipt>;
  /** The toast's Undo: the renewal date goes back, the payment goes. */
  undoRenewal: (receipt: RenewalReceipt) => Promise<void>;
  remove: (policyId: string) => Promise<unknown>;
  /** Saves the policy's renewal as an .ics file (made on the device). */
  addToCalendar: (policy: PolicyView) => Promise<void>;
  /** Shares a short summary of the policy (share sheet, else the clipboard). */
  share: (policy: PolicyView) => Promise<void>;
  retry: (opId: string) => void;
  discard: (opId: string) => void;
}

/** The actions against the signed-in user's local store; each change syncs from there. */
export function usePolicyActions(): PolicyActions {
  const { db, repo, sync } = useTracker();
  return useMemo<PolicyActions>(
    () => ({
      renew: (id, payment) => repo.renewPolicy(id, payment ?? undefined),
      undoRenewal: (receipt) => repo.undoRenewal(receipt),
      remove: (id) => repo.deletePolicy(id),
      addToCalendar: (policy) => downloadPolicyCalendar(db, policy),
      share: sharePolicy,
      retry: (opId) => {
        void repo.retryOp(opId).then(() => sync.flush());
      },
      discard: (opId) => {
        repo.discardOp(opId).then(
          () => toast({ title: i18n._('tracker.sync.discarded') }),
          (error: unknown) =>
            toast({
              title: i18n._('tracker.sync.discardFailed'),
              description: sayError((id, values) => i18n._(id, values), error),
              variant: 'destructive',
            }),
        );
      },
    }),
    [db, repo, sync],
  );
}
