import { Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { retryingLazy, type PropsOf } from './retrying-lazy';

function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * A dialog whose code loads when it first opens (issue 22: a screen that shows a dialog's
 * button need not load, or build on every render, the form behind it). Once opened it stays
 * mounted, so closing plays its exit transition. Its first render is closed and it opens on the
 * next: Mantine's Modal notes the element to give focus back to only when `opened` changes, not
 * when it mounts open, so focus returns to the button that opened it as for any dialog.
 */
export function lazyDialog<T extends ComponentType<never>>(
  load: () => Promise<{ default: T }>,
  isOpen: (props: PropsOf<T>) => boolean,
  closed: (props: PropsOf<T>) => PropsOf<T>,
): ComponentType<PropsOf<T>> {
  const Dialog = retryingLazy(load);
  return function LazyDialog(props: PropsOf<T>) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    const [mounted, setMounted] = useState(false);
    const onMount = useCallback(() => setMounted(true), []);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    // One boundary: Mounted's effect runs once the dialog's code has loaded and it has mounted.
    return (
      <Suspense fallback={null}>
        <Dialog {...(mounted ? props : closed(props))} />
        <Mounted onMount={onMount} />
      </Suspense>
    );
  };
}
