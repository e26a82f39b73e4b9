import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { ApiResult } from '../api/call';

interface RecordLoaderOptions<Row> {
  /** The route's id; undefined in create mode, where nothing is loaded. */
  id: string | undefined;
  load: (id: string) => Promise<ApiResult<Row>>;
  errorTitle: string;
  onLoaded: (row: Row) => void;
  /** Load failed (or no such record): the toast is shown, the caller returns to its list. */
  onFailed: () => void;
}

/** Edit mode's first step (spec §4): load the record, or toast and give up. */
export function useRecordLoader<Row>(options: RecordLoaderOptions<Row>): { loading: boolean } {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { id } = options;
  const [loadedId, setLoadedId] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    void latest.current.load(id).then((result) => {
      if (!live) return;
      if (result.ok) {
        latest.current.onLoaded(result.data);
        setLoadedId(id);
      } else {
        toast({
          title: latest.current.errorTitle,
          description: result.error.message,
          variant: 'destructive',
        });
        latest.current.onFailed();
      }
    });
    return () => {
      live = false;
    };
  }, [id]);

  return { loading: id !== undefined && loadedId !== id };
}
