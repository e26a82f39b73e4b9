import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import {
  hasActiveFilters,
  type DashboardFilters as Filters,
  type StatusFilter,
  type TypeOption,
} from '@/domain/tracker';

const ALL = 'all';

const statusOptions: { value: StatusFilter | typeof ALL; label: string }[] = [
  { value: ALL, label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'due-soon', label: 'Due Soon' },
  { value: 'lapsed', label: 'Lapsed' },
];

function isStatusFilter(value: string): value is StatusFilter {
  return value === 'active' || value === 'due-soon' || value === 'lapsed';
}

interface DashboardFiltersProps {
  filters: Filters;
  types: readonly TypeOption[];
  onChange: (filters: Filters) => void;
}

export function DashboardFilters({ filters, types, onChange }: DashboardFiltersProps) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Policy type"
        data={[
          { value: ALL, label: 'All Types' },
          ...types.map((t) => ({ value: t.id, label: t.name })),
        ]}
        value={filters.type ?? ALL}
        onChange={(value) =>
          onChange({ ...filters, type: value === null || value === ALL ? undefined : value })
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Status"
        data={statusOptions}
        value={filters.status ?? ALL}
        onChange={(value) =>
          onChange({
            ...filters,
            status: value !== null && isStatusFilter(value) ? value : undefined,
          })
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={() => onChange({})}
        disabled={!hasActiveFilters(filters)}
      >
        Clear Filters
      </Button>
    </Group>
  );
}
