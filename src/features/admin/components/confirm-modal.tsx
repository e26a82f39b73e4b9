import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** Extra lines under the question (e.g. how many policies use a type). */
  details?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets a red button. */
  danger?: boolean;
  busy?: boolean;
  /** Off when the opener is about to disappear (its row was deleted): the caller moves focus. */
  returnFocus?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Every admin confirmation. A Mantine Modal traps focus, closes on Escape and returns focus
 * to the button that opened it; Cancel does nothing else (spec §5).
 */
export function ConfirmModal({
  opened,
  title,
  message,
  details,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  returnFocus = true,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      centered
      trapFocus
      returnFocus={returnFocus}
    >
      <Stack gap="md">
        <Text>{message}</Text>
        {details}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={onConfirm}
            loading={busy}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
