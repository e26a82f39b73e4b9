import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { timings } from '@/config/site';

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast that takes the change back, such as Undo after Mark Renewed. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  action?: ToastAction;
}

export const NOTIFICATION_REGION_ID = 'notification-region';

/** Long enough to reach the button by keyboard (F8 to the region, then Tab). */
const ACTION_TOAST_DURATION_MS = 10_000;

let shown = 0;

/**
 * Shows one toast. The spec allows one at a time, and the newest message is the one the user
 * needs, so any toast still on screen (or queued) is replaced rather than stacked.
 */
export function toast({
  title,
  description,
  variant = 'default',
  duration,
  action,
}: ToastInput): string {
  notifications.clean();
  shown += 1;
  const id = `toast-${shown}`;
  const message = action ? (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{description ?? ''}</Text>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          notifications.hide(id);
          action.onClick();
        }}
      >
        {action.label}
      </Button>
    </Group>
  ) : (
    (description ?? '')
  );
  return notifications.show({
    id,
    title,
    message,
    color: variant === 'destructive' ? 'red' : 'teal',
    autoClose: duration ?? (action ? ACTION_TOAST_DURATION_MS : timings.toastDurationMs),
    withBorder: true,
    'data-variant': variant,
  });
}

export function dismissToasts(): void {
  notifications.clean();
}
