import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { QueryState } from '../hooks/use-admin-query';

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

interface QueryBodyProps<T> {
  state: QueryState<T>;
  /** Shown while the first load runs. */
  loading?: string;
  /** Shown when the load failed (the toast gives the server's message). */
  error: string;
  /** Shown when the load found nothing. */
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** A list's loading, failed and empty lines, or its content once there is something to show. */
export function QueryBody<T>({
  state,
  loading = 'Loading...',
  error,
  empty,
  isEmpty,
  children,
}: QueryBodyProps<T>) {
  if (state.status === 'loading') return <StatusText>{loading}</StatusText>;
  if (state.status === 'error') return <StatusText>{error}</StatusText>;
  if (isEmpty(state.data)) return <StatusText>{empty}</StatusText>;
  return children(state.data);
}
