import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUp } from '@tabler/icons-react';
import { useT } from '@/lib/use-i18n';
import { isShareRefusal, type FailedChange, type RecordSyncState } from '@/sync';

type Translate = ReturnType<typeof useT>;

/**
 * "Saving the policy was refused: <reason>" — what the user is asked to retry or discard.
 * The device's own sentences ("The server refused this change") are catalog ids; a server's
 * reason comes as it was sent; a shared policy's refusals are translated.
 */
export function describeFailedChange(
  t: Translate,
  change: FailedChange,
  reason = t(change.message),
): string {
  return t('tracker.sync.refused', {
    action: t(`tracker.sync.${change.kind}.${change.table}`),
    reason,
  });
}

export function SyncStateBadge({ state }: { state: RecordSyncState }) {
  const t = useT();
  if (state === 'synced') return null;
  return state === 'pending' ? (
    <Badge color="gray.8" variant="outline" leftSection={<IconCloudUp size={14} aria-hidden />}>
      {t('tracker.sync.pending')}
    </Badge>
  ) : (
    <Badge
      color="red.9"
      variant="outline"
      leftSection={<IconAlertTriangle size={14} aria-hidden />}
    >
      {t('tracker.sync.syncFailed')}
    </Badge>
  );
}

interface FailedChangesProps {
  changes: readonly FailedChange[];
  /** Names what the changes belong to in button labels, e.g. the insurer and policy number. */
  subject?: string;
  onRetry: (opId: string) => void;
  onDiscard: (opId: string) => void;
}

/**
 * Each refused change with its reason and the user's two choices (design §5). A change to a
 * policy shared with the user that their role can never allow (issue 18) has no Retry: it is
 * said in the user's language and dismissed.
 */
export function FailedChanges({ changes, subject, onRetry, onDiscard }: FailedChangesProps) {
  const t = useT();
  if (changes.length === 0) return null;
  return (
    <Stack gap="xs">
      {changes.map((change) => {
        const forGood = isShareRefusal(change.code);
        const text = forGood
          ? describeFailedChange(t, change, t(`shared.refused.${change.code ?? ''}`))
          : describeFailedChange(t, change);
        const about = subject ? ` (${subject})` : '';
        return (
          <Alert key={change.op_id} color="red" variant="light" p="xs">
            <Stack gap={6}>
              <Text size="sm">{text}</Text>
              <Group gap="xs">
                {forGood ? null : (
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => onRetry(change.op_id)}
                    aria-label={t('tracker.sync.retryFor', { text, about })}
                  >
                    {t('tracker.sync.retry')}
                  </Button>
                )}
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onDiscard(change.op_id)}
                  aria-label={t('tracker.sync.discardFor', {
                    action: forGood ? t('shared.refused.dismiss') : t('tracker.sync.discard'),
                    text,
                    about,
                  })}
                >
                  {forGood ? t('shared.refused.dismiss') : t('tracker.sync.discardChange')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
