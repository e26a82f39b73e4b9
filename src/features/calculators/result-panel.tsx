import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/**
 * Where a calculator's answer appears. The live region is always mounted so screen readers
 * announce a result the moment it is filled in.
 */
export function ResultPanel({
  children,
  assumptions,
}: {
  children: ReactNode;
  assumptions: string;
}) {
  return (
    <Stack gap="xs" mt="lg">
      <div aria-live="polite" aria-atomic="true">
        {children}
      </div>
      <Text size="sm" fs="italic">
        {assumptions}
      </Text>
    </Stack>
  );
}

export function ResultCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-teal-light)">
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A labelled figure inside a result card, e.g. "Corpus Needed at Retirement ₹…". */
export function ResultFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
    </div>
  );
}

/** Result figures side by side from the small breakpoint up, stacked on a phone. */
export function ResultFigures({ figures }: { figures: { label: string; value: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: figures.length }}>
      {figures.map((figure) => (
        <ResultFigure key={figure.label} label={figure.label} value={figure.value} />
      ))}
    </SimpleGrid>
  );
}
