import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** Red for destructive actions such as Delete. */
  destructive?: boolean;
  onCancel: () => void;
  /** The dialog stays open (buttons busy) until this settles. */
  onConfirm: () => Promise<void> | void;
}

/** A focus-trapping confirmation (Mantine Modal); Cancel gets focus first so Enter is safe. */
export function ConfirmDialog({
  opened,
  title,
  description,
  confirmLabel,
  destructive = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      centered
      trapFocus
      returnFocus
    >
      <Stack>
        <Text>{description}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button
            color={destructive ? 'red' : undefined}
            onClick={() => void confirm()}
            loading={busy}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
