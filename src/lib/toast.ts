import { notifications } from '@mantine/notifications';
import { timings } from '@/config/site';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export const NOTIFICATION_REGION_ID = 'notification-region';

/**
 * Shows one toast. The spec allows one at a time, and the newest message is the one the user
 * needs, so any toast still on screen (or queued) is replaced rather than stacked.
 */
export function toast({ title, description, variant = 'default', duration }: ToastInput): string {
  notifications.clean();
  return notifications.show({
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : 'teal',
    autoClose: duration ?? timings.toastDurationMs,
    withBorder: true,
    'data-variant': variant,
  });
}

export function dismissToasts(): void {
  notifications.clean();
}
