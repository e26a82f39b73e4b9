import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { formatDate, formatIndianNumber } from '@/lib/format';
import { sayValue } from '@/lib/say-message';
import { useT } from '@/lib/use-i18n';
import { RESTORE_DAYS, type DeletedPolicy } from '@/sync';

interface RecentlyDeletedProps {
  policies: readonly DeletedPolicy[];
  onRestore: (id: string) => void;
}

/** Deleted policies, here or on another device, that can still come back. */
export function RecentlyDeleted({ policies, onRestore }: RecentlyDeletedProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (policies.length === 0) return null;
  return (
    <>
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconTrashX size={16} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('tracker.deleted.button', { n: formatIndianNumber(policies.length) })}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('tracker.deleted.title')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('tracker.deleted.help', { days: RESTORE_DAYS })}
          </Text>
          {policies.map((policy) => (
            <Group key={policy.id} justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {sayValue(t, policy.label)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('tracker.deleted.on', { date: formatDate(policy.deleted_at) })}
                </Text>
              </div>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => onRestore(policy.id)}
                aria-label={t('tracker.deleted.restoreFor', { label: sayValue(t, policy.label) })}
              >
                {t('tracker.deleted.restore')}
              </Button>
            </Group>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
