import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * False in a pre-rendered page's markup and in the render that hydrates it, true right after.
 * The switch is a transition, so what it brings in (lazily loaded parts) renders in small
 * slices instead of one long task right after hydration.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted;
}

/** Shows `fallback` until mounted in the browser (see useMounted), then `children`. */
export function ClientOnly({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useMounted() ? children : fallback;
}
