import { useMemo, type ReactNode } from 'react';
import { Container, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { META_LAST_PULLED_AT } from '@/db/tracker-db';
import type { DashboardFilters } from '@/domain/tracker';
import { toast } from '@/lib/toast';
import {
  dismissMemberNote,
  dismissPolicyNotice,
  readFailedChanges,
  readMemberNotes,
  readPolicies,
  readPolicyNotices,
  readRecentlyDeleted,
} from '@/sync';
import { MemberNotes } from '../components/member-notes';
import { PolicyNotices } from '../components/policy-notices';
import { RecentlyDeleted } from '../components/recently-deleted';
import { PolicyDashboard, type DashboardActions } from '../components/policy-dashboard';
import { SyncIndicator } from '../components/sync-indicator';
import { useBrowserOnline } from '../hooks/use-browser-online';
import { useLiveRead } from '../hooks/use-live-read';
import { useSyncStatus } from '../hooks/use-sync-status';
import { useToday } from '../hooks/use-today';
import { downloadPolicyCalendar } from '../calendar/download-policy-calendar';
import { sharePolicy } from '../share/share-policy';
import { useTracker } from '../tracker-context';

interface DashboardPageProps {
  /** From the URL (`?type=&status=&q=`), so a filtered view survives reload and can be shared. */
  filters: DashboardFilters;
  onFiltersChange: (filters: DashboardFilters) => void;
  /** Composed by the route (e.g. the reminders panels), shown under the summary cards. */
  aside?: ReactNode;
}

export function DashboardPage({ filters, onFiltersChange, aside }: DashboardPageProps) {
  const { db, repo, sync } = useTracker();
  const today = useToday();
  const engineStatus = useSyncStatus(sync.status);
  const browserOnline = useBrowserOnline();
  const status = useMemo(
    () => (browserOnline ? engineStatus : { ...engineStatus, online: false }),
    [engineStatus, browserOnline],
  );
  const policies = useLiveRead(() => readPolicies(db), [db], 'Error fetching policies');
  const failedChanges = useLiveQuery(() => readFailedChanges(db), [db], []);
  const memberNotes = useLiveQuery(() => readMemberNotes(db), [db], []);
  const policyNotices = useLiveQuery(() => readPolicyNotices(db), [db], []);
  const recentlyDeleted = useLiveQuery(() => readRecentlyDeleted(db, new Date()), [db], []);
  // null while reading; then whether this device has ever completed a download.
  const everPulled = useLiveQuery(
    async () => (await db.meta.get(META_LAST_PULLED_AT)) !== undefined,
    [db],
    null,
  );
  const awaitingFirstSync =
    everPulled === null ||
    (!everPulled && status.online && !status.lastError && !status.needsSignIn);

  const actions = useMemo<DashboardActions>(
    () => ({
      renew: (id) => repo.renewPolicy(id),
      remove: (id) => repo.deletePolicy(id),
      addToCalendar: (policy) => downloadPolicyCalendar(db, policy),
      share: sharePolicy,
      retry: (opId) => {
        void repo.retryOp(opId).then(() => sync.flush());
      },
      discard: (opId) => {
        repo.discardOp(opId).then(
          () => toast({ title: 'Change discarded' }),
          (error: unknown) =>
            toast({
              title: 'Could not discard the change',
              description: error instanceof Error ? error.message : String(error),
              variant: 'destructive',
            }),
        );
      },
    }),
    [db, repo, sync],
  );

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <PolicyDashboard
        policies={policies}
        awaitingFirstSync={awaitingFirstSync}
        today={today}
        filters={filters}
        onFiltersChange={onFiltersChange}
        actions={actions}
        aside={aside}
        online={status.online}
        syncIndicator={
          <Stack gap="xs">
            <SyncIndicator
              status={status}
              // The site's offline banner already says so while the browser is offline.
              offlineAnnounced={!browserOnline}
              failedChanges={failedChanges}
              onRetry={actions.retry}
              onDiscard={actions.discard}
            />
            <MemberNotes
              notes={memberNotes}
              onDismiss={(personId) => void dismissMemberNote(db, personId)}
            />
            <PolicyNotices
              notices={policyNotices}
              onKeepMine={(policyId) => void repo.keepMyValues(policyId)}
              onRestore={(policyId) => void repo.restorePolicy(policyId)}
              onDismiss={(policyId) => void dismissPolicyNotice(db, policyId)}
            />
            <RecentlyDeleted
              policies={recentlyDeleted}
              onRestore={(policyId) => {
                void repo.restorePolicy(policyId).then(() => toast({ title: 'Policy restored' }));
              }}
            />
          </Stack>
        }
      />
    </Container>
  );
}
