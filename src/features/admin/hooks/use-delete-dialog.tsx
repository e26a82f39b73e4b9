import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import type { ApiResult } from '../api/call';
import { ConfirmModal } from '../components/confirm-modal';

interface DeleteDialogOptions {
  /** The spec's question, e.g. 'Are you sure you want to delete this article?'. */
  question: string;
  title: string;
  remove: (id: string) => Promise<ApiResult<unknown>>;
  success: { title: string; description?: string };
  errorTitle: string;
  /** Runs after a successful delete: the list reloads (spec §4). */
  onDeleted: () => void;
  /** Extra lines under the question for the row being deleted. */
  details?: (id: string) => ReactNode;
}

/** One confirm-then-delete flow for every admin list. */
export function useDeleteDialog(options: DeleteDialogOptions): {
  ask: (id: string) => void;
  dialog: ReactNode;
} {
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    const result = await options.remove(target);
    setBusy(false);
    setTarget(null);
    if (!result.ok) {
      toast({
        title: options.errorTitle,
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    toast(options.success);
    options.onDeleted();
  };

  const dialog = (
    <ConfirmModal
      opened={target !== null}
      title={options.title}
      message={options.question}
      details={target && options.details ? options.details(target) : undefined}
      confirmLabel="Delete"
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog };
}
