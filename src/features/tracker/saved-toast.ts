import { toast, type ToastAction } from '@/lib/toast';

/** Said instead of the spec's success texts when the change could not reach the server yet. */
export const SAVED_OFFLINE_TEXT = 'Saved on this device — it will sync when you are online';

/** Online, the spec's success text; offline, that the change waits on this device. */
export function toastSaved(onlineTitle: string, online: boolean, action?: ToastAction): void {
  toast({ title: online ? onlineTitle : SAVED_OFFLINE_TEXT, ...(action ? { action } : {}) });
}
