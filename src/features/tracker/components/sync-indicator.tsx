import { useState, type ReactNode } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUp } from '@tabler/icons-react';
import type { FailedChange, SyncStatus } from '@/sync';
import { FailedChanges } from './sync-badge';

export const OFFLINE_TEXT = 'Offline — changes are saved on this device';
export const ALL_SYNCED_TEXT = 'All changes synced';

export function waitingText(pending: number): string {
  return pending === 1 ? '1 change waiting' : `${pending} changes waiting`;
}

export function failedText(failed: number): string {
  return failed === 1 ? '1 change could not be synced' : `${failed} changes could not be synced`;
}

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
  const [reviewing, setReviewing] = useState(false);
  const { online, pending, failed, syncing } = status;

  let line: ReactNode;
  if (!online) {
    line = (
      <>
        {offlineAnnounced && pending === 0 ? null : <IconCloudOff size={18} aria-hidden />}
        {offlineAnnounced ? null : <Text size="sm">{OFFLINE_TEXT}</Text>}
        {pending > 0 ? (
          <Text size="sm" fw={600}>
            {waitingText(pending)}
          </Text>
        ) : null}
      </>
    );
  } else if (pending > 0) {
    line = (
      <>
        {syncing ? <Loader size={14} aria-hidden /> : <IconCloudUp size={18} aria-hidden />}
        <Text size="sm" fw={600}>
          {waitingText(pending)}
        </Text>
      </>
    );
  } else if (status.needsSignIn) {
    line = (
      <>
        <IconCloudOff size={18} aria-hidden />
        <Text size="sm">Changes are saved on this device. Sign in again to sync them.</Text>
      </>
    );
  } else if (failed === 0) {
    line = (
      <>
        <IconCloudCheck size={18} aria-hidden />
        <Text size="sm">{ALL_SYNCED_TEXT}</Text>
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
          {failedText(failed)} — review
        </Button>
      ) : null}
      <Modal
        opened={reviewing && failedChanges.length > 0}
        onClose={() => setReviewing(false)}
        title="Changes the server refused"
        size="lg"
      >
        <Stack>
          <Text size="sm">
            Retry a change to send it again, or discard it to go back to the version saved on the
            server.
          </Text>
          <FailedChanges changes={failedChanges} onRetry={onRetry} onDiscard={onDiscard} />
        </Stack>
      </Modal>
    </Group>
  );
}
