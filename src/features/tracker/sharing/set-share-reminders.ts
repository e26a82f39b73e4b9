import { policyShareSchema } from '@/domain/schemas';
import { call } from '@/lib/api-call';

/** The recipient's switch for one share: reminders for its policies on or off (issue 18). */
export function setShareReminders(shareId: string, enabled: boolean) {
  return call(
    (db) => db.rpc('set_share_reminders', { p_share_id: shareId, p_enabled: enabled }),
    policyShareSchema,
  );
}
