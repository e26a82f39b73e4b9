import { useEffect, useState } from 'react';
import { listInvitations } from './api/list-invitations';

/**
 * How many invitations wait for the user's answer, or null while unknown (offline, or the
 * question failed): the count beside the link to the invitations page.
 */
export function useWaitingInvitations(userId: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void listInvitations().then((result) => {
      if (live) setCount(result.ok ? result.data.received.length : null);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return count;
}
