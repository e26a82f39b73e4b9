import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readShareOwnerNames } from '@/sync';
import { useTracker } from '../tracker-context';
import { listPolicyAccess } from './list-policy-access';

const none: ReadonlyMap<string, string> = new Map();

/**
 * The names of the people the user shares with, by user id, for "changed by Ravi on another
 * device" (issue 18). The owners of policies shared with the user are on the device (every
 * pull lists them); the people the user shares their own policies with are asked of the
 * server once when a notice names one, online only (offline the notice says "someone you
 * share it with").
 */
export function useShareNames(ids: readonly string[]): ReadonlyMap<string, string> {
  const { db } = useTracker();
  const owners = useLiveQuery(() => readShareOwnerNames(db), [db], none);
  const [recipients, setRecipients] = useState<ReadonlyMap<string, string>>(none);
  const missing = ids.some((id) => !owners.has(id) && !recipients.has(id));

  useEffect(() => {
    if (!missing || !navigator.onLine) return;
    let live = true;
    void listPolicyAccess().then((result) => {
      if (!live || !result.ok) return;
      const names = new Map<string, string>();
      for (const share of result.data.shares) {
        const name = share.recipient_name?.trim() || share.recipient_email;
        if (name) names.set(share.recipient_id, name);
      }
      setRecipients(names);
    });
    return () => {
      live = false;
    };
  }, [missing]);

  return useMemo(() => new Map([...recipients, ...owners]), [owners, recipients]);
}
