import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * useLiveQuery that reports a failed read (IndexedDB blocked or broken, e.g. storage off in a
 * private window) with the spec's toast instead of crashing the page; the value is then
 * undefined, as while loading. `errorTitleId` is the toast title's catalog id.
 */
export function useLiveRead<T>(
  read: () => Promise<T>,
  deps: unknown[],
  errorTitleId: string,
): T | undefined {
  const t = useT();
  const errorTitle = t(errorTitleId);
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
  const failure = result && !result.ok ? result.message : null;
  useEffect(() => {
    if (failure !== null)
      toast({ title: errorTitle, description: failure, variant: 'destructive' });
  }, [failure, errorTitle]);
  return result?.ok ? result.value : undefined;
}
