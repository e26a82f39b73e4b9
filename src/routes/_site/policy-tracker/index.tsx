import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { dashboardSearchSchema, optionalText, type DashboardFilters } from '@/domain/tracker';
import { useAuth } from '@/features/auth';
import { DashboardPage, TrackerProvider } from '@/features/tracker';
import { DueSoonPanel, PolicyHighlighter } from '@/features/reminders/dashboard';
import { SharingPanel } from '@/features/sharing';
import { catalogTitle } from '@/lib/i18n';
import type { IsoDate } from '@/domain/policy';
import type { PolicyView } from '@/sync';

// ?highlight=<policy id>: the due-soon list (or a notification shown before reminders opened the
// policy page) brings this policy's card into view.
const searchSchema = z.extend(dashboardSearchSchema, { highlight: optionalText(100) });

export const Route = createFileRoute('/_site/policy-tracker/')({
  validateSearch: searchSchema,
  component: DashboardRoute,
  head: () => ({ meta: [{ title: catalogTitle('tracker.dashboard.title') }] }),
});

function DashboardRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  const { highlight, type, status, q, whose } = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = useAddressFilters({ type, status, q, whose }, (next) =>
    // Filters replace the entry: Back leaves the dashboard instead of undoing each click; the
    // page stays where it is (a summary card's tap has just scrolled the list into view).
    navigate({
      search: (prev) => ({
        ...prev,
        type: next.type,
        status: next.status,
        q: next.q,
        whose: next.whose,
      }),
      replace: true,
      resetScroll: false,
    }),
  );
  const highlighted = useCallback(() => {
    // The card stays marked for a moment; a reload should not scroll to it again.
    void navigate({ search: (prev) => ({ ...prev, highlight: undefined }), replace: true });
  }, [navigate]);
  const userId = user?.id;
  // The panel is given the dashboard's own read and day, so it comes with the list and says
  // what the cards say; memoised, it skips the re-render each change of the filters makes.
  // The reminder settings have their own page (/policy-tracker/settings).
  const aside = useCallback(
    (policies: readonly PolicyView[], today: IsoDate) => (
      <DueSoonPanel policies={policies} today={today} />
    ),
    [],
  );
  // After the list: above it, the line pushed a phone's first card below the first screen.
  const footer = useMemo(
    () => (userId === undefined ? null : <SharingPanel userId={userId} />),
    [userId],
  );
  // The parent route's guard only renders this for a signed-in user.
  if (!user) return null;
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <DashboardPage
        filters={filters.value}
        onFiltersChange={filters.change}
        aside={aside}
        footer={footer}
      />
      <PolicyHighlighter policyId={highlight} onDone={highlighted} />
    </TrackerProvider>
  );
}

/** How long the filters stay unchanged before the address follows them. */
const ADDRESS_PAUSE_MS = 600;

function sameFilters(a: DashboardFilters, b: DashboardFilters): boolean {
  return a.type === b.type && a.status === b.status && a.q === b.q && a.whose === b.whose;
}

/** The filters as the address will hold them (the search trimmed, a blank one dropped). */
function asInAddress(filters: DashboardFilters): DashboardFilters {
  const { type, status, q, whose } = dashboardSearchSchema.parse(filters);
  return { type, status, q, whose };
}

/**
 * The dashboard's filters, kept in the address (a filtered view survives reload and can be
 * shared) but applied first: the cards change at once, and the address follows when the
 * browser is idle, because a navigation re-renders the whole page around the dashboard.
 * Back, forward and links that change the address are followed as usual; the address
 * catching up with what was typed is not, so a keystroke made meanwhile (or a trailing space
 * the address trims) is never taken back.
 */
function useAddressFilters(
  fromAddress: DashboardFilters,
  writeAddress: (filters: DashboardFilters) => Promise<void>,
) {
  const [value, setValue] = useState<DashboardFilters>(fromAddress);
  const [address, setAddress] = useState<DashboardFilters>(fromAddress);
  const written = useRef<DashboardFilters | undefined>(undefined);
  if (!sameFilters(address, fromAddress)) {
    setAddress(fromAddress);
    const ours = written.current !== undefined && sameFilters(written.current, fromAddress);
    if (!ours) setValue(fromAddress);
  }
  const pending = useRef<() => void>(undefined);
  useEffect(() => () => pending.current?.(), []);
  const writeRef = useRef(writeAddress);
  useEffect(() => {
    writeRef.current = writeAddress;
  });
  const change = useCallback((next: DashboardFilters) => {
    const chosen = { type: next.type, status: next.status, q: next.q, whose: next.whose };
    setValue(chosen);
    pending.current?.();
    const write = () => {
      pending.current = undefined;
      written.current = asInAddress(chosen);
      void writeRef.current(chosen);
    };
    // Once typing pauses, and then when the browser is idle: a write while the user is still
    // typing would re-render the page around the dashboard between two keystrokes.
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(write, { timeout: 500 });
      } else {
        write();
      }
    }, ADDRESS_PAUSE_MS);
    pending.current = () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return { value, change };
}
