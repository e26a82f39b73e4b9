import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import type { ApiResult } from '../api/call';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

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
  // After a delete the row and its Delete button leave with the reload, so focus would fall to
  // the page body; it goes to the page's heading instead. Reset only when the next dialog
  // opens: Mantine returns focus whenever this flag turns back on.
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    if (!deleted || target !== null) return;
    const heading = document.querySelector<HTMLElement>('#admin-main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [deleted, target]);

  const ask = (id: string) => {
    setDeleted(false);
    setTarget(id);
  };

  const confirm = async () => {
    if (!target) return;
    const result = await options.remove(target);
    setTarget(null);
    if (!result.ok) {
      toast({
        title: options.errorTitle,
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    setDeleted(true);
    toast(options.success);
    options.onDeleted();
  };

  const dialog = (
    <ConfirmDialog
      opened={target !== null}
      title={options.title}
      description={options.question}
      confirmLabel="Delete"
      destructive
      initialFocus="confirm"
      returnFocus={!deleted}
      onConfirm={confirm}
      onCancel={() => setTarget(null)}
    >
      {target && options.details ? options.details(target) : null}
    </ConfirmDialog>
  );
  return { ask, dialog };
}
