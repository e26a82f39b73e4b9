import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
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
