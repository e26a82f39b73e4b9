import { i18n } from '@/lib/i18n';
import { toast, type ToastAction } from '@/lib/toast';

/**
 * Online, the spec's success text (already in the user's language); offline, that the change
 * waits on this device.
 */
export function toastSaved(onlineTitle: string, online: boolean, action?: ToastAction): void {
  const title = online ? onlineTitle : i18n._('tracker.savedOffline');
  toast({ title, ...(action ? { action } : {}) });
}
