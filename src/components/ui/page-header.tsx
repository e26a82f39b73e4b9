import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Less room under it, for pages whose content must start high on a phone (the dashboard). */
  compact?: boolean;
}

export function PageHeader({ title, subtitle, compact = false }: PageHeaderProps) {
  return (
    <Stack gap={compact ? 4 : 'xs'} mb={compact ? 'xs' : 'xl'}>
      <Title order={1}>{title}</Title>
      {subtitle ? (
        <Text c="dimmed" fz={compact ? 'md' : 'lg'}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
