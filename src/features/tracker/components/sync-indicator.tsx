import { useState, type ReactNode } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUp } from '@tabler/icons-react';
import type { FailedChange, SyncStatus } from '@/sync';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { FailedChanges } from './sync-badge';

interface SyncIndicatorProps {
  status: SyncStatus;
  /**
   * Something else on the page (the site's offline banner) already says the browser is
   * offline: this line then only counts the waiting changes, so it is not said twice.
   */
  offlineAnnounced?: boolean;
  failedChanges: readonly FailedChange[];
  onRetry: (opId: string) => void;
  onDiscard: (opId: string) => void;
}

/** The global "all synced / N waiting / offline" line in the dashboard header (design §5). */
export function SyncIndicator({
  status,
  offlineAnnounced = false,
  failedChanges,
  onRetry,
  onDiscard,
}: SyncIndicatorProps) {
  const t = useT();
  const [reviewing, setReviewing] = useState(false);
  const { online, pending, failed, syncing } = status;
  const waiting = t('tracker.sync.waiting', { count: pending, n: formatIndianNumber(pending) });

  let line: ReactNode;
  if (!online) {
    line = (
      <>
        {offlineAnnounced && pending === 0 ? null : <IconCloudOff size={18} aria-hidden />}
        {offlineAnnounced ? null : <Text size="sm">{t('tracker.sync.offline')}</Text>}
        {pending > 0 ? (
          <Text size="sm" fw={600}>
            {waiting}
          </Text>
        ) : null}
      </>
    );
  } else if (pending > 0) {
    line = (
      <>
        {syncing ? <Loader size={14} aria-hidden /> : <IconCloudUp size={18} aria-hidden />}
        <Text size="sm" fw={600}>
          {waiting}
        </Text>
      </>
    );
  } else if (status.needsSignIn) {
    line = (
      <>
        <IconCloudOff size={18} aria-hidden />
        <Text size="sm">{t('tracker.sync.signInAgain')}</Text>
      </>
    );
  } else if (failed === 0) {
    line = (
      <>
        <IconCloudCheck size={18} aria-hidden />
        <Text size="sm">{t('tracker.sync.allSynced')}</Text>
      </>
    );
  } else {
    line = null;
  }

  return (
    <Group gap="md" wrap="wrap" data-testid="sync-indicator">
      <Group gap={6} role="status" aria-live="polite" wrap="wrap">
        {line}
      </Group>
      {failed > 0 ? (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconAlertTriangle size={14} aria-hidden />}
          onClick={() => setReviewing(true)}
        >
          {t('tracker.sync.review', {
            failed: t('tracker.sync.failed', { count: failed, n: formatIndianNumber(failed) }),
          })}
        </Button>
      ) : null}
      <Modal
        opened={reviewing && failedChanges.length > 0}
        onClose={() => setReviewing(false)}
        title={t('tracker.sync.refusedTitle')}
        size="lg"
      >
        <Stack>
          <Text size="sm">{t('tracker.sync.refusedHelp')}</Text>
          <FailedChanges changes={failedChanges} onRetry={onRetry} onDiscard={onDiscard} />
        </Stack>
      </Modal>
    </Group>
  );
}
