import { useEffect } from 'react';
import { keepForOffline } from '@/features/pwa';
import { trackerSessions, type RegisterBeforeSignOut } from './session';

interface TrackerBackgroundSyncProps {
  userId: string;
  registerBeforeSignOut: RegisterBeforeSignOut;
}

/**
 * Keeps the signed-in user's outbox flowing on every page, not only while a tracker screen is
 * open: a change made offline on the train is sent as soon as the network returns, wherever the
 * user is in the app. Renders nothing.
 *
 * Also asks the service worker to keep the tracker's code, which holds what every page shows a
 * signed-in user (the account menu, the due-renewals badge, this): someone signed in who has not
 * opened the tracker yet (an invitee on the invitation's page) still has them offline.
 */
export function TrackerBackgroundSync({
  userId,
  registerBeforeSignOut,
}: TrackerBackgroundSyncProps) {
  useEffect(() => {
    void keepForOffline('tracker');
    trackerSessions.acquire(userId);
    trackerSessions.guardSignOut(registerBeforeSignOut);
  }, [userId, registerBeforeSignOut]);
  return null;
}
