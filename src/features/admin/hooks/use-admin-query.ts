import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { ApiResult } from '../api/call';

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T; refreshing: boolean };

/**
 * Loads `key`'s data with `load` and reloads on demand (after a delete). A failure shows
 * `errorTitle` with the server's message (spec §8). While reloading, the rows already shown
 * stay on screen so the table does not flash back to 'Loading...'.
 */
export function useAdminQuery<T>(
  key: string,
  load: () => Promise<ApiResult<T>>,
  errorTitle: string,
): { state: QueryState<T>; reload: () => void } {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setState((s) => (s.status === 'ready' ? { ...s, refreshing: true } : { status: 'loading' }));
    void loadRef.current().then((result) => {
      if (!live) return;
      if (result.ok) {
        setState({ status: 'ready', data: result.data, refreshing: false });
      } else {
        toast({ title: errorTitle, description: result.error.message, variant: 'destructive' });
        setState({ status: 'error', message: result.error.message });
      }
    });
    return () => {
      live = false;
    };
  }, [key, version, errorTitle]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
