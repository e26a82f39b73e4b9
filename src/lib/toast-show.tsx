import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { timings } from '@/config/site';
import type { ToastInput } from './toast';

/** Long enough to reach the button by keyboard (F8 to the region, then Tab). */
const ACTION_TOAST_DURATION_MS = 10_000;

/**
 * Shows one toast with Mantine's notifications (loaded on the first toast, see toast.tsx). The
 * spec allows one at a time, and the newest message is the one the user needs, so any toast
 * still on screen (or queued) is replaced rather than stacked.
 */
export function showToast(
  id: string,
  { title, description, variant = 'default', duration, action }: ToastInput,
): void {
  notifications.clean();
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
  notifications.show({
    id,
    title,
    message,
    color: variant === 'destructive' ? 'red' : 'teal',
    autoClose: duration ?? (action ? ACTION_TOAST_DURATION_MS : timings.toastDurationMs),
    withBorder: true,
    'data-variant': variant,
  });
}

export function dismissShownToasts(): void {
  notifications.clean();
}
