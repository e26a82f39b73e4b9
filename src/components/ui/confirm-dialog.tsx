import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this article?'. */
  description: ReactNode;
  /** Extra lines under the question (e.g. how many policies use a type). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for destructive actions such as Delete. */
  destructive?: boolean;
  /**
   * Which button has focus when the dialog opens. Cancel by default, so Enter is safe; the
   * admin's dialogs, which the admin opened to act, start on the action.
   */
  initialFocus?: 'cancel' | 'confirm';
  /** Off when the opener is about to disappear (its row was deleted): the caller moves focus. */
  returnFocus?: boolean;
  onCancel: () => void;
  /** The dialog stays open (buttons busy) until this settles. */
  onConfirm: () => Promise<void> | void;
}

/**
 * Every confirmation in the app. A Mantine Modal traps focus, closes on Escape (not while
 * busy) and returns focus to the button that opened it; Cancel does nothing else.
 */
export function ConfirmDialog({
  opened,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  initialFocus = 'cancel',
  returnFocus = true,
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
      returnFocus={returnFocus}
    >
      <Stack gap="md">
        <Text>{description}</Text>
        {children}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={onCancel}
            disabled={busy}
            data-autofocus={initialFocus === 'cancel' || undefined}
          >
            {cancelLabel}
          </Button>
          <Button
            color={destructive ? 'red' : undefined}
            onClick={() => void confirm()}
            loading={busy}
            data-autofocus={initialFocus === 'confirm' || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
