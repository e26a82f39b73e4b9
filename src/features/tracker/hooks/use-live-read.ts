import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * What a live read hands to the screen: the value, or undefined (as while loading) after the
 * spec's toast says the read failed (IndexedDB blocked or broken, e.g. storage off in a
 * private window) instead of crashing the page. `errorTitleId` is the toast title's catalog id.
 */
export function useReadResult<T>(result: Read<T> | undefined, errorTitleId: string): T | undefined {
  const t = useT();
  const errorTitle = t(errorTitleId);
  const failure = result && !result.ok ? result.message : null;
  useEffect(() => {
    if (failure !== null)
      toast({ title: errorTitle, description: failure, variant: 'destructive' });
  }, [failure, errorTitle]);
  return result?.ok ? result.value : undefined;
}

/** useLiveQuery that reports a failed read with useReadResult's toast. */
export function useLiveRead<T>(
  read: () => Promise<T>,
  deps: unknown[],
  errorTitleId: string,
): T | undefined {
  const result = useLiveQuery<Read<T>>(
    () =>
      read().then(
        (value) => ({ ok: true, value }),
        (error: unknown) => ({
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }),
      ),
    deps,
  );
  return useReadResult(result, errorTitleId);
}
