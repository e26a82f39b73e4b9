import { useEffect } from 'react';
import { trackerSessions, type RegisterBeforeSignOut } from './session';

interface TrackerBackgroundSyncProps {
  userId: string;
  registerBeforeSignOut: RegisterBeforeSignOut;
}

/**
 * Keeps the signed-in user's outbox flowing on every page, not only while a tracker screen is
 * open: a change made offline on the train is sent as soon as the network returns, wherever the
 * user is in the app. Renders nothing.
 */
export function TrackerBackgroundSync({
  userId,
  registerBeforeSignOut,
}: TrackerBackgroundSyncProps) {
  useEffect(() => {
    trackerSessions.acquire(userId);
    trackerSessions.guardSignOut(registerBeforeSignOut);
  }, [userId, registerBeforeSignOut]);
  return null;
}
