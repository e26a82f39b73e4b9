import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { retryingLazy, type PropsOf } from './retrying-lazy';
import { toast } from './toast';
import { useT } from './use-i18n';

function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/** What the user is told when a dialog's code could not be loaded (catalog ids). */
export interface DialogUnavailable<P> {
  /** Closes the dialog as its own Cancel would, so the next tap tries again. */
  close: (props: P) => void;
  titleId: string;
  descriptionId: string;
}

/**
 * The stand-in for a dialog whose code could not be loaded (retryingLazy's `failed`): while the
 * dialog is meant to be open, a toast says it could not be opened, the dialog is closed and its
 * code asked for again (`loadAgain`), so the tap is not lost without a word and a later one
 * finds the code if it came meanwhile.
 */
export function unavailableDialog<P extends object>(
  isOpen: (props: P) => boolean,
  unavailable: DialogUnavailable<P>,
  loadAgain: () => void,
): (props: P) => null {
  return function Unavailable(props: P) {
    const t = useT();
    const open = isOpen(props);
    const latest = useRef({ props, t });
    useEffect(() => {
      latest.current = { props, t };
    });
    useEffect(() => {
      if (!open) return;
      const { props: now, t: translate } = latest.current;
      toast({
        title: translate(unavailable.titleId),
        description: translate(unavailable.descriptionId),
        variant: 'destructive',
      });
      unavailable.close(now);
      loadAgain();
    }, [open]);
    return null;
  };
}

/**
 * A dialog whose code loads when it first opens (issue 22: a screen that shows a dialog's
 * button need not load, or build on every render, the form behind it). Once opened it stays
 * mounted, so closing plays its exit transition. Its first render is closed and it opens on the
 * next: Mantine's Modal notes the element to give focus back to only when `opened` changes, not
 * when it mounts open, so focus returns to the button that opened it as for any dialog.
 *
 * Should its code not load (offline before the app kept it, or a new version's deploy removed
 * the old file), unavailableDialog says so and asks for it again (a try that fails again
 * changes nothing; src/lib/retrying-lazy.tsx also tries again when back online).
 */
export function lazyDialog<T extends ComponentType<never>>(
  load: () => Promise<{ default: T }>,
  isOpen: (props: PropsOf<T>) => boolean,
  closed: (props: PropsOf<T>) => PropsOf<T>,
  unavailable: DialogUnavailable<PropsOf<T>>,
): ComponentType<PropsOf<T>> {
  const Dialog = retryingLazy(
    load,
    unavailableDialog(isOpen, unavailable, () => Dialog.retry()),
  );
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
