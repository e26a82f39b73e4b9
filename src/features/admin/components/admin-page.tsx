import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

interface AdminPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right of the title (e.g. 'Create Article'). */
  actions?: ReactNode;
  children: ReactNode;
}

export function AdminPage({ title, subtitle, actions, children }: AdminPageProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}

/** 'Loading...' and empty-list lines, announced to screen readers. */
export function StatusText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" role="status" aria-live="polite" py="md">
      {children}
    </Text>
  );
}
