import { useT } from '@/lib/use-i18n';
import { useMemo, type ReactNode } from 'react';
import { DashboardSubpage } from '@/components/ui/dashboard-subpage';
import { LoadingStatus } from '@/components/ui/loading-status';
import { paidSummary, premiumOutlook } from '@/domain/tracker';
import { readAllPayments, readOwnPolicies } from '@/sync';
import { useLiveRead } from '../hooks/use-live-read';
import { useToday } from '../hooks/use-today';
import { useTrackerStatus } from '../hooks/use-tracker-status';
import { NoPoliciesYet } from '../components/no-policies-yet';
import { useTracker } from '../tracker-context';
import { OutlookView } from './outlook-view';

/**
 * The premium outlook, a page of its own (/policy-tracker/outlook) so the dashboard keeps its
 * first policy on a phone's first screen and the chart's code loads only here. Reads only the
 * device's store, so it works offline and follows every change live.
 */
export function OutlookPage() {
  const t = useT();
  const { db } = useTracker();
  const today = useToday();
  const { awaitingFirstSync } = useTrackerStatus();
  const policies = useLiveRead(() => readOwnPolicies(db), [db], 'tracker.error.policies');
  const payments = useLiveRead(() => readAllPayments(db), [db], 'tracker.error.payments');
  const outlook = useMemo(
    () => (policies ? premiumOutlook(policies, today) : undefined),
    [policies, today],
  );
  const paid = useMemo(
    () => (payments ? paidSummary(payments, today) : undefined),
    [payments, today],
  );
  let body: ReactNode;
  if (!policies || !outlook || !paid || (policies.length === 0 && awaitingFirstSync)) {
    body = <LoadingStatus label={t('tracker.dashboard.loading')} />;
  } else if (policies.length === 0) {
    body = <NoPoliciesYet text={t('outlook.empty')} />;
  } else {
    body = <OutlookView outlook={outlook} paid={paid} />;
  }

  return (
    <DashboardSubpage title={t('outlook.title')} subtitle={t('outlook.subtitle')}>
      {body}
    </DashboardSubpage>
  );
}
