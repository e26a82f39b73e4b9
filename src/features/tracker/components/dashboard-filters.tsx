import { memo, useId } from 'react';
import { useCallbackRef } from '@mantine/hooks';
import { Button, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import {
  hasActiveFilters,
  SEARCH_MAX_LENGTH,
  type DashboardFilters as Filters,
  type StatusFilter,
  type TypeOption,
  type WhoseFilter,
} from '@/domain/tracker';
import { useT } from '@/lib/use-i18n';
import { typeName } from '../words';
import classes from './tracker.module.css';

const ALL = 'all';
/** Empty, unlike `ALL`: no type's id is, where `?type=all` could name one the address made up. */
const ALL_TYPES = '';

const statusOptions: { value: StatusFilter | typeof ALL; label: string }[] = [
  { value: ALL, label: 'tracker.filters.allStatuses' },
  { value: 'active', label: 'tracker.status.active' },
  { value: 'due-soon', label: 'tracker.status.dueSoon' },
  { value: 'lapsed', label: 'tracker.status.lapsed' },
];

function isStatusFilter(value: string): value is StatusFilter {
  return value === 'active' || value === 'due-soon' || value === 'lapsed';
}

interface DashboardFiltersProps {
  filters: Filters;
  types: readonly TypeOption[];
  /** The chosen type when no option above names it: null when this device knows no such type. */
  chosenType?: TypeOption | null;
  onChange: (filters: Filters) => void;
  /** Offer Mine / Shared with me / All: the user holds policies shared with them (issue 18). */
  withWhose?: boolean;
}

function isWhoseFilter(value: string): value is WhoseFilter {
  return value === 'mine' || value === 'shared';
}

/** Mine / Shared with me / All, kept in the address as ?whose= (absent: All). */
function WhoseControl({
  value,
  onChange,
}: {
  value: WhoseFilter | undefined;
  onChange: (whose: WhoseFilter | undefined) => void;
}) {
  const t = useT();
  const labelId = useId();
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text component="span" size="sm" fw={500} id={labelId}>
        {t('shared.whose.label')}
      </Text>
      <SegmentedControl
        value={value ?? ALL}
        onChange={(next) => onChange(isWhoseFilter(next) ? next : undefined)}
        data={[
          { value: ALL, label: t('shared.whose.all') },
          { value: 'mine', label: t('shared.whose.mine') },
          { value: 'shared', label: t('shared.whose.shared') },
        ]}
      />
    </Stack>
  );
}

/**
 * Search, type and status, applied together. On a phone they take two rows (search with
 * Clear Filters, then the two selects) so the first policy stays on the first screen.
 */
export function DashboardFilters({
  filters,
  types,
  chosenType = null,
  onChange,
  withWhose = false,
}: DashboardFiltersProps) {
  const t = useT();
  // Stable, so the memoised selects skip the re-render each keystroke in the search makes.
  const onType = useCallbackRef((type: string | undefined) => onChange({ ...filters, type }));
  const onStatus = useCallbackRef((status: StatusFilter | undefined) =>
    onChange({ ...filters, status }),
  );
  return (
    <div className={classes.filters}>
      {withWhose ? (
        <WhoseControl value={filters.whose} onChange={(whose) => onChange({ ...filters, whose })} />
      ) : null}
      <div className={classes.filterRow}>
        <TextInput
          type="search"
          label={t('tracker.filters.search')}
          placeholder={t('tracker.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.q ?? ''}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => {
            const q = event.currentTarget.value;
            onChange({ ...filters, q: q === '' ? undefined : q });
          }}
          className={classes.searchField}
        />
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => onChange({})}
          disabled={!hasActiveFilters(filters)}
          className={classes.clearFilters}
        >
          {t('tracker.filters.clear')}
        </Button>
      </div>
      <TypeAndStatus
        type={filters.type}
        status={filters.status}
        types={types}
        chosenType={chosenType}
        onType={onType}
        onStatus={onStatus}
      />
    </div>
  );
}

interface TypeAndStatusProps {
  type: string | undefined;
  chosenType: TypeOption | null;
  status: StatusFilter | undefined;
  types: readonly TypeOption[];
  onType: (type: string | undefined) => void;
  onStatus: (status: StatusFilter | undefined) => void;
}

/**
 * The type and status selects, the second row on a phone. Native selects: a phone shows its own
 * picker, and Mantine's `Select` looked through every element of the page after each change and
 * on opening and closing, which with thousands of cards was most of a filter change (issue 22).
 */
const TypeAndStatus = memo(function TypeAndStatus({
  type,
  chosenType,
  status,
  types,
  onType,
  onStatus,
}: TypeAndStatusProps) {
  const t = useT();
  // A type no policy shown uses (the address, or Mine / Shared with me changed) stays the
  // chosen option: a native select would otherwise show All Types while that type filters.
  // Named as stored, else in words: a blank option would say nothing to a screen reader.
  const chosenGone = type !== undefined && !types.some((option) => option.id === type);
  // A global type is named by its id (the catalog), a user's own by what is stored.
  const goneLabel =
    typeName(t, chosenType ?? { id: type ?? '', name: '' }) || t('tracker.filters.unknownType');
  return (
    <div className={classes.filterRow}>
      <NativeSelect
        label={t('tracker.filters.type')}
        data={[
          { value: ALL_TYPES, label: t('tracker.filters.allTypes') },
          ...types.map((option) => ({ value: option.id, label: typeName(t, option) })),
          ...(chosenGone ? [{ value: type, label: goneLabel }] : []),
        ]}
        value={type ?? ALL_TYPES}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onType(value === ALL_TYPES ? undefined : value);
        }}
        className={classes.typeField}
      />
      <NativeSelect
        label={t('tracker.filters.status')}
        data={statusOptions.map((option) => ({ ...option, label: t(option.label) }))}
        value={status ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onStatus(isStatusFilter(value) ? value : undefined);
        }}
        className={classes.statusField}
      />
    </div>
  );
});
