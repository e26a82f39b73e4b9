import { daysBetween, type IsoDate } from './dates';

export const DUE_SOON_WINDOW_DAYS = 30;

export type PolicyStatus = 'active' | 'due-soon' | 'lapsed';

export interface PolicyStatusInfo {
  status: PolicyStatus;
  /** Days from today to the renewal date; negative once lapsed. */
  daysLeft: number;
  badge: 'Active' | 'Due Soon' | 'Due Today' | 'Lapsed';
  text: string;
}

function days(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/** The spec's status rule, from whole calendar days between today and the next renewal. */
export function policyStatus(nextRenewalDate: IsoDate, today: IsoDate): PolicyStatusInfo {
  const daysLeft = daysBetween(today, nextRenewalDate);
  if (daysLeft < 0) {
    return { status: 'lapsed', daysLeft, badge: 'Lapsed', text: `Lapsed ${days(-daysLeft)} ago` };
  }
  if (daysLeft === 0) {
    return { status: 'due-soon', daysLeft, badge: 'Due Today', text: 'Due today' };
  }
  if (daysLeft <= DUE_SOON_WINDOW_DAYS) {
    return { status: 'due-soon', daysLeft, badge: 'Due Soon', text: `${days(daysLeft)} left` };
  }
  return { status: 'active', daysLeft, badge: 'Active', text: `${days(daysLeft)} left` };
}
