/**
 * Whether the user's local reminders (the due-soon panel and the service worker's periodic
 * check) include a policy (issue 18): always their own; one shared with them only when they
 * turned reminders on for a share that covers it. The server's push job follows the same
 * rule (supabase/functions/_shared/renewal-reminders.ts). Dependency-free: the service
 * worker imports it.
 */
export interface ReminderShare {
  owner_id: string;
  /** null: every policy of the owner. */
  policy_id: string | null;
  reminders_enabled: boolean;
}

export function remindsAbout(
  policy: { id: string; user_id: string },
  userId: string,
  shares: readonly ReminderShare[],
): boolean {
  if (policy.user_id === userId) return true;
  return shares.some(
    (s) =>
      s.reminders_enabled &&
      s.owner_id === policy.user_id &&
      (s.policy_id === null || s.policy_id === policy.id),
  );
}
