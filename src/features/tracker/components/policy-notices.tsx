import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { describeNotice, type PolicyNotice } from '@/sync';

interface PolicyNoticesProps {
  notices: readonly PolicyNotice[];
  onKeepMine: (policyId: string) => void;
  onRestore: (policyId: string) => void;
  onDismiss: (policyId: string) => void;
}

/**
 * What sync decided against this device: a value it entered that another device's later
 * change replaced (with a way to put it back), or an edit that arrived after the policy was
 * deleted elsewhere. The rule stays deterministic; the user is told, not overruled silently.
 */
export function PolicyNotices({ notices, onKeepMine, onRestore, onDismiss }: PolicyNoticesProps) {
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="policy-notices">
      {notices.map((notice) => (
        <Alert
          key={notice.policy_id}
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconArrowsExchange size={16} aria-hidden />}
        >
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm">{describeNotice(notice)}</Text>
            <Group gap="xs">
              {notice.kind === 'changed' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onKeepMine(notice.policy_id)}
                  aria-label={`Keep my values for ${notice.label}`}
                >
                  Keep my value
                </Button>
              )}
              {notice.kind === 'deleted' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onRestore(notice.policy_id)}
                  aria-label={`Restore ${notice.label}`}
                >
                  Restore policy
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => onDismiss(notice.policy_id)}
                aria-label={`Dismiss the notice about ${notice.label}`}
              >
                OK
              </Button>
            </Group>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
