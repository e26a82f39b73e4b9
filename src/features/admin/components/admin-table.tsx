import type { ReactNode } from 'react';
import { Checkbox, Table } from '@mantine/core';
import type { RowSelection } from '../hooks/use-row-selection';
import classes from './admin-table.module.css';

/** The "Actions" column header of an admin table (pinned on phones, see the CSS). */
export function ActionsHeader() {
  return (
    <Table.Th ta="right" className={classes.actions}>
      Actions
    </Table.Th>
  );
}

/** A row's actions cell, pinned to the right edge on phones like its header. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td ta="right" className={classes.actions}>
      {children}
    </Table.Td>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Bold text, for a column that names the row without linking it. */
  strong?: boolean;
}

interface DataTableProps<Row extends { id: string }> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  /** Below this width the table scrolls inside its own box, never the page. */
  minWidth: number;
  /** The row's buttons, in the pinned "Actions" column. */
  actions?: (row: Row) => ReactNode;
  /** Tick boxes for a bulk action: one per row and a select-all in the header. */
  selection?: RowSelection & { allLabel: string; rowLabel: (row: Row) => string };
}

/** Every admin table: one row per record, the same stripes, spacing and phone behaviour. */
export function DataTable<Row extends { id: string }>({
  rows,
  columns,
  minWidth,
  actions,
  selection,
}: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={selection.allLabel}
                  checked={selection.state === 'all'}
                  indeterminate={selection.state === 'some'}
                  onChange={selection.toggleAll}
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            {actions ? <ActionsHeader /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const picked = selection?.selected.has(row.id) ?? false;
            return (
              <Table.Tr key={row.id} bg={picked ? 'var(--mantine-primary-color-light)' : undefined}>
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.rowLabel(row)}
                      checked={picked}
                      onChange={() => selection.toggleOne(row.id)}
                    />
                  </Table.Td>
                ) : null}
                {columns.map((column) => (
                  <Table.Td key={column.header} fw={column.strong ? 500 : undefined}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
                {actions ? <ActionsCell>{actions(row)}</ActionsCell> : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
