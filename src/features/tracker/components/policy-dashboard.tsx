import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { IconArrowsExchange, IconBell, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingStatus } from '@/components/ui/loading-status';
import type { IsoDate } from '@/domain/policy';
import {
  filterPolicies,
  policiesOf,
  portfolioTotals,
  searchHaystacks,
  summaryCounts,
  typesInUse,
  type DashboardFilters as Filters,
  type TypeOption,
} from '@/domain/tracker';
import { PageHeader } from '@/components/ui/page-header';
import { formatIndianNumber } from '@/lib/format';
import { intlLocale } from '@/lib/i18n';
import { useLocale, useT } from '@/lib/use-i18n';
import type { PolicyView } from '@/sync';
import { paintedSnapshot } from '@/lib/kept-dashboard';
import { useDashboardSnapshot } from '../dashboard-snapshot';
import { inBatches, useIncrementalCount, type Batch } from '../hooks/use-incremental-count';
import type { PolicyActions } from '../hooks/use-policy-actions';
import { CardIconStyles } from './card-icons';
import { DashboardFilters } from './dashboard-filters';
import { NoPoliciesYet } from './no-policies-yet';
import { PolicyActionsMenu } from './policy-actions-menu';
import { PolicyCard, type MenuRequest, type PolicyCardActions } from './policy-card';
import { PolicyDialogs, usePolicyDialogs } from './policy-dialogs';
import { SummaryCards } from './summary-cards';
import { TotalsStrip } from './totals-strip';
import { useFocusAfterDelete } from './use-focus-after-delete';
import classes from './tracker.module.css';

export type DashboardActions = PolicyActions;

interface PolicyDashboardProps {
  /** undefined while the local store is being read. */
  policies: readonly PolicyView[] | undefined;
  /** Nothing stored on this device yet and the first download has not finished. */
  awaitingFirstSync: boolean;
  today: IsoDate;
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  actions: DashboardActions;
  /** The global sync line, shown under the title. */
  syncIndicator?: ReactNode;
  /**
   * Extra panels from the route (reminders), shown under the summary cards once the policies
   * are read, made from them: in the list's commit, so nothing above the list appears later.
   */
  aside?: (policies: readonly PolicyView[], today: IsoDate) => ReactNode;
  /** Beside Export or import, after the list: occasional tasks (sharing everything). */
  footer?: ReactNode;
  /** Whether changes reach the server now; offline, a saved change says it waits here. */
  online?: boolean;
  /**
   * The signed-in user whose list this is: the dashboard is then kept for the next cold open
   * (src/features/tracker/dashboard-snapshot.ts); without one it is not.
   */
  keptFor?: string;
}

/** The sticky site header's height, and the room a first result needs to count as in view. */
const HEADER_HEIGHT = 64;
const RESULTS_ROOM = 200;

/** The dashboard's quieter links to its occasional pages (reminder settings, export/import). */
function SubtleLink({
  to,
  icon: Icon,
  children,
}: {
  to: '/policy-tracker/settings' | '/policy-tracker/transfer';
  icon: typeof IconBell;
  children: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      size="compact-sm"
      leftSection={<Icon size={16} aria-hidden />}
    >
      {children}
    </Button>
  );
}

/** A list the filters showed: its key among the dashboard's lists and what it shows. */
interface ShownList {
  id: number;
  /** Whose, type and status, as one string. */
  filters: string;
  query: string | undefined;
  policies: readonly PolicyView[];
}

interface OpenMenu {
  policyId: string;
  trigger: HTMLButtonElement;
  focus: 'first' | 'last';
}

export function PolicyDashboard({
  policies,
  awaitingFirstSync,
  today,
  filters,
  onFiltersChange,
  actions,
  syncIndicator,
  aside,
  footer,
  online = true,
  keptFor,
}: PolicyDashboardProps) {
  const t = useT();
  const locale = useLocale();
  const dialogs = usePolicyDialogs();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const menuId = useId();

  const stored = useMemo(() => policies ?? [], [policies]);
  // Mine / Shared with me / All (issue 18): the summary and totals count what it keeps, so a
  // user without shares sees the same figures as before, and "Mine" their own.
  const { whose } = filters;
  const hasShared = useMemo(() => stored.some((p) => p.shared !== null), [stored]);
  const all = useMemo(() => policiesOf(stored, whose), [stored, whose]);
  const counts = useMemo(() => summaryCounts(all, today), [all, today]);
  const totals = useMemo(() => portfolioTotals(all, today), [all, today]);
  // Lower-cased once per change of the data, so a keystroke in the search only compares.
  const haystacks = useMemo(() => searchHaystacks(all), [all]);
  // By value: the filters object is new on every render of the route.
  const { type: typeFilter, status: statusFilter } = filters;
  // Not deferred: a keystroke's one render paints the first cards of the new list sooner than
  // an urgent pass for the field followed by a deferred one for the list (issue 22, measured
  // at 500 and 5,000 policies); the field and the list's first batch are all it renders.
  const query = filters.q;
  const visible = useMemo(
    () =>
      filterPolicies(all, { type: typeFilter, status: statusFilter, q: query }, today, haystacks),
    [all, typeFilter, statusFilter, query, today, haystacks],
  );
  const visibleIds = useMemo(() => visible.map((p) => p.id), [visible]);
  const shownFilters = `${whose ?? ''}|${typeFilter ?? ''}|${statusFilter ?? ''}`;
  // A change of the filters starts a new list (a new key, from the first batch). The old one
  // is hidden and then takes itself apart a batch per paint (`leaving`): removing thousands of
  // cards in the commit that shows the new list made the user wait for it (issue 22).
  const [shown, setShown] = useState<ShownList>({
    id: 0,
    filters: shownFilters,
    query,
    policies: visible,
  });
  const [leaving, setLeaving] = useState<readonly ShownList[]>([]);
  if (shown.filters !== shownFilters || shown.query !== query) {
    // Right after the new list, where it already is: appended after older ones, React moved
    // its element past them, thousands of cards detached and restyled (issue 22, 5,000).
    if (shown.policies.length > 0) setLeaving((lists) => [shown, ...lists]);
    setShown({ id: shown.id + 1, filters: shownFilters, query, policies: visible });
  } else if (shown.policies !== visible) {
    setShown({ ...shown, policies: visible });
  }
  // One array, the shown list first: a replaced list keeps its element (same key) and is only
  // hidden, and a lookup by id (a card's heading for its name) finds the shown card first.
  const lists = visible.length > 0 ? [shown, ...leaving] : leaving;
  const onListGone = useCallback(
    (id: number) => setLeaving((lists) => lists.filter((list) => list.id !== id)),
    [],
  );
  const focusAfterDelete = useFocusAfterDelete(visibleIds, dialogs.deleting !== null);
  const typeOptions = useMemo(() => {
    const types = new Map<string, TypeOption>();
    for (const p of all) if (p.type) types.set(p.type.id, { id: p.type.id, name: p.type.name });
    return typesInUse(all, [...types.values()]);
  }, [all]);
  // The chosen type's name when no policy kept by Mine / Shared with me has it any more.
  const chosenType = useMemo(
    () =>
      typeFilter === undefined
        ? null
        : (stored.find((p) => p.type?.id === typeFilter)?.type ?? null),
    [stored, typeFilter],
  );

  const { retry, discard } = actions;
  const { askRenew: onRenew, askDelete: onDelete } = dialogs;
  const onOpen = useCallback(
    (policy: PolicyView) =>
      void navigate({ to: '/policy-tracker/$policyId', params: { policyId: policy.id } }),
    [navigate],
  );
  const onMenu = useCallback(
    (policy: PolicyView, trigger: HTMLButtonElement, request: MenuRequest) =>
      setMenu((open) => {
        if (request !== 'toggle') return { policyId: policy.id, trigger, focus: request };
        return open?.policyId === policy.id
          ? null
          : { policyId: policy.id, trigger, focus: 'first' };
      }),
    [],
  );
  const closeMenu = useCallback(() => setMenu(null), []);
  // Looked up in what is shown: a card filtered away or deleted takes its menu with it.
  const menuPolicy = menu ? visible.find((p) => p.id === menu.policyId) : undefined;
  const listRef = useRef<HTMLDivElement>(null);
  // Replacing the kept dashboard the service worker painted (a cold open): its whole list comes
  // in the first commit, so the cards it showed stay, and a page scrolled down stays where it
  // is, instead of shrinking to the first batch and growing back.
  const [replacesPainted] = useState(() => paintedSnapshot() !== null);
  const [summaryTaps, setSummaryTaps] = useState(0);
  // Stable, so the memoised summary skips the re-render each keystroke in the search makes.
  const setStatus = useCallbackRef((status: Filters['status']) => {
    onFiltersChange({ ...filters, status });
    setSummaryTaps((n) => n + 1);
  });
  // A summary card filters a list that, on a phone, can start below the screen: bring the
  // filters and the first results up under the header so the tap visibly did something.
  useEffect(() => {
    const list = listRef.current;
    if (summaryTaps === 0 || !list) return;
    const top = list.getBoundingClientRect().top;
    if (top >= HEADER_HEIGHT && top <= window.innerHeight - RESULTS_ROOM) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'instant' : 'smooth' });
  }, [summaryTaps]);
  const clearFilters = () => onFiltersChange({});

  const loading = policies === undefined || (policies.length === 0 && awaitingFirstSync);
  // The next cold open paints the whole list from this one until the app has rendered its own.
  useDashboardSnapshot({
    eligible:
      keptFor !== undefined &&
      !loading &&
      stored.length > 0 &&
      whose === undefined &&
      typeFilter === undefined &&
      statusFilter === undefined &&
      (query ?? '') === '' &&
      menu === null,
    list: listRef,
    cards: visible.length,
    today,
    lang: intlLocale[locale],
    user: keptFor ?? '',
  });

  let body: ReactNode;
  if (loading) {
    body = <LoadingStatus label={t('tracker.dashboard.loading')} />;
  } else if (stored.length === 0) {
    body = <NoPoliciesYet text={t('tracker.dashboard.empty')} />;
  } else {
    body = (
      <Stack gap="sm" ref={listRef} className={classes.listAnchor}>
        <DashboardFilters
          filters={filters}
          types={typeOptions}
          chosenType={chosenType}
          onChange={onFiltersChange}
          withWhose={hasShared || whose !== undefined}
        />
        {visible.length === 0 ? (
          <EmptyState
            title={t('tracker.dashboard.noMatch')}
            text={t('tracker.dashboard.noMatchText')}
            action={
              <Button
                variant="default"
                onClick={clearFilters}
                leftSection={<IconFilterOff size={16} aria-hidden />}
              >
                {t('tracker.filters.clear')}
              </Button>
            }
          />
        ) : null}
        {/* Kept while a replaced list is still being taken apart, hidden when nothing matches,
            so that list is not removed at once with it. */}
        {visible.length > 0 || leaving.length > 0 ? (
          <section aria-label={t('tracker.dashboard.policies')} hidden={visible.length === 0}>
            <CardIconStyles />
            {/* Said after each change of the filters; the cards' own positions say "3 of 125"
                even before the later batches are in the DOM. */}
            {visible.length > 0 ? (
              <VisuallyHidden role="status">
                {t('tracker.dashboard.shown', {
                  n: formatIndianNumber(visible.length),
                  total: formatIndianNumber(all.length),
                })}
              </VisuallyHidden>
            ) : null}
            {/* role="list": Safari drops a list's role once its bullets are styled away. Keyed
                per change of the filters: the new list paints its first batch without mounting
                the rest first, and replaced ones stay, hidden, until they have gone. */}
            {lists.map((list) => {
              const isLeaving = list.id !== shown.id;
              return (
                <ul
                  role="list"
                  className={classes.policyGrid}
                  key={list.id}
                  hidden={isLeaving}
                  // Its own box stays (its contents skipped, tracker.module.css): without this
                  // a screen reader would still meet an empty list.
                  aria-hidden={isLeaving || undefined}
                >
                  <PolicyList
                    policies={isLeaving ? list.policies : visible}
                    today={today}
                    menuPolicyId={isLeaving ? null : (menu?.policyId ?? null)}
                    menuId={menuId}
                    onOpen={onOpen}
                    onRenew={onRenew}
                    onMenu={onMenu}
                    onRetry={retry}
                    onDiscard={discard}
                    leavingId={isLeaving ? list.id : undefined}
                    onGone={onListGone}
                    firstBatch={replacesPainted && list.id === 0 ? list.policies.length : undefined}
                  />
                </ul>
              );
            })}
          </section>
        ) : null}
      </Stack>
    );
  }

  // The title row and the links after the list change with none of the filters: made once per
  // change of what they show, not on every keystroke in the search.
  const header = useMemo(
    () => (
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <PageHeader
            title={t('tracker.dashboard.title')}
            subtitle={t('tracker.dashboard.subtitle')}
            compact
          />
          {syncIndicator}
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to="/policy-tracker/new"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('tracker.dashboard.add')}
          </Button>
          <SubtleLink to="/policy-tracker/settings" icon={IconBell}>
            {t('tracker.dashboard.reminderSettings')}
          </SubtleLink>
        </Group>
      </Group>
    ),
    [t, syncIndicator],
  );
  const links = useMemo(
    () => (
      <Group justify="flex-end" gap="xs">
        {footer}
        <SubtleLink to="/policy-tracker/transfer" icon={IconArrowsExchange}>
          {t('tracker.dashboard.transfer')}
        </SubtleLink>
      </Group>
    ),
    [t, footer],
  );

  return (
    <div className={classes.dashboard}>
      {header}

      {loading ? null : (
        <SummaryCards counts={counts} status={filters.status} onStatusChange={setStatus} />
      )}

      {loading ? null : aside?.(stored, today)}

      {loading || stored.length === 0 ? null : <TotalsStrip totals={totals} />}

      {body}

      {/* After the list: an occasional task, which in the header pushed a phone's first card
          below its first screen. Not while the store is read: under the loading line it would
          be on screen, and the arriving list would push it off (a layout shift, issue 22). */}
      {loading ? null : links}

      {menu && menuPolicy ? (
        <PolicyActionsMenu
          key={menu.policyId}
          id={menuId}
          policy={menuPolicy}
          trigger={menu.trigger}
          focus={menu.focus}
          onClose={closeMenu}
          onDelete={onDelete}
          onAddToCalendar={actions.addToCalendar}
          onShare={actions.share}
        />
      ) : null}

      <PolicyDialogs
        dialogs={dialogs}
        actions={actions}
        online={online}
        today={today}
        onDeleted={focusAfterDelete}
      />
    </div>
  );
}

interface PolicyListProps extends PolicyCardActions {
  /** What the filters keep, in order. */
  policies: readonly PolicyView[];
  today: IsoDate;
  /** The policy whose action menu is open, and the menu's id. */
  menuPolicyId: string | null;
  menuId: string;
  /** Set on a list the filters replaced: it removes its batches and then says it is gone. */
  leavingId?: number;
  onGone?: (id: number) => void;
  /** How many cards the first commit renders, when not the first screen's. */
  firstBatch?: number;
}

/**
 * The list's items. Thousands of cards are too many for one commit: the first screen renders
 * at once, the rest follow in background batches (useIncrementalCount), all in the DOM in the
 * end. Its own component, so adding a batch re-renders only this, not the dashboard around it.
 */
const PolicyList = memo(function PolicyList({
  policies,
  leavingId,
  onGone,
  firstBatch,
  ...rest
}: PolicyListProps) {
  const rendered = useIncrementalCount(policies.length, leavingId !== undefined, firstBatch);
  const batches = useMemo(() => inBatches(policies), [policies]);
  useEffect(() => {
    if (leavingId !== undefined && rendered === 0) onGone?.(leavingId);
  }, [leavingId, rendered, onGone]);
  return batches
    .filter((batch) => batch.start < rendered)
    .map((batch) => (
      <CardBatch key={batch.start} batch={batch} setSize={policies.length} {...rest} />
    ));
});

interface CardBatchProps extends PolicyCardActions {
  batch: Batch<PolicyView>;
  /** How many the whole list holds, said with each card's position. */
  setSize: number;
  today: IsoDate;
  /** The policy whose action menu is open, and the menu's id. */
  menuPolicyId: string | null;
  menuId: string;
}

/** How many rows a batch of `cards` makes in one, two and three columns (its guessed height). */
function batchRows(cards: number): CSSProperties {
  return {
    '--rows-1': cards,
    '--rows-2': Math.ceil(cards / 2),
    '--rows-3': Math.ceil(cards / 3),
  } as CSSProperties;
}

/**
 * One batch of the list's items: unchanged batches are skipped when the next one is added. In
 * the page, a grid of its own whose contents the browser skips while it is off screen
 * (`content-visibility: auto`): a batch added below the screen costs no style or layout, and
 * hiding or removing a list touches one box per batch, not one per card (issue 22, 5,000
 * cards). Its wrappers have no role, so the cards are items of the one list.
 */
const CardBatch = memo(function CardBatch({
  batch,
  setSize,
  today,
  menuPolicyId,
  menuId,
  ...actions
}: CardBatchProps) {
  return (
    <li role="none" className={classes.cardBatch} style={batchRows(batch.items.length)}>
      <ul role="none" className={classes.batchGrid}>
        {batch.items.map((policy, index) => (
          <li
            key={policy.id}
            role="listitem"
            className={classes.policyItem}
            aria-setsize={setSize}
            aria-posinset={batch.start + index + 1}
          >
            <PolicyCard
              policy={policy}
              today={today}
              menuId={menuPolicyId === policy.id ? menuId : null}
              {...actions}
            />
          </li>
        ))}
      </ul>
    </li>
  );
});
