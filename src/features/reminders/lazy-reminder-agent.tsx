import { Suspense } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { useIdleAfterLoad } from '@/lib/client-only';
// Listens from the first download, so a notification click is never lost before the agent loads.
import './worker-messages';

// The site layout is on every page; the agent's IndexedDB and service-worker code loads once the
// page is idle (issue 22: the home page's first download).
const ReminderAgentImpl = retryingLazy(() =>
  import('./reminder-agent').then((m) => ({ default: m.ReminderAgent })),
);

/** Mounts the device side of reminders (reminder-agent.tsx) once the page is idle. */
export function ReminderAgent(props: { userId: string | null; ready: boolean }) {
  const idle = useIdleAfterLoad();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <ReminderAgentImpl {...props} />
    </Suspense>
  );
}
