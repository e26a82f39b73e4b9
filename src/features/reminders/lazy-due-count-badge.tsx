import { Suspense } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';

// The site layout is on every page; the badge's Dexie code loads only for a signed-in user.
const DueCountBadgeImpl = retryingLazy(() =>
  import('./due-count-badge').then((m) => ({ default: m.DueCountBadge })),
);

/** '3 due' after the Policy Tracker link for the signed-in user. */
export function DueCountBadge({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <DueCountBadgeImpl userId={userId} />
    </Suspense>
  );
}
