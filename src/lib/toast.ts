// The app's one way to show a toast. Mantine's notification store and the toast's layout load with
// the first toast, as does the renderer (components/notification-region), not with every page
// (issue 22).
// Type only: the module itself loads with the first toast.
import type * as ToastShowModule from './toast-show';

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

type ToastShow = typeof ToastShowModule;

export const NOTIFICATION_REGION_ID = 'notification-region';

let shown = 0;
let requested = false;
const listeners = new Set<() => void>();
let loading: Promise<ToastShow> | undefined;

function loadShow(): Promise<ToastShow> {
  loading ??= import('./toast-show');
  const attempt = loading;
  // Offline before the chunk was cached: the next toast tries again.
  attempt.catch(() => {
    if (loading === attempt) loading = undefined;
  });
  return attempt;
}

/** Toasts queue here in order while the code that shows them loads. */
let chain: Promise<void> = Promise.resolve();

function enqueue(task: (show: ToastShow) => void): void {
  chain = chain
    .then(loadShow)
    .then(task)
    .catch((error: unknown) => console.error('A toast could not be shown', error));
}

/**
 * Shows one toast; any toast still on screen (or queued) is replaced (see toast-show.tsx).
 * Returns its id.
 */
export function toast(input: ToastInput): string {
  shown += 1;
  const id = `toast-${shown}`;
  enqueue((show) => show.showToast(id, input));
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return id;
}

export function dismissToasts(): void {
  enqueue((show) => show.dismissShownToasts());
}

/** Whether any toast was asked for on this page: the region then mounts its renderer at once. */
export function toastRequested(): boolean {
  return requested;
}

export function subscribeToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
