import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUp } from '@tabler/icons-react';
import { sayMessage } from '@/lib/say-message';
import { useT } from '@/lib/use-i18n';
import { isShareRefusal, type FailedChange, type RecordSyncState } from '@/sync';

type Translate = ReturnType<typeof useT>;

/**
 * The server's refusals by their code (PostgreSQL's SQLSTATE, as sync_apply_op and the tables'
 * checks raise them), said in the user's words. Their English text is the server's own
 * sentence (`{detail}`), so English reads as before.
 */
const refusalIds: Record<string, string> = {
  '42501': 'tracker.sync.reason.notAllowed',
  '23514': 'tracker.sync.reason.invalidValue',
  '23502': 'tracker.sync.reason.invalidValue',
  '22023': 'tracker.sync.reason.unreadable',
  '22P02': 'tracker.sync.reason.unreadable',
  '23505': 'tracker.sync.reason.duplicate',
  P0002: 'tracker.sync.reason.notFound',
};

/**
 * Why a change was refused: the device's own reasons ("The server refused this change", "This
 * change is too large to sync…") are messages; a server's is said by its code, and one of an
 * unknown code by a sentence of ours with the server's text after it as a detail.
 */
function refusalReason(t: Translate, change: FailedChange): string {
  if (typeof change.message !== 'string') return sayMessage(t, change.message);
  const id = refusalIds[change.code ?? ''] ?? 'tracker.sync.reason.other';
  return t(id, { detail: change.message });
}

/**
 * "Saving the policy was refused: <reason>" — what the user is asked to retry or discard
 * (a shared policy's refusals come with their own reason).
 */
export function describeFailedChange(
  t: Translate,
  change: FailedChange,
  reason = refusalReason(t, change),
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
