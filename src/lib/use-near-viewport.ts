import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `margin` of the viewport (or at once when `eager`). Lets a
 * heavy section below the fold (the calculators) load and render only for people who scroll
 * towards it, early enough that it is in place before it scrolls into view.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { eager = false, margin = '800px' }: { eager?: boolean; margin?: string } = {},
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (eager || !element || typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, eager, margin, near]);
  return near;
}
