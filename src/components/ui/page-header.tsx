import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

export function PageHeader({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Stack gap="xs" mb="xl">
      <Title order={1}>{title}</Title>
      {subtitle ? (
        <Text c="dimmed" fz="lg">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
