import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PolicyTypeValues } from '@/domain/schemas';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { TypeForm } from './create-type-modal';
import { useBusy } from '../hooks/use-busy';
import { PolicyTypeIcon } from './policy-type-icon';

export interface OwnType {
  id: string;
  name: string;
  icon: string | null;
}

interface ManageTypesModalProps {
  opened: boolean;
  onClose: () => void;
  /** The user's own types (never the global ones, which are the admin's). */
  types: readonly OwnType[];
  /** How many of the user's policies use each type, by id. */
  usage: ReadonlyMap<string, number>;
  onRename: (id: string, input: PolicyTypeValues) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}

type View = { kind: 'list' } | { kind: 'rename' | 'delete'; type: OwnType };

function DeleteConfirm({
  type,
  policies,
  onCancel,
  onDelete,
}: {
  type: OwnType;
  policies: number;
  onCancel: () => void;
  onDelete: () => Promise<void>;
}) {
  const t = useT();
  const [busy, run] = useBusy();
  return (
    <Stack>
      <Text>
        {policies === 0
          ? t('tracker.types.deleteUnused', { name: type.name })
          : t('tracker.types.deleteUsed', { count: policies, n: formatIndianNumber(policies) })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {t('tracker.cancel')}
        </Button>
        <Button color="red" onClick={() => void run(onDelete)} loading={busy}>
          {t('tracker.types.deleteType')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Renames and deletes the user's own policy types, from the policy form. */
export function ManageTypesModal({
  opened,
  onClose,
  types,
  usage,
  onRename,
  onDelete,
}: ManageTypesModalProps) {
  const t = useT();
  const [view, setView] = useState<View>({ kind: 'list' });
  const toList = () => setView({ kind: 'list' });
  const close = () => {
    toList();
    onClose();
  };

  let title = t('tracker.types.yourTypes');
  if (view.kind === 'rename') title = t('tracker.types.renameTitle', { name: view.type.name });
  if (view.kind === 'delete') title = t('tracker.types.deleteTitle', { name: view.type.name });

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      {view.kind === 'rename' ? (
        <TypeForm
          editing={view.type}
          onClose={toList}
          onCreate={(input) => onRename(view.type.id, input)}
        />
      ) : view.kind === 'delete' ? (
        <DeleteConfirm
          type={view.type}
          policies={usage.get(view.type.id) ?? 0}
          onCancel={toList}
          onDelete={async () => {
            await onDelete(view.type.id);
            toList();
          }}
        />
      ) : types.length === 0 ? (
        <Text>{t('tracker.types.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {types.map((type) => {
            const used = usage.get(type.id) ?? 0;
            return (
              <Group key={type.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <PolicyTypeIcon name={type.icon} size={20} />
                  <div>
                    <Text fw={500}>{type.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t('tracker.types.policies', { count: used, n: formatIndianNumber(used) })}
                    </Text>
                  </div>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="light"
                    size="xs"
                    aria-label={t('tracker.types.renameFor', { name: type.name })}
                    onClick={() => setView({ kind: 'rename', type })}
                  >
                    {t('tracker.types.rename')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    aria-label={t('tracker.types.deleteFor', { name: type.name })}
                    onClick={() => setView({ kind: 'delete', type })}
                  >
                    {t('tracker.types.delete')}
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Modal>
  );
}
