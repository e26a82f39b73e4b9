import {
  dueReminders,
  policyStatus,
  type DueReminder,
  type IsoDate,
  type PolicyStatusInfo,
} from '@/domain/policy';
import { formatIndianNumber } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import type { PolicyView } from '@/sync';

export interface DuePolicyInput {
  id: string;
  insurer_name: string;
  policy_number: string;
  next_renewal_date: IsoDate;
  typeName: string | null;
  /** The type's id: a global type's name is said in the user's language. */
  typeId?: string | null;
}

/**
 * What the reminders say about the policies the dashboard has read: the user's own, and those
 * shared with them whose reminders are on (issue 18). From the dashboard's one read, so the
 * panel comes with the list instead of pushing it down when a read of its own ends later.
 */
export function duePolicyInputs(policies: readonly PolicyView[]): DuePolicyInput[] {
  return policies
    .filter((p) => p.shared === null || p.shared.reminders_enabled)
    .map((p) => ({
      id: p.id,
      insurer_name: p.insurer_name,
      policy_number: p.policy_number,
      next_renewal_date: p.next_renewal_date,
      typeName: p.type?.name ?? null,
      typeId: p.policy_type_id,
    }));
}

export interface DueItem {
  reminder: DueReminder;
  policy: DuePolicyInput;
  status: PolicyStatusInfo;
}

export type DueGroupId = 'lapsed' | 'today' | 'week' | 'month';

export interface DueGroup {
  id: DueGroupId;
  label: string;
  items: DueItem[];
}

/**
 * The in-app list uses the default thresholds (30, 7, 1, 0, lapsed): the same rule as the
 * notifications, and the same 30-day window as the dashboard's Due Soon count, whatever
 * days the user chose for notifications.
 */
export function dueItems(policies: readonly DuePolicyInput[], today: IsoDate): DueItem[] {
  const byId = new Map(policies.map((p) => [p.id, p]));
  const reminders = dueReminders(
    policies.map((p) => ({ id: p.id, nextRenewalDate: p.next_renewal_date })),
    today,
  );
  return reminders.flatMap((reminder) => {
    const policy = byId.get(reminder.policyId);
    if (!policy) return [];
    return [{ reminder, policy, status: policyStatus(policy.next_renewal_date, today) }];
  });
}

function groupOf(daysLeft: number): DueGroupId {
  if (daysLeft < 0) return 'lapsed';
  if (daysLeft === 0) return 'today';
  if (daysLeft <= 7) return 'week';
  return 'month';
}

const groupLabels: Record<DueGroupId, string> = {
  lapsed: 'reminders.group.lapsed',
  today: 'reminders.group.today',
  week: 'reminders.group.week',
  month: 'reminders.group.month',
};

/** Lapsed first (they need action most), then by how soon; empty groups left out. */
export function groupDueItems(items: readonly DueItem[]): DueGroup[] {
  const order: DueGroupId[] = ['lapsed', 'today', 'week', 'month'];
  return order
    .map((id) => ({
      id,
      // Read in render: a component showing it re-renders on a language switch (useT).
      label: i18n._(groupLabels[id]),
      items: items.filter((item) => groupOf(item.reminder.daysLeft) === id),
    }))
    .filter((g) => g.items.length > 0);
}

export function dueCountLabel(count: number): string {
  return i18n._('reminders.dueCount', { count, n: formatIndianNumber(count) });
}
