import { useId, type ReactNode } from 'react';
import { Paper, Stack, Title, type PaperProps } from '@mantine/core';

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

/** A Panel with its own heading (a page's h2), for pages made of a few titled sections. */
export function TitledPanel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Panel labelledBy={id} p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Panel>
  );
}
