import { useMemo, type ReactNode } from 'react';
import { Container, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { IsoDate } from '@/domain/policy';
import type { DashboardFilters } from '@/domain/tracker';
import { toast } from '@/lib/toast';
import type { PolicyView } from '@/sync';
import { useT } from '@/lib/use-i18n';
import {
  dismissMemberNote,
  dismissPolicyNotice,
  dismissSharingEndedNotice,
  readFailedChanges,
  readMemberNotes,
  readPolicyNotices,
  readRecentlyDeleted,
  readSharingEndedNotices,
} from '@/sync';
import { MemberNotes } from '../components/member-notes';
import { PolicyNotices } from '../components/policy-notices';
import { useShareNames } from '../sharing/use-share-names';
import { RecentlyDeleted } from '../components/recently-deleted';
import { SharingEndedNotices } from '../components/sharing-ended-notices';
import { PolicyDashboard } from '../components/policy-dashboard';
import { SyncIndicator } from '../components/sync-indicator';
import { usePolicies } from '../hooks/use-policies';
import { usePolicyActions } from '../hooks/use-policy-actions';
import { useToday } from '../hooks/use-today';
import { useTrackerStatus } from '../hooks/use-tracker-status';
import { useTracker } from '../tracker-context';

interface DashboardPageProps {
  /** From the URL (`?type=&status=&q=`), so a filtered view survives reload and can be shared. */
  filters: DashboardFilters;
  onFiltersChange: (filters: DashboardFilters) => void;
  /** Composed by the route (the reminders panel) from the policies, under the summary cards. */
  aside?: (policies: readonly PolicyView[], today: IsoDate) => ReactNode;
  /** Composed by the route, after the list beside Export or import (sharing everything). */
  footer?: ReactNode;
}

export function DashboardPage({ filters, onFiltersChange, aside, footer }: DashboardPageProps) {
  const t = useT();
  const { db, repo } = useTracker();
  const today = useToday();
  const { status, browserOnline, awaitingFirstSync } = useTrackerStatus();
  const policies = usePolicies(db);
  const failedChanges = useLiveQuery(() => readFailedChanges(db), [db], []);
  const memberNotes = useLiveQuery(() => readMemberNotes(db), [db], []);
  const policyNotices = useLiveQuery(() => readPolicyNotices(db), [db], []);
  const names = useShareNames(
    policyNotices.flatMap((n) => (n.changed_by === undefined ? [] : [n.changed_by])),
  );
  const sharingEnded = useLiveQuery(() => readSharingEndedNotices(db), [db], []);
  const recentlyDeleted = useLiveQuery(() => readRecentlyDeleted(db, new Date()), [db], []);
  const actions = usePolicyActions();

  // Made only when what it shows changes: the filters re-render this page on every keystroke.
  const syncIndicator = useMemo(
    () => (
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
          names={names}
        />
        <SharingEndedNotices
          notices={sharingEnded}
          onDismiss={(policyId) => void dismissSharingEndedNotice(db, policyId)}
        />
        <RecentlyDeleted
          policies={recentlyDeleted}
          onRestore={(policyId) => {
            void repo.restorePolicy(policyId).then(() => toast({ title: t('tracker.restored') }));
          }}
        />
      </Stack>
    ),
    [
      status,
      browserOnline,
      failedChanges,
      actions,
      memberNotes,
      db,
      policyNotices,
      repo,
      names,
      sharingEnded,
      recentlyDeleted,
      t,
    ],
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
        footer={footer}
        online={status.online}
        syncIndicator={syncIndicator}
        keptFor={db.userId}
      />
    </Container>
  );
}
