import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { RESTORE_DAYS, type DeletedPolicy } from '@/sync';

interface RecentlyDeletedProps {
  policies: readonly DeletedPolicy[];
  onRestore: (id: string) => void;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** Deleted policies, here or on another device, that can still come back. */
export function RecentlyDeleted({ policies, onRestore }: RecentlyDeletedProps) {
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
          Recently deleted ({policies.length})
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title="Recently deleted">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Deleted policies can be restored for {RESTORE_DAYS} days, on any of your devices.
          </Text>
          {policies.map((policy) => (
            <Group key={policy.id} justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {policy.label}
                </Text>
                <Text size="xs" c="dimmed">
                  Deleted {dateFormat.format(new Date(policy.deleted_at))}
                </Text>
              </div>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => onRestore(policy.id)}
                aria-label={`Restore ${policy.label}`}
              >
                Restore
              </Button>
            </Group>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
