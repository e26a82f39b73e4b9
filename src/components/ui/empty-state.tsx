import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/**
 * A framed message where a list or a page has nothing to show, with the way on
 * ('No policies yet' and its Add button). `page`: it is the whole page, so its heading is the
 * page's h1.
 */
export function EmptyState({
  title,
  text,
  action,
  page = false,
}: {
  title: string;
  text: string;
  action: ReactNode;
  page?: boolean;
}) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={page ? 1 : 2} fz={page ? 'h2' : 'h3'}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
