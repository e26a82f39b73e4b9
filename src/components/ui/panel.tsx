import type { ReactNode } from 'react';
import { Paper, type PaperProps } from '@mantine/core';

/**
 * A framed section of a page, named by its heading (`labelledBy` is the heading's id) so a
 * screen reader lists it among the page's regions.
 */
export function Panel({
  labelledBy,
  p = 'md',
  testId,
  children,
}: {
  labelledBy: string;
  p?: PaperProps['p'];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p={p}
      radius="md"
      component="section"
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      {children}
    </Paper>
  );
}
